import { Alert, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Fairness } from '@teamcast/contracts';

const percent = (value: number) => `${Math.round(value * 100)}%`;
const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** Share reaching MIDDLE or higher per group for the current and the candidate model, with the four-fifths ratios. */
export function FairnessTable({ current, candidate }: { current: Fairness; candidate: Fairness | null }) {
  const { t } = useTranslation('neuronet');
  const groups = current.groups.map((group) => ({ ...group, candidate: candidate?.groups.find((other) => other.dimension === group.dimension && other.group === group.group) }));
  return (
    <>
      {candidate?.warning ? (
        <Alert color="red" title={t('fairness.warningTitle')} data-testid="fairness-warning" mb="sm">
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
              <Table.Td>{group.dimension === 'gender' ? t(`fairness.gender.${group.group === 'М' ? 'male' : 'female'}`) : t('fairness.age', { band: group.group })}</Table.Td>
              <Table.Td>{group.count}</Table.Td>
              <Table.Td>{percent(group.middleOrHigher)}</Table.Td>
              <Table.Td>{group.candidate ? percent(group.candidate.middleOrHigher) : '—'}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>{t('fairness.genderRatio')}</Table.Th>
            <Table.Td />
            <Table.Td>{ratio(current.genderRatio)}</Table.Td>
            <Table.Td>{candidate ? ratio(candidate.genderRatio) : '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fairness.ageRatio')}</Table.Th>
            <Table.Td />
            <Table.Td>{ratio(current.ageRatio)}</Table.Td>
            <Table.Td>{candidate ? ratio(candidate.ageRatio) : '—'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        {t('fairness.rule')}
      </Text>
    </>
  );
}
