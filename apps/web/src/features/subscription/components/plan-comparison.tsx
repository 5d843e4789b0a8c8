import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLANS, tierCapabilities, type PlanTier } from '@teamcast/contracts';

const TIERS: PlanTier[] = ['NONE', 'LITE', 'MID', 'FULL', 'UNLIMITED'];
const FEATURES = ['pairs', 'expertise', 'teams', 'createTeams', 'scene', 'compareTeams', 'teamCap'] as const;

/** Largest team cap sold in a tier (null: no cap). */
function tierCap(tier: PlanTier): number | null {
  const caps = PLANS.filter((plan) => plan.tier === tier).map((plan) => plan.teams);
  return caps.includes(null) ? null : Math.max(0, ...(caps as number[]));
}

/** What each tier opens, side by side. */
export function PlanComparison() {
  const { t } = useTranslation('subscription');
  const cell = (tier: PlanTier, feature: (typeof FEATURES)[number]) => {
    const caps = tierCapabilities[tier];
    const yes = t('compare.yes');
    const no = t('compare.no');
    switch (feature) {
      case 'pairs':
        return yes;
      case 'expertise':
        return caps.hideExpertise ? no : yes;
      case 'teams':
        return caps.allowTeams ? yes : no;
      case 'createTeams':
        return caps.allowCreateTeams ? yes : no;
      case 'scene':
        return caps.allowScene ? yes : no;
      case 'compareTeams':
        return caps.allowCompareTeams ? yes : no;
      case 'teamCap': {
        const cap = tierCap(tier);
        return cap === null ? t('compare.noCap') : cap === 0 ? '—' : t('compare.upTo', { count: cap });
      }
    }
  };
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder data-testid="plan-comparison">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('compare.feature')}</Table.Th>
            {TIERS.map((tier) => (
              <Table.Th key={tier}>{t(`tiers.${tier}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FEATURES.map((feature) => (
            <Table.Tr key={feature}>
              <Table.Td>{t(`compare.features.${feature}`)}</Table.Td>
              {TIERS.map((tier) => (
                <Table.Td key={tier}>{cell(tier, feature)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
