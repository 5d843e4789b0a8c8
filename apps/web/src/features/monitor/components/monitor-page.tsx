import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { HorizonCalibration } from '@teamcast/contracts';
import { chartLocale, formatChartNumber } from '../../../shared/charts/format.ts';
import { useTranslation } from 'react-i18next';
import { CapabilityLock } from '../../../shared/access/capability-lock.tsx';
import { useCapability } from '../../../shared/access/access-rules.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useMonitorCandidates, useMonitors, useStartMonitor } from '../api/monitors.ts';
import { CalibrationLine } from './calibration-line.tsx';
import { MonitorCard } from './monitor-card.tsx';

/** Starts monitoring one of the owner's teams or recent pairs that is not monitored yet. */
function StartForm({ monitored }: { monitored: Set<string> }) {
  const { t } = useTranslation('monitor');
  const candidates = useMonitorCandidates(true);
  const start = useStartMonitor();
  const [chosen, setChosen] = useState<string | null>(null);
  const options = (candidates.data ?? []).filter((c) => !monitored.has(`${c.kind}:${c.id}`));
  const submit = () => {
    const candidate = options.find((c) => `${c.kind}:${c.id}` === chosen);
    if (!candidate) return;
    start.mutate({ kind: candidate.kind, subjectId: candidate.id }, { onSuccess: () => setChosen(null), onError: (error) => notify.negative(error.message) });
  };
  return (
    <Card withBorder data-testid="monitor-start">
      <Stack gap="xs">
        <Title order={4}>{t('start.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('start.lead')}
        </Text>
        <Group align="end">
          <Select
            w={360}
            label={t('start.subject')}
            placeholder={options.length === 0 ? t('start.nothing') : t('start.placeholder')}
            value={chosen}
            onChange={setChosen}
            data={options.map((c) => ({ value: `${c.kind}:${c.id}`, label: `${c.title} · ${t(`kind.${c.kind}`)}` }))}
            data-testid="monitor-subject"
          />
          <Button onClick={submit} disabled={!chosen} loading={start.isPending} data-testid="monitor-start-button">
            {t('start.button')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Coverage and error by how far ahead the month was forecast: the band should hold at every horizon. */
function HorizonTable({ rows }: { rows: HorizonCalibration[] }) {
  const { t, i18n } = useTranslation('monitor');
  const locale = chartLocale(i18n.language);
  if (rows.length === 0) return null;
  return (
    <Table data-testid="calibration-horizons" mt="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('calibration.horizon')}</Table.Th>
          <Table.Th>{t('calibration.coverage')}</Table.Th>
          <Table.Th>{t('calibration.error')}</Table.Th>
          <Table.Th>{t('calibration.months')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.horizon}>
            <Table.Td>{t('calibration.monthAhead', { month: row.horizon + 1 })}</Table.Td>
            <Table.Td>{formatChartNumber((row.coverage ?? 0) * 100, locale)} %</Table.Td>
            <Table.Td>{formatChartNumber(row.meanAbsoluteError ?? 0, locale, 1)}</Table.Td>
            <Table.Td>{row.n}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The director's monitor: every monitored team and pair, their bands against the check-ins, and the calibration. Without
 * the monitor in the plan the lock shows, and below it the owner's demo monitors (the demo data's), read-only.
 */
export function MonitorPage() {
  const { t } = useTranslation('monitor');
  const { allowed } = useCapability('monitor');
  const monitors = useMonitors(allowed !== undefined);
  // Without the plan the server answers with the lock's error unless there is a demo monitor: nothing more to show then.
  const data = monitors.data && (allowed === true || monitors.data.demoOnly) ? monitors.data : undefined;
  return (
    <Stack data-testid="monitor-page" p="md">
      <Title order={2}>{t('title')}</Title>
      <Text c="dimmed">{t('lead')}</Text>
      <CapabilityLock capability="monitor" />
      {allowed === undefined ? null : monitors.isPending ? (
        <Loader />
      ) : monitors.isError ? (
        allowed ? (
          <Alert color="red">{monitors.error.message}</Alert>
        ) : null
      ) : !data ? null : (
        <>
          {data.demoOnly ? (
            <Alert color="gray" data-testid="monitor-demo-only">
              {t('demoOnly')}
            </Alert>
          ) : null}
          <Card withBorder data-testid="monitor-calibration">
            <Title order={4}>{t('calibration.title')}</Title>
            <CalibrationLine calibration={data.calibration} testId="calibration-all" />
            <Text size="xs" c="dimmed">
              {t('calibration.note')}
            </Text>
            <HorizonTable rows={data.byHorizon} />
          </Card>
          {data.demoOnly ? null : <StartForm monitored={new Set(data.items.map((m) => `${m.kind}:${m.subjectId}`))} />}
          {data.items.length === 0 ? <Text data-testid="monitor-empty">{t('empty')}</Text> : null}
          {data.items.map((monitor) => (
            <MonitorCard key={monitor._id} monitor={monitor} readOnly={data.demoOnly} />
          ))}
        </>
      )}
    </Stack>
  );
}
