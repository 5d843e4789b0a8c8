import { Alert, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Fairness } from '@teamcast/contracts';

/** The four-fifths rule: a ratio below this is adverse impact (docs/fairness.md). */
export const FAIRNESS_BAR = 0.8;

/** Share reaching MIDDLE or higher per group for the current and the candidate model, with the four-fifths ratios (red below 0.8). */
export function FairnessTable({ current, candidate }: { current: Fairness; candidate: Fairness | null }) {
  const { t, i18n } = useTranslation('neuronet');
  const percent = (value: number) => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
  const ratioCell = (value: number | null | undefined, testId: string) => {
    if (value === null || value === undefined) return <Table.Td>—</Table.Td>;
    const low = value < FAIRNESS_BAR;
    return (
      <Table.Td c={low ? 'red.8' : undefined} fw={low ? 700 : undefined} data-testid={testId} data-below-bar={low || undefined}>
        {new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}
        {low ? (
          <Text span size="xs" c="red.8" display="block">
            {t('fairness.belowBar')}
          </Text>
        ) : null}
      </Table.Td>
    );
  };
  const lowRatio = [current.genderRatio, current.ageRatio, candidate?.genderRatio, candidate?.ageRatio].some(
    (value) => typeof value === 'number' && value < FAIRNESS_BAR,
  );
  const groups = current.groups.map((group) => ({
    ...group,
    candidate: candidate?.groups.find((other) => other.dimension === group.dimension && other.group === group.group),
  }));
  return (
    <>
      {candidate?.warning ? (
        <Alert color="red" title={t('fairness.warningTitle')} data-testid="fairness-warning" mb="sm">
          {t('fairness.warning')}
        </Alert>
      ) : lowRatio ? (
        <Alert color="red" title={t('fairness.currentWarningTitle')} data-testid="fairness-warning" mb="sm">
          {t('fairness.warning')}
        </Alert>
      ) : null}
      <Table data-testid="fairness-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fairness.group')}</Table.Th>
            <Table.Th>{t('fairness.count')}</Table.Th>
            <Table.Th>{t('fairness.current')}</Table.Th>
            <Table.Th>{t('fairness.candidate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={`${group.dimension}-${group.group}`}>
              <Table.Td>
                {group.dimension === 'gender' ? t(`fairness.gender.${group.group === 'М' ? 'male' : 'female'}`) : t('fairness.age', { band: group.group })}
              </Table.Td>
              <Table.Td>{group.count}</Table.Td>
              <Table.Td>{percent(group.middleOrHigher)}</Table.Td>
              <Table.Td>{group.candidate ? percent(group.candidate.middleOrHigher) : '—'}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>{t('fairness.genderRatio')}</Table.Th>
            <Table.Td />
            {ratioCell(current.genderRatio, 'gender-ratio-current')}
            {ratioCell(candidate?.genderRatio, 'gender-ratio-candidate')}
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fairness.ageRatio')}</Table.Th>
            <Table.Td />
            {ratioCell(current.ageRatio, 'age-ratio-current')}
            {ratioCell(candidate?.ageRatio, 'age-ratio-candidate')}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        {t('fairness.rule')}
      </Text>
    </>
  );
}
