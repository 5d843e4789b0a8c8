import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Badge, Button, Card, CopyButton, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Monitor, MonitorLink } from '@teamcast/contracts';
import { chartLocale, formatDay, formatMonth } from '../../../shared/charts/format.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { downloadCsv, useAddOutcome, useIssueLinks, useStopMonitor } from '../api/monitors.ts';
import { CalibrationLine } from './calibration-line.tsx';
import { MonitorChart } from './monitor-chart.tsx';
import print from './monitor-print.module.css';

const monthName = (month: string, locale: 'ru' | 'en') => formatMonth(new Date(`${month}-01T00:00:00Z`), locale, 'long');

/** The member links just issued, each with a copy button and whether it was also mailed. */
function LinksTable({ links }: { links: MonitorLink[] }) {
  const { t } = useTranslation('monitor');
  return (
    <Table data-testid="monitor-links">
      <Table.Tbody>
        {links.map((link) => (
          <Table.Tr key={link.memberId}>
            <Table.Td>{link.name}</Table.Td>
            <Table.Td>
              <Text size="xs" style={{ wordBreak: 'break-all' }} data-testid={`link-${link.memberId}`}>
                {link.link}
              </Text>
            </Table.Td>
            <Table.Td>{link.mailed ? t('links.mailed') : t('links.notMailed')}</Table.Td>
            <Table.Td>
              <CopyButton value={link.link}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('links.copied') : t('links.copy')}
                  </Button>
                )}
              </CopyButton>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The owner's hand-entered outcome: a person left on a day, or the pair ended. */
function OutcomeForm({ monitor, onDone }: { monitor: Monitor; onDone: () => void }) {
  const { t } = useTranslation('monitor');
  const add = useAddOutcome();
  const [kind, setKind] = useState<'person_left' | 'pair_ended'>(monitor.kind === 'pair' ? 'pair_ended' : 'person_left');
  const [memberId, setMemberId] = useState<string | null>(null);
  const [day, setDay] = useState('');
  const [note, setNote] = useState('');
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(day) && (kind === 'pair_ended' || memberId !== null);
  const save = () =>
    add.mutate(
      { id: monitor._id, kind, day, ...(kind === 'person_left' && memberId ? { memberId } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: onDone, onError: (error) => notify.negative(error.message) },
    );
  return (
    <Stack gap="xs" data-testid="outcome-form">
      <Select
        label={t('outcome.kind')}
        value={kind}
        onChange={(value) => setKind((value as typeof kind | null) ?? kind)}
        data={[
          { value: 'person_left', label: t('outcome.person_left') },
          { value: 'pair_ended', label: t('outcome.pair_ended') },
        ]}
        allowDeselect={false}
      />
      {kind === 'person_left' ? (
        <Select
          label={t('outcome.person')}
          value={memberId}
          onChange={setMemberId}
          data={monitor.members.filter((m) => !m.leftOn).map((m) => ({ value: m._id, label: m.name }))}
          data-testid="outcome-person"
        />
      ) : null}
      <TextInput type="date" label={t('outcome.day')} value={day} onChange={(event) => setDay(event.currentTarget.value)} data-testid="outcome-day" />
      <TextInput label={t('outcome.note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <Group>
        <Button size="xs" onClick={save} disabled={!ready} loading={add.isPending} data-testid="outcome-save">
          {t('outcome.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The months of the printed report: the band, the observed figure and how many answered, the latest first. */
function ReportTable({ monitor, locale }: { monitor: Monitor; locale: 'ru' | 'en' }) {
  const { t } = useTranslation('monitor');
  const dash = (value: number | null) => (value === null ? '—' : String(Math.round(value)));
  return (
    <Table className={print.printOnly} data-testid="monitor-report-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('report.month')}</Table.Th>
          <Table.Th>{t('report.band')}</Table.Th>
          <Table.Th>{t('report.observed')}</Table.Th>
          <Table.Th>{t('report.respondents')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...monitor.months].reverse().map((m) => (
          <Table.Tr key={m.month}>
            <Table.Td>{monthName(m.month, locale)}</Table.Td>
            <Table.Td>{`${dash(m.p10)} … ${dash(m.p90)} (${dash(m.forecast)})`}</Table.Td>
            <Table.Td>{m.withheld ? t('report.withheld') : dash(m.observed)}</Table.Td>
            <Table.Td>{m.respondents}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Prints one card as the monthly report: the card is marked (and the body told) before the browser's print dialog,
 * whose call returns when it closes, and unmarked after.
 */
function usePrintReport(monitorId: string) {
  const [printing, setPrinting] = useState(false);
  const printReport = () => {
    flushSync(() => setPrinting(true));
    document.body.dataset.printMonitor = monitorId;
    try {
      window.print();
    } finally {
      delete document.body.dataset.printMonitor;
      setPrinting(false);
    }
  };
  return { printing, printReport };
}

/**
 * One monitored team or pair: its band and observations, where it runs outside, who has not answered, and its actions.
 * `readOnly` (a demo monitor shown without the plan) keeps only the export: what changes a monitor needs the plan.
 */
export function MonitorCard({ monitor, readOnly = false }: { monitor: Monitor; readOnly?: boolean }) {
  const { t, i18n } = useTranslation('monitor');
  const locale = chartLocale(i18n.language);
  const issue = useIssueLinks();
  const stop = useStopMonitor();
  const [links, setLinks] = useState<MonitorLink[] | null>(null);
  const [outcomeOpen, setOutcomeOpen] = useState(false);
  const { printing, printReport } = usePrintReport(monitor._id);
  const withheld = monitor.months.filter((m) => m.withheld);
  const current = monitor.months.find((m) => m.month === monitor.currentMonth);
  return (
    <Card
      withBorder
      data-testid="monitor-card"
      data-monitor-id={monitor._id}
      className={printing ? print.target : undefined}
      data-print-target={printing || undefined}
    >
      <Stack gap="sm">
        <Text className={print.printOnly} size="sm" c="dimmed" data-testid="monitor-report-heading">
          {t('report.heading', { month: monthName(monitor.currentMonth, locale) })}
        </Text>
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3}>{monitor.title}</Title>
            <Badge variant="light">{t(`kind.${monitor.kind}`)}</Badge>
            {monitor.isDemo ? <Badge color="gray">{t('demo')}</Badge> : null}
          </Group>
          {monitor.outside ? (
            <Badge color={monitor.outside.direction === 'below' ? 'red' : 'orange'} data-testid="monitor-outside">
              {t(`outside.${monitor.outside.direction}`, { month: monthName(monitor.outside.since, locale) })}
            </Badge>
          ) : (
            <Badge color="teal" data-testid="monitor-outside">
              {t('outside.none')}
            </Badge>
          )}
        </Group>
        {monitor.forecastDrop ? (
          <Alert color="red" data-testid="monitor-forecast-drop">
            {t('forecastDrop', {
              day: formatDay(new Date(monitor.forecastDrop.at), locale),
              months: monitor.forecastDrop.months.map((m) => monthName(m, locale)).join(', '),
            })}
          </Alert>
        ) : null}
        <MonitorChart monitor={monitor} />
        <ReportTable monitor={monitor} locale={locale} />
        <Text size="sm" c="dimmed" data-testid="monitor-threshold">
          {t('threshold', { count: monitor.threshold })}
        </Text>
        {withheld.length > 0 ? (
          <Alert color="gray" data-testid="monitor-withheld">
            {t('withheld', { months: withheld.map((m) => `${monthName(m.month, locale)} (${m.respondents})`).join(', '), count: monitor.threshold })}
          </Alert>
        ) : null}
        <Text size="sm" data-testid="monitor-next">
          {t('next', { day: formatDay(new Date(`${monitor.nextCheckIn}T00:00:00Z`), locale) })}
          {current ? ` · ${t('answeredThisMonth', { count: current.respondents, total: monitor.members.filter((m) => !m.leftOn).length })}` : ''}
        </Text>
        <Text size="sm" data-testid="monitor-not-answered">
          {monitor.notAnswered.length === 0 ? t('allAnswered') : t('notAnswered', { names: monitor.notAnswered.map((m) => m.name).join(', ') })}
        </Text>
        <CalibrationLine calibration={monitor.calibration} testId={`calibration-${monitor._id}`} />
        {monitor.outcomes.length > 0 ? (
          <Stack gap={2} data-testid="monitor-outcomes">
            {monitor.outcomes.map((o) => (
              <Text key={o._id} size="sm">
                {formatDay(new Date(`${o.day}T00:00:00Z`), locale)}: {t(`outcome.${o.kind}`)}
                {o.memberId ? ` — ${monitor.members.find((m) => m._id === o.memberId)?.name ?? ''}` : ''}
                {o.note ? ` (${o.note})` : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Group gap="xs" className={print.noPrint}>
          {readOnly ? null : (
            <Button
              size="xs"
              onClick={() => issue.mutate(monitor._id, { onSuccess: (result) => setLinks(result.links), onError: (error) => notify.negative(error.message) })}
              loading={issue.isPending}
              data-testid="monitor-issue-links"
            >
              {t('links.issue')}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            onClick={() => void downloadCsv(monitor._id).catch((error: Error) => notify.negative(error.message))}
            data-testid="monitor-export"
          >
            {t('export')}
          </Button>
          <Button size="xs" variant="light" onClick={printReport} data-testid="monitor-print">
            {t('report.print')}
          </Button>
          {readOnly ? null : (
            <>
              <Button size="xs" variant="light" onClick={() => setOutcomeOpen((open) => !open)} data-testid="monitor-outcome">
                {t('outcome.open')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => stop.mutate(monitor._id)} loading={stop.isPending} data-testid="monitor-stop">
                {t('stop')}
              </Button>
            </>
          )}
        </Group>
        {links ? (
          <>
            <Text size="sm">{t('links.lead')}</Text>
            <LinksTable links={links} />
          </>
        ) : null}
        {outcomeOpen ? <OutcomeForm monitor={monitor} onDone={() => setOutcomeOpen(false)} /> : null}
      </Stack>
    </Card>
  );
}
