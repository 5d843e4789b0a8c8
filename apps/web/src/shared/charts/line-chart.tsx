import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { area, line } from 'd3-shape';
import { useTranslation } from 'react-i18next';
import { ChartLegend, type LegendItem } from './legend.tsx';
import { ChartTable } from './chart-table.tsx';
import classes from './charts.module.css';
import { CHARTS_NAMESPACE } from './texts.ts';
import { chartLocale, formatChartNumber, withUnit } from './format.ts';
import { chartDomain, linearScale } from './scale.ts';
import { CHAR_PX } from './text-width.ts';
import { useChartWidth } from './use-chart-width.ts';
import { SERIES_COLORS, type ChartZone } from './zones.ts';

type Value = number | null;

/** One line; `band` is its 80 % band (10th to 90th percentile) per point, drawn as a shaded area around it. */
export type LineSeries = {
  id: string;
  name: string;
  values: readonly Value[];
  color?: string;
  dashed?: boolean;
  band?: { low: readonly Value[]; high: readonly Value[] } | null;
};

/** A point called out on the chart with a ring and a short label (the best and worst month). */
export type ChartMark = { index: number; seriesId?: string; label: string; color: string; testId?: string; place?: 'above' | 'below' };

type Props = {
  /** Names the chart for screen readers and captions its table. */
  title: string;
  /** The x axis' short label of each point ('мар.', 'Mar'). */
  labels: readonly string[];
  /** Each point's full name in the tooltip and table ('март 2026'); the short label when absent. */
  longLabels?: readonly string[];
  /** Indices whose label the x axis shows; by default as many as fit. */
  xTicks?: readonly number[];
  /** Heads the table's first column ('Month'). */
  xTitle: string;
  /** The y axis title with its unit or scale ('Rating, −100 to 100'). */
  yTitle: string;
  series: readonly LineSeries[];
  /** Unit written after each value in tooltips and the table ('%'). */
  unit?: string;
  /** Decimals of values in tooltips and the table. */
  digits?: number;
  domain?: readonly [number, number];
  zones?: readonly ChartZone[];
  marks?: readonly ChartMark[];
  /** A point marked by a vertical line (the simulator's day). */
  selected?: number | null;
  /** Called with a point's index when the reader clicks it or presses Enter on it. */
  onSelect?: (index: number) => void;
  /** Points listed in the text alternative (all by default; fewer for daily data). */
  tableIndices?: readonly number[];
  height?: number;
  testId?: string;
};

const MARGIN = { top: 26, right: 14, bottom: 30 };
/** Bold 12 px labels run wider than axis text. */
const MARK_CHAR_PX = 8.5;

/** Indices to label along an axis of `plotWidth` px so labels never overlap: every k-th of `candidates`. */
function thinTicks(candidates: readonly number[], x: (index: number) => number, labels: readonly string[]): number[] {
  const kept: number[] = [];
  let lastRight = -Infinity;
  for (const index of candidates) {
    const half = ((labels[index]?.length ?? 0) * CHAR_PX) / 2 + 6;
    if (x(index) - half >= lastRight) {
      kept.push(index);
      lastRight = x(index) + half;
    }
  }
  return kept;
}

/**
 * A line chart read as a person reads one: a y axis with round ticks and its unit, an x axis of month (or day) labels
 * formatted for the locale, an optional 80 % band as a shaded area with its edges drawn (so a narrow band is still
 * seen), pale zones behind (condition bands), called-out points whose labels stay inside the chart, a tooltip with the
 * value and band on hover and on keyboard focus (arrow keys step through the points), a legend, and a visually hidden
 * table of every value for screen readers.
 */
export function LineChart(props: Props) {
  const {
    title,
    labels,
    xTitle,
    yTitle,
    series,
    unit,
    digits = 0,
    zones = [],
    marks = [],
    selected = null,
    onSelect,
    height = 260,
    testId = 'line-chart',
  } = props;
  const { t, i18n } = useTranslation(CHARTS_NAMESPACE);
  const locale = chartLocale(i18n.language);
  const [ref, width] = useChartWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const tipId = useId();
  const n = labels.length;
  const longLabels = props.longLabels ?? labels;
  const colorOf = (index: number) => series[index]?.color ?? SERIES_COLORS[index % SERIES_COLORS.length]!;
  const format = (value: Value) => (value === null || !Number.isFinite(value) ? '—' : withUnit(formatChartNumber(value, locale, digits), unit));

  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const tickCount = Math.max(2, Math.floor(plotHeight / 40));
  const allValues = series.flatMap((s) => [...s.values, ...(s.band ? [...s.band.low, ...s.band.high] : [])]);
  const y = linearScale(chartDomain(allValues, props.domain, tickCount), [MARGIN.top + plotHeight, MARGIN.top], tickCount);
  const tickTexts = y.ticks.map((tick) => formatChartNumber(tick, locale, y.tickDigits));
  const left = 10 + CHAR_PX * Math.max(2, ...tickTexts.map((text) => text.length));
  const plotWidth = Math.max(40, width - left - MARGIN.right);
  const x = (index: number) => left + (n <= 1 ? plotWidth / 2 : (plotWidth * index) / (n - 1));
  const xTicks = thinTicks(props.xTicks ?? labels.map((_, index) => index), x, labels);
  const clampY = (value: number) => Math.min(Math.max(value, y.domain[0]), y.domain[1]);

  const path = line<Value>()
    .defined((value) => value !== null && Number.isFinite(value))
    .x((_, index) => x(index))
    .y((value) => y(clampY(value!)));
  const bandPath = (band: NonNullable<LineSeries['band']>) =>
    area<number>()
      .defined((index) => band.low[index] != null && band.high[index] != null)
      .x((index) => x(index))
      .y0((index) => y(clampY(band.low[index]!)))
      .y1((index) => y(clampY(band.high[index]!)))(labels.map((_, index) => index)) ?? undefined;
  const hasBand = series.some((s) => s.band);

  const bandText = (s: LineSeries, index: number) => {
    const low = s.band?.low[index];
    const high = s.band?.high[index];
    return low == null || high == null ? null : t('bandRange', { low: format(low), high: format(high) });
  };
  const pointText = (index: number) =>
    `${longLabels[index] ?? ''}: ${series.map((s) => `${series.length > 1 ? `${s.name} ` : ''}${format(s.values[index] ?? null)}${bandText(s, index) ? ` (${bandText(s, index)})` : ''}`).join('; ')}`;

  const indexAt = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const share = rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0;
    return Math.min(n - 1, Math.max(0, Math.round(share * (n - 1))));
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = active ?? selected ?? 0;
    const next: Record<string, number> = { ArrowLeft: current - 1, ArrowDown: current - 1, ArrowRight: current + 1, ArrowUp: current + 1, Home: 0, End: n - 1 };
    if (event.key in next) setActive(Math.min(n - 1, Math.max(0, next[event.key]!)));
    else if ((event.key === 'Enter' || event.key === ' ') && onSelect) onSelect(current);
    else return;
    event.preventDefault();
  };

  const shown = active;
  const legend: LegendItem[] = [
    ...series.map((s, index) => ({ key: s.id, label: s.name, color: colorOf(index), kind: s.dashed ? ('dashed' as const) : ('line' as const) })),
    ...(hasBand
      ? [
          {
            key: 'band',
            label: t('band'),
            color: colorOf(
              Math.max(
                0,
                series.findIndex((s) => s.band),
              ),
            ),
            kind: 'area' as const,
          },
        ]
      : []),
    ...zones.map((zone) => ({ key: `zone-${zone.id}`, label: zone.label, color: zone.stroke, kind: 'area' as const })),
  ];
  const tableRows = (props.tableIndices ?? labels.map((_, index) => index)).map((index) => ({
    key: String(index),
    cells: [longLabels[index] ?? '', ...series.flatMap((s) => [format(s.values[index] ?? null), ...(s.band ? [bandText(s, index) ?? '—'] : [])])],
  }));
  const tableColumns = [xTitle, ...series.flatMap((s) => [withUnitTitle(s.name, yTitle, series.length), ...(s.band ? [`${s.name}: ${t('band')}`] : [])])];

  return (
    <div ref={ref} className={classes.chart} data-testid={testId}>
      <svg className={classes.svg} width={width} height={height} aria-hidden="true" focusable="false">
        <text className={classes.axisTitle} x={0} y={12}>
          {yTitle}
        </text>
        {zones.map((zone) => {
          const top = y(Math.min(zone.to, y.domain[1]));
          const bottom = y(Math.max(zone.from, y.domain[0]));
          return bottom > top ? <rect key={zone.id} x={left} width={plotWidth} y={top} height={bottom - top} fill={zone.fill} data-zone={zone.id} /> : null;
        })}
        {y.ticks.map((tick, index) => (
          <g key={tick}>
            <line
              x1={left}
              x2={left + plotWidth}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? '#868e96' : '#dee2e6'}
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <text className={classes.axisText} x={left - 6} y={y(tick) + 4} textAnchor="end">
              {tickTexts[index]}
            </text>
          </g>
        ))}
        {xTicks.map((index) => (
          <g key={index}>
            <line x1={x(index)} x2={x(index)} y1={MARGIN.top + plotHeight} y2={MARGIN.top + plotHeight + 4} stroke="#868e96" />
            <text
              className={classes.axisText}
              x={x(index)}
              y={height - 10}
              textAnchor={index === 0 && n > 1 ? 'start' : index === n - 1 && n > 1 ? 'end' : 'middle'}
            >
              {labels[index]}
            </text>
          </g>
        ))}
        {series.map((s, index) =>
          s.band ? (
            <g key={`band-${s.id}`} data-testid="chart-band" data-series={s.id}>
              <path d={bandPath(s.band)} fill={colorOf(index)} fillOpacity={0.2} data-testid="chart-band-area" />
              <path d={path(s.band.low) ?? undefined} fill="none" stroke={colorOf(index)} strokeOpacity={0.75} strokeWidth={1} strokeDasharray="4 3" />
              <path d={path(s.band.high) ?? undefined} fill="none" stroke={colorOf(index)} strokeOpacity={0.75} strokeWidth={1} strokeDasharray="4 3" />
            </g>
          ) : null,
        )}
        {selected !== null && selected >= 0 && selected < n ? (
          <line x1={x(selected)} x2={x(selected)} y1={MARGIN.top} y2={MARGIN.top + plotHeight} stroke="#e8590c" strokeWidth={2} data-testid="chart-selected" />
        ) : null}
        {series.map((s, index) => (
          <path
            key={s.id}
            d={path(s.values) ?? undefined}
            fill="none"
            stroke={colorOf(index)}
            strokeWidth={s.dashed ? 1.5 : 2.5}
            strokeDasharray={s.dashed ? '6 4' : undefined}
            data-testid="chart-line"
          />
        ))}
        {n <= 24
          ? series.map((s, index) =>
              s.values.map((value, i) => (value === null ? null : <circle key={`${s.id}-${i}`} cx={x(i)} cy={y(clampY(value))} r={3} fill={colorOf(index)} />)),
            )
          : null}
        {marks.map((mark) => {
          const s = series.find((candidate) => candidate.id === mark.seriesId) ?? series[0];
          const value = s?.values[mark.index];
          if (value == null) return null;
          const cx = x(mark.index);
          const cy = y(clampY(value));
          const fitsAbove = cy - 26 >= 16; // clear of the axis title on the top line
          const fitsBelow = cy + 26 <= MARGIN.top + plotHeight;
          const above = mark.place === 'below' ? !fitsBelow : fitsAbove || !fitsBelow;
          const half = (mark.label.length * MARK_CHAR_PX) / 2 + 2;
          const anchor = cx - half < 0 ? 'start' : cx + half > width ? 'end' : 'middle';
          const tx = anchor === 'start' ? Math.max(0, cx - 8) : anchor === 'end' ? Math.min(width, cx + 8) : cx;
          return (
            <g key={`${mark.label}-${mark.index}`} data-testid={mark.testId}>
              <circle cx={cx} cy={cy} r={7} fill="none" stroke={mark.color} strokeWidth={2.5} />
              <text className={classes.markText} x={tx} y={above ? cy - 12 : cy + 22} textAnchor={anchor} fill={mark.color}>
                {mark.label}
              </text>
            </g>
          );
        })}
        {shown !== null ? <line x1={x(shown)} x2={x(shown)} y1={MARGIN.top} y2={MARGIN.top + plotHeight} stroke="#495057" strokeDasharray="2 2" /> : null}
      </svg>
      <div
        className={classes.overlay}
        style={{ left, top: MARGIN.top, width: plotWidth, height: plotHeight }}
        role="slider"
        tabIndex={0}
        aria-label={t('explore', { title })}
        aria-valuemin={1}
        aria-valuemax={Math.max(1, n)}
        aria-valuenow={(shown ?? selected ?? 0) + 1}
        aria-valuetext={n > 0 ? pointText(shown ?? selected ?? 0) : title}
        aria-describedby={shown !== null ? tipId : undefined}
        onKeyDown={onKey}
        onFocus={() => setActive((current) => current ?? (selected !== null && selected >= 0 && selected < n ? selected : 0))}
        onBlur={() => setActive(null)}
        onPointerMove={(event) => setActive(indexAt(event))}
        onPointerLeave={() => setActive(null)}
        onClick={(event) => onSelect?.(indexAt(event))}
        data-testid={`${testId}-explore`}
      />
      {shown !== null ? (
        <div
          id={tipId}
          className={classes.tooltip}
          style={x(shown) > width / 2 ? { right: width - x(shown) + 10, top: MARGIN.top } : { left: x(shown) + 10, top: MARGIN.top }}
          data-testid="chart-tooltip"
        >
          <div className={classes.tooltipTitle}>{longLabels[shown]}</div>
          {series.map((s, index) => (
            <div key={s.id}>
              <div className={classes.tooltipRow}>
                <span aria-hidden className={classes.swatchLine} style={{ background: colorOf(index) }} />
                <span>{s.name}:</span>
                <strong>{format(s.values[shown] ?? null)}</strong>
              </div>
              {bandText(s, shown) ? <div className={classes.tooltipBand}>{bandText(s, shown)}</div> : null}
            </div>
          ))}
        </div>
      ) : null}
      <ChartLegend items={legend} label={t('legend')} />
      <ChartTable caption={title} columns={tableColumns} rows={tableRows} />
    </div>
  );
}

/** A value column's heading: the series name, with the axis title when one series makes the name redundant. */
const withUnitTitle = (name: string, yTitle: string, count: number) => (count === 1 ? `${name} (${yTitle})` : name);
