import { useTranslation } from 'react-i18next';
import { TEAM_INDICATOR_META } from '@teamcast/contracts';
import { chartLocale, dayAfter, formatDay, formatMonth } from '../../../shared/charts/format.ts';
import { LineChart } from '../../../shared/charts/line-chart.tsx';
import { ScoreScale } from '../../../shared/charts/score-scale.tsx';
import { conditionZones } from '../../../shared/charts/zones.ts';
import type { TeamDataset } from '../api/scene-run.ts';

/**
 * The team's atmosphere (microclimate, −100…100) at each month start of the forecast year and on its last day, on the
 * condition bands, with its 80 % band when the computation sent one (`band.microclimate`, one value per future day).
 */
export function AtmosphereChart({ dataset, title }: { dataset: TeamDataset; title: string }) {
  const { t, i18n } = useTranslation('teams');
  const locale = chartLocale(i18n.language);
  const days = dataset.renderDays.filter((day) => day >= 0 && typeof dataset.teamColumns.microclimate[day - dataset.firstDay] === 'number');
  if (days.length < 2) return null;
  const values = days.map((day) => dataset.teamColumns.microclimate[day - dataset.firstDay] ?? null);
  const band = dataset.band?.microclimate;
  const dates = days.map((day) => dayAfter(dataset.startDay, day));
  const labels = dates.map((date) => formatMonth(date, locale, 'short'));
  // The last point (the year's last day) falls in the month of the one before it: its label would repeat that month.
  const ticks = days.map((_, index) => index).filter((index) => index === 0 || labels[index] !== labels[index - 1]);
  return (
    <LineChart
      testId="microclimate-chart"
      title={title}
      labels={labels}
      longLabels={dates.map((date) => formatDay(date, locale))}
      xTicks={ticks}
      xTitle={t('charts.date')}
      yTitle={t('charts.atmosphereAxis')}
      domain={[-100, 100]}
      zones={conditionZones((name) => t(`bands.${name}`))}
      series={[
        {
          id: 'atmosphere',
          name: TEAM_INDICATOR_META.microclimate.text[locale].label,
          values,
          color: '#1864ab',
          band: band ? { low: days.map((day) => band.p10[day] ?? null), high: days.map((day) => band.p90[day] ?? null) } : null,
        },
      ]}
      height={260}
    />
  );
}

/** The team's qualification, professionalism and maturity, each on its 0-100 scale. */
export function CompetenceScales({ k, p, l }: { k: number; p: number; l: number }) {
  const { t } = useTranslation('teams');
  return (
    <div data-testid="competence-bars" style={{ display: 'grid', gap: 10 }}>
      <ScoreScale testId="competence-k" label={t('charts.k')} value={k} digits={1} color="#1c7ed6" />
      <ScoreScale testId="competence-p" label={t('charts.p')} value={p} digits={1} color="#0b7285" />
      <ScoreScale testId="competence-l" label={t('charts.l')} value={l} digits={1} color="#9c36b5" />
    </div>
  );
}
