import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CAPABILITIES, PLANS, PRODUCT_CAPABILITIES, PRODUCT_ORDER, productTexts, type Locale, type Product } from '@teamcast/contracts';

/** Team caps sold with a product, e.g. "1–4" (null: no cap). */
function teamCaps(product: Product): number[] | null {
  const caps = PLANS.filter((plan) => plan.product === product).map((plan) => plan.teams);
  return caps.includes(null) ? null : [...new Set(caps as number[])].sort((a, b) => a - b);
}

/** What each plan gives, side by side: drawn from the capability table, the one place that says it. */
export function PlanComparison() {
  const { t, i18n } = useTranslation('subscription');
  const { t: common } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const number = new Intl.NumberFormat(i18n.language);
  const yes = t('compare.yes');
  const no = t('compare.no');
  const teamCell = (product: Product) => {
    if (!PRODUCT_CAPABILITIES[product].teams) return no;
    const caps = teamCaps(product);
    if (caps === null) return t('compare.noCap');
    const most = caps[caps.length - 1]!;
    return caps.length > 1 ? t('compare.range', { from: number.format(caps[0]!), to: number.format(most) }) : t('compare.upTo', { count: most });
  };
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder data-testid="plan-comparison">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('compare.feature')}</Table.Th>
            {PRODUCT_ORDER.map((product) => (
              <Table.Th key={product}>{productTexts[product][locale].title}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CAPABILITIES.map((capability) => (
            <Table.Tr key={capability} data-testid={`compare-${capability}`}>
              <Table.Td>{common(`access.capabilities.${capability}`)}</Table.Td>
              {PRODUCT_ORDER.map((product) => (
                <Table.Td key={product} data-product={product} data-value={PRODUCT_CAPABILITIES[product][capability] ? 'yes' : 'no'}>
                  {PRODUCT_CAPABILITIES[product][capability] ? yes : no}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>{t('compare.features.teamCap')}</Table.Td>
            {PRODUCT_ORDER.map((product) => (
              <Table.Td key={product}>{teamCell(product)}</Table.Td>
            ))}
          </Table.Tr>
          <Table.Tr data-testid="compare-teamSize">
            <Table.Td>{t('compare.teamSize')}</Table.Td>
            {PRODUCT_ORDER.map((product) => (
              <Table.Td key={product}>{PRODUCT_CAPABILITIES[product].teams ? number.format(PRODUCT_CAPABILITIES[product].teamSize) : no}</Table.Td>
            ))}
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('compare.seats')}</Table.Td>
            {PRODUCT_ORDER.map((product) => {
              const seats = PRODUCT_CAPABILITIES[product].seats;
              return <Table.Td key={product}>{seats === null ? t('compare.noCap') : number.format(seats)}</Table.Td>;
            })}
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('compare.sold')}</Table.Td>
            {PRODUCT_ORDER.map((product) => (
              <Table.Td key={product}>{PRODUCT_CAPABILITIES[product].sold ? yes : t('compare.notSold')}</Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
