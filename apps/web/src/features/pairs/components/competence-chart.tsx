import { useTranslation } from 'react-i18next';
import { LineChart } from '../../../shared/charts/line-chart.tsx';

type Lines = { k: number[]; p: number[]; l: number[] };
type Props = {
  people: Array<{ name: string; lines: Lines }>;
  titles: { k: string; p: string; l: string };
  caption: string;
  /** Short and full month labels, one per value. */
  labels: string[];
  longLabels?: string[];
};

/** Scores are 0-100; each small chart zooms to the range its two lines use (round ticks), so a few points of growth show. */
function zoomed(values: number[]): [number, number] {
  const lo = Math.max(0, Math.floor(Math.min(...values) / 10) * 10);
  const hi = Math.min(100, Math.max(lo + 10, Math.ceil(Math.max(...values) / 10) * 10));
  return [lo, hi];
}

/** K, P and L of both people at the end of each month of the year together: one small chart per competence. */
export function CompetenceChart({ people, titles, caption, labels, longLabels }: Props) {
  const { t } = useTranslation('pairs');
  return (
    <figure style={{ margin: 0 }} data-testid="competence-chart">
      <figcaption style={{ fontSize: 13, marginBottom: 4 }}>{caption}</figcaption>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: 16 }}>
        {(['k', 'p', 'l'] as const).map((key) => (
          <section key={key} aria-label={titles[key]}>
            <div style={{ fontSize: 14, fontWeight: 600 }}>{titles[key]}</div>
            <LineChart
              testId={`competence-chart-${key}`}
              title={titles[key]}
              labels={labels}
              longLabels={longLabels}
              xTitle={t('ratingChart.month')}
              yTitle={t('competences.axis')}
              domain={zoomed(people.flatMap((person) => person.lines[key]))}
              series={people.map((person, index) => ({ id: `${key}-${index}`, name: person.name, values: person.lines[key] }))}
              height={190}
            />
          </section>
        ))}
      </div>
    </figure>
  );
}
