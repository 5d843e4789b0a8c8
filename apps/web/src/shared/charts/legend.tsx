import classes from './charts.module.css';

export type LegendItem = { key: string; label: string; color: string; kind: 'line' | 'dashed' | 'area' | 'dot' };

const SWATCH = { line: classes.swatchLine, dashed: classes.swatchDashed, area: classes.swatchArea, dot: classes.swatchDot };

/** What each colour and line of a chart means, in words beside its swatch. */
export function ChartLegend({ items, label }: { items: LegendItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={classes.legend} aria-label={label} data-testid="chart-legend">
      {items.map((item) => (
        <li key={item.key} className={classes.legendItem}>
          <span
            aria-hidden
            className={SWATCH[item.kind]}
            style={
              item.kind === 'dashed'
                ? { borderColor: item.color }
                : item.kind === 'area'
                  ? { background: item.color, opacity: 0.45 }
                  : { background: item.color }
            }
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
