import { Alert, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminMonitorCalibrationEndpoint, type OutcomeGate } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { chartLocale, formatChartNumber } from '../../../shared/charts/format.ts';
import { useNeuronetAudit } from '../api/neuronet-audit.ts';

const VERDICT_COLOR = { not_enough: 'gray', pass: 'teal', worse: 'red' } as const;

/**
 * The candidate against the published model on the same real outcomes, as the publish gate judges them: coverage and
 * mean error of each, the sample size, and the verdict (too few to judge, within the tolerance, or worse).
 */
function OutcomeGateTable({ gate }: { gate: OutcomeGate }) {
  const { t, i18n } = useTranslation('neuronet');
  const locale = chartLocale(i18n.language);
  const percent = (share: number | null) => (share === null ? '—' : `${formatChartNumber(share * 100, locale, 1)} %`);
  const points = (value: number | null) => (value === null ? '—' : formatChartNumber(value, locale, 1));
  const verdict = gate.verdict === 'worse' ? `worse_${gate.worse ?? 'coverage'}` : gate.verdict;
  return (
    <Stack gap="xs" data-testid="outcome-gate">
      <Title order={3} size="h5">
        {t('monitorCalibration.gate.title')}
      </Title>
      <Table data-testid="outcome-gate-figures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('monitorCalibration.gate.version')}</Table.Th>
            <Table.Th>{t('monitorCalibration.coverage')}</Table.Th>
            <Table.Th>{t('monitorCalibration.error')}</Table.Th>
            <Table.Th>{t('monitorCalibration.n')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(['published', 'candidate'] as const).map((version) => (
            <Table.Tr key={version}>
              <Table.Td>{t(`monitorCalibration.gate.${version}`)}</Table.Td>
              <Table.Td>{percent(gate[version].coverage)}</Table.Td>
              <Table.Td>{points(gate[version].meanAbsoluteError)}</Table.Td>
              <Table.Td>{gate[version].n}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Alert color={VERDICT_COLOR[gate.verdict]} data-testid="outcome-gate-verdict" data-verdict={gate.verdict}>
        {t(`monitorCalibration.gate.verdict.${verdict}`, {
          n: gate.candidate.n,
          monitors: gate.monitors,
          minObservations: gate.minObservations,
          minMonitors: gate.minMonitors,
          coverage: gate.coverageTolerance === null ? '—' : percent(gate.coverageTolerance),
          error: points(gate.errorTolerance),
        })}
      </Alert>
    </Stack>
  );
}

/** The candidate's real-outcome figures from its audit (shared with the bias audit card's query). */
function CandidateOutcomes({ candidateId }: { candidateId: string }) {
  const { t } = useTranslation('neuronet');
  const audit = useNeuronetAudit(candidateId);
  if (audit.data) return <OutcomeGateTable gate={audit.data.outcomes} />;
  return (
    <Text size="sm" c="dimmed">
      {audit.isError ? t('error') : t('audit.computing')}
    </Text>
  );
}

/**
 * The director's monitor held against what happened, across every owner (anonymised, pooled, demo monitors left out):
 * how often the observation fell inside the 80 % band and the mean error, overall and by horizon, with the sample size;
 * with a candidate model, the same real outcomes forecast by it against the published one (the publish gate's figures).
 */
export function MonitorCalibrationCard({ candidateId }: { candidateId: string | null }) {
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
      {candidateId ? (
        <Stack mt="md">
          <CandidateOutcomes candidateId={candidateId} />
        </Stack>
      ) : null}
    </Card>
  );
}
