import { Card, Loader, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminMonitorCalibrationEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { chartLocale, formatChartNumber } from '../../../shared/charts/format.ts';

/**
 * The director's monitor held against what happened, across every owner (anonymised, pooled, demo monitors left out):
 * how often the observation fell inside the 80 % band and the mean error, overall and by horizon, with the sample size.
 */
export function MonitorCalibrationCard() {
  const { t, i18n } = useTranslation('neuronet');
  const locale = chartLocale(i18n.language);
  const query = useQuery({ queryKey: ['monitor', 'calibration', 'overall'], queryFn: () => apiCall(adminMonitorCalibrationEndpoint) });
  const percent = (share: number | null) => (share === null ? '—' : `${formatChartNumber(share * 100, locale)} %`);
  const points = (value: number | null) => (value === null ? '—' : formatChartNumber(value, locale, 1));
  return (
    <Card withBorder data-testid="monitor-calibration-overall">
      <Title order={2} size="h4" mb="sm">
        {t('monitorCalibration.title')}
      </Title>
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Text c="red">{query.error.message}</Text>
      ) : query.data.calibration.n === 0 ? (
        <Text size="sm" c="dimmed" data-testid="monitor-calibration-none">
          {t('monitorCalibration.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" data-testid="monitor-calibration-summary">
            {t('monitorCalibration.summary', {
              coverage: percent(query.data.calibration.coverage),
              error: points(query.data.calibration.meanAbsoluteError),
              count: query.data.calibration.n,
              monitors: query.data.monitors,
              owners: query.data.owners,
            })}
          </Text>
          <Table mt="xs" data-testid="monitor-calibration-horizons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('monitorCalibration.horizon')}</Table.Th>
                <Table.Th>{t('monitorCalibration.coverage')}</Table.Th>
                <Table.Th>{t('monitorCalibration.error')}</Table.Th>
                <Table.Th>{t('monitorCalibration.n')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.byHorizon.map((row) => (
                <Table.Tr key={row.horizon}>
                  <Table.Td>{t('monitorCalibration.monthAhead', { month: row.horizon + 1 })}</Table.Td>
                  <Table.Td>{percent(row.coverage)}</Table.Td>
                  <Table.Td>{points(row.meanAbsoluteError)}</Table.Td>
                  <Table.Td>{row.n}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('monitorCalibration.note')}
      </Text>
    </Card>
  );
}
