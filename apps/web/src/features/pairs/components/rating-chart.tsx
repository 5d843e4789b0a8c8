import { useTranslation } from 'react-i18next';
import { LineChart } from '../../../shared/charts/line-chart.tsx';
import { conditionZones } from '../../../shared/charts/zones.ts';

type Props = {
  monthly: number[];
  /** 10th-90th percentile per month, when known. */
  band?: { p10: number[]; p90: number[] } | null;
  /** Short month labels, one per value ('мар.'). */
  labels: string[];
  /** Full month names for the tooltip and the table ('март 2026'); the short ones when absent. */
  longLabels?: string[];
  best: number;
  worst: number;
  title: string;
  bestLabel: string;
  worstLabel: string;
};

/** The 12-month rating on the condition bands, with its 80 % band and the best and worst month called out. */
export function RatingChart({ monthly, band, labels, longLabels, best, worst, title, bestLabel, worstLabel }: Props) {
  const { t } = useTranslation('pairs');
  return (
    <LineChart
      testId="rating-chart"
      title={title}
      labels={labels}
      longLabels={longLabels}
      xTitle={t('ratingChart.month')}
      yTitle={t('ratingChart.axis')}
      domain={[-100, 100]}
      zones={conditionZones((name) => t(`bands.${name}`))}
      series={[{ id: 'rating', name: t('ratingChart.series'), values: monthly, band: band ? { low: band.p10, high: band.p90 } : null, color: '#1864ab' }]}
      marks={[
        { index: best, label: bestLabel, color: '#2b8a3e', testId: 'best-month', place: 'above' },
        { index: worst, label: worstLabel, color: '#c92a2a', testId: 'worst-month', place: 'below' },
      ]}
      height={280}
    />
  );
}
