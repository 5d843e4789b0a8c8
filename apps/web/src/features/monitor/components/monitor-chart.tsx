import { useTranslation } from 'react-i18next';
import type { Monitor } from '@teamcast/contracts';
import { chartLocale, formatChartNumber, formatMonth } from '../../../shared/charts/format.ts';
import { LineChart } from '../../../shared/charts/line-chart.tsx';
import { conditionZones } from '../../../shared/charts/zones.ts';

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * The forecast month by month with its 80 % band, and what the check-ins observed on the same scale (-100…100):
 * a point ringed red below the band, orange above, blue inside.
 */
export function MonitorChart({ monitor }: { monitor: Monitor }) {
  const { t, i18n } = useTranslation('monitor');
  const locale = chartLocale(i18n.language);
  const months = monitor.months;
  const dates = months.map((m) => monthDate(m.month));
  return (
    <LineChart
      testId={`monitor-chart-${monitor._id}`}
      title={t('chart.title', { title: monitor.title })}
      labels={dates.map((date) => formatMonth(date, locale, 'short'))}
      longLabels={dates.map((date) => formatMonth(date, locale, 'long'))}
      xTitle={t('chart.month')}
      yTitle={t('chart.axis')}
      domain={[-100, 100]}
      zones={conditionZones((name) => t(`bands.${name}`))}
      series={[
        {
          id: 'forecast',
          name: t('chart.forecast'),
          values: months.map((m) => m.forecast),
          color: '#1864ab',
          dashed: true,
          band: { low: months.map((m) => m.p10), high: months.map((m) => m.p90) },
        },
        { id: 'observed', name: t('chart.observed'), values: months.map((m) => m.observed), color: '#2b8a3e' },
      ]}
      marks={months.flatMap((m, index) =>
        m.observed === null
          ? []
          : [
              {
                index,
                seriesId: 'observed',
                label: formatChartNumber(m.observed, locale),
                color: m.position === 'below' ? '#e03131' : m.position === 'above' ? '#f08c00' : '#1c7ed6',
                testId: `observed-${monitor._id}-${m.month}`,
              },
            ],
      )}
      height={260}
    />
  );
}
