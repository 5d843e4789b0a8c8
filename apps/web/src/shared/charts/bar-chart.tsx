import { useTranslation } from 'react-i18next';
import { ChartLegend, type LegendItem } from './legend.tsx';
import { ChartTable } from './chart-table.tsx';
import classes from './charts.module.css';
import { CHARTS_NAMESPACE } from './texts.ts';
import { chartLocale, formatChartNumber, withUnit } from './format.ts';
import { chartDomain, linearScale } from './scale.ts';
import { useChartWidth } from './use-chart-width.ts';
import { CHAR_PX, shortName } from './text-width.ts';
import { SERIES_COLORS } from './zones.ts';

export type BarSeries = { id: string; name: string; color?: string };
/** One bar: its value and, when known, its 80 % interval (drawn as a whisker); `best` marks the winner of its group. */
export type BarDatum = { seriesId: string; value: number | null; low?: number | null; high?: number | null; best?: boolean };
export type BarGroup = { id: string; label: string; bars: readonly BarDatum[] };

type Props = {
  title: string;
  /** The value axis' title with its unit or scale; none where the group label says it all. */
  valueTitle?: string;
  series: readonly BarSeries[];
  groups: readonly BarGroup[];
  unit?: string;
  digits?: number;
  domain?: readonly [number, number];
  /** Heads the table's first column (the groups). */
  groupTitle: string;
  /** Written after the best bar's value (and in its table cell). */
  bestLabel?: string;
  /** False where several charts share one legend above them. */
  showLegend?: boolean;
  testId?: string;
};

const BAR_H = 20;
const BAR_GAP = 6;
const GROUP_GAP = 14;
const LABEL_H = 18;
const AXIS_H = 40;

/**
 * Horizontal grouped bars: per group (an indicator) one bar per series (a team), each named at its left and valued at
 * its end, with an optional interval whisker, on one value axis with round ticks and its unit; a legend and a visually
 * hidden table give the same values in words.
 */
export function BarChart({
  title,
  valueTitle,
  series,
  groups,
  unit,
  digits = 0,
  domain,
  groupTitle,
  bestLabel,
  showLegend = true,
  testId = 'bar-chart',
}: Props) {
  const { t, i18n } = useTranslation(CHARTS_NAMESPACE);
  const locale = chartLocale(i18n.language);
  const [ref, width] = useChartWidth<HTMLDivElement>();
  const colorOf = (id: string) => {
    const index = series.findIndex((s) => s.id === id);
    return series[index]?.color ?? SERIES_COLORS[Math.max(0, index) % SERIES_COLORS.length]!;
  };
  const nameOf = (id: string) => series.find((s) => s.id === id)?.name ?? id;
  const format = (value: number | null | undefined) =>
    value == null || !Number.isFinite(value) ? '—' : withUnit(formatChartNumber(value, locale, digits), unit);
  const values = groups.flatMap((group) => group.bars.flatMap((bar) => [bar.value, bar.low ?? null, bar.high ?? null]));
  const [d0, d1] = chartDomain([0, ...values], domain, 5);
  const names = series.map((s) => s.name);
  const labelWidth = Math.min(Math.floor(width * 0.35), 12 + CHAR_PX * Math.max(4, ...names.map((name) => name.length)));
  const valueRoom = 12 + CHAR_PX * (format(d1).length + (bestLabel ? bestLabel.length + 2 : 0));
  const x = linearScale([d0, d1], [labelWidth, Math.max(labelWidth + 40, width - valueRoom)], Math.max(2, Math.floor((width - labelWidth) / 90)));
  const truncate = (name: string) => shortName(name, Math.max(4, Math.floor((labelWidth - 8) / CHAR_PX)));

  let top = 0;
  const rows = groups.map((group) => {
    const at = top;
    top += LABEL_H + group.bars.length * (BAR_H + BAR_GAP) + GROUP_GAP;
    return { group, at };
  });
  const height = top + (valueTitle ? AXIS_H : AXIS_H - 18);
  const zero = x(Math.min(Math.max(0, d0), d1));
  const hasInterval = groups.some((group) => group.bars.some((bar) => bar.low != null && bar.high != null));
  const legend: LegendItem[] = [
    ...series.map((s) => ({ key: s.id, label: s.name, color: colorOf(s.id), kind: 'area' as const })),
    ...(hasInterval ? [{ key: 'interval', label: t('interval'), color: '#212529', kind: 'line' as const }] : []),
  ];

  return (
    <div ref={ref} className={classes.chart} data-testid={testId}>
      <svg className={classes.svg} width={width} height={height} aria-hidden="true" focusable="false">
        {x.ticks.map((tick) => (
          <line key={tick} x1={x(tick)} x2={x(tick)} y1={0} y2={top - GROUP_GAP} stroke={tick === 0 ? '#868e96' : '#e9ecef'} />
        ))}
        {rows.map(({ group, at }) => (
          <g key={group.id} data-group={group.id}>
            <text className={classes.axisTitle} x={0} y={at + 13}>
              {group.label}
            </text>
            {group.bars.map((bar, index) => {
              const y = at + LABEL_H + index * (BAR_H + BAR_GAP);
              const end = bar.value == null ? zero : x(Math.min(Math.max(bar.value, d0), d1));
              const hasWhisker = bar.low != null && bar.high != null;
              // The value is written right of the bar, its whisker and the zero line, so it never sits on a negative bar.
              const tail = Math.max(end, zero, hasWhisker ? x(Math.min(bar.high!, d1)) : end);
              return (
                <g key={bar.seriesId} data-testid="bar" data-series={bar.seriesId}>
                  <text className={classes.axisText} x={labelWidth - 8} y={y + 14} textAnchor="end">
                    {truncate(nameOf(bar.seriesId))}
                  </text>
                  <rect
                    x={Math.min(zero, end)}
                    y={y}
                    width={Math.max(bar.value == null ? 0 : 1, Math.abs(end - zero))}
                    height={BAR_H}
                    rx={3}
                    fill={colorOf(bar.seriesId)}
                    fillOpacity={bar.best ? 1 : 0.75}
                  />
                  {hasWhisker ? (
                    <g stroke="#212529" strokeWidth={1.5} data-testid="bar-interval">
                      <line x1={x(Math.max(bar.low!, d0))} x2={x(Math.min(bar.high!, d1))} y1={y + BAR_H / 2} y2={y + BAR_H / 2} />
                      <line x1={x(Math.max(bar.low!, d0))} x2={x(Math.max(bar.low!, d0))} y1={y + 4} y2={y + BAR_H - 4} />
                      <line x1={x(Math.min(bar.high!, d1))} x2={x(Math.min(bar.high!, d1))} y1={y + 4} y2={y + BAR_H - 4} />
                    </g>
                  ) : null}
                  <text className={classes.axisText} x={tail + 6} y={y + 14} fontWeight={bar.best ? 700 : 400}>
                    {format(bar.value)}
                    {bar.best && bestLabel ? ` · ${bestLabel}` : ''}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
        {x.ticks.map((tick) => (
          <text key={tick} className={classes.axisText} x={x(tick)} y={top - GROUP_GAP + 16} textAnchor="middle">
            {formatChartNumber(tick, locale, x.tickDigits)}
          </text>
        ))}
        {valueTitle ? (
          <text className={classes.axisTitle} x={labelWidth} y={height - 4}>
            {valueTitle}
          </text>
        ) : null}
      </svg>
      {showLegend ? <ChartLegend items={legend} label={t('legend')} /> : null}
      <ChartTable
        caption={title}
        columns={[groupTitle, ...series.map((s) => s.name)]}
        rows={groups.map((group) => ({
          key: group.id,
          cells: [
            group.label,
            ...series.map((s) => {
              const bar = group.bars.find((candidate) => candidate.seriesId === s.id);
              if (!bar) return '—';
              const interval = bar.low != null && bar.high != null ? ` (${t('bandRange', { low: format(bar.low), high: format(bar.high) })})` : '';
              return `${format(bar.value)}${interval}${bar.best && bestLabel ? `, ${bestLabel}` : ''}`;
            }),
          ],
        }))}
      />
    </div>
  );
}
