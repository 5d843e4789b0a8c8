import { useTranslation } from 'react-i18next';
import classes from './charts.module.css';
import { CHARTS_NAMESPACE } from './texts.ts';
import { chartLocale, formatChartNumber, withUnit } from './format.ts';
import { useChartWidth } from './use-chart-width.ts';

type Props = {
  label: string;
  value: number;
  min?: number;
  max?: number;
  /** Values labelled under the bar; by default the ends and the quarters. */
  ticks?: readonly number[];
  /** The 80 % interval of the value, drawn as a lighter range with whiskers. */
  band?: { low: number; high: number } | null;
  unit?: string;
  digits?: number;
  color?: string;
  testId?: string;
};

const H = 44;
const TRACK_Y = 6;
const TRACK_H = 14;

/**
 * A score on its scale (0-100 by default): the bar filled to the value, the scale's ticks labelled under it, the 80 %
 * interval when known. It is a `meter` for assistive technology, whose value text says the value, the scale and the
 * interval.
 */
export function ScoreScale({ label, value, min = 0, max = 100, ticks, band, unit, digits = 0, color = '#1c7ed6', testId = 'score-scale' }: Props) {
  const { t, i18n } = useTranslation(CHARTS_NAMESPACE);
  const locale = chartLocale(i18n.language);
  const [ref, width] = useChartWidth<HTMLDivElement>(320);
  const format = (v: number) => withUnit(formatChartNumber(v, locale, digits), unit);
  const pad = 12;
  const span = max - min || 1;
  const x = (v: number) => pad + ((Math.min(Math.max(v, min), max) - min) / span) * (width - 2 * pad);
  const marks = ticks ?? [0, 0.25, 0.5, 0.75, 1].map((share) => min + share * span);
  const bandText = band ? t('bandRange', { low: format(band.low), high: format(band.high) }) : null;
  const valueText = `${t('ofScale', { value: format(value), min: formatChartNumber(min, locale), max: formatChartNumber(max, locale) })}${bandText ? ` (${bandText})` : ''}`;
  return (
    <div className={classes.scale} data-testid={testId}>
      <div className={classes.scaleHead}>
        <span>{label}</span>
        <span className={classes.scaleValue} data-testid={`${testId}-value`}>
          {format(value)}
        </span>
      </div>
      <div
        ref={ref}
        role="meter"
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={Math.min(Math.max(value, min), max)}
        aria-valuetext={valueText}
      >
        <svg className={classes.svg} width={width} height={H} aria-hidden="true" focusable="false">
          <rect x={pad} y={TRACK_Y} width={width - 2 * pad} height={TRACK_H} rx={4} fill="#e9ecef" />
          <rect x={pad} y={TRACK_Y} width={Math.max(0, x(value) - pad)} height={TRACK_H} rx={4} fill={color} data-testid={`${testId}-fill`} />
          {band ? (
            <g stroke="#212529" strokeWidth={1.5} data-testid={`${testId}-band`}>
              <line x1={x(band.low)} x2={x(band.high)} y1={TRACK_Y + TRACK_H / 2} y2={TRACK_Y + TRACK_H / 2} />
              <line x1={x(band.low)} x2={x(band.low)} y1={TRACK_Y + 2} y2={TRACK_Y + TRACK_H - 2} />
              <line x1={x(band.high)} x2={x(band.high)} y1={TRACK_Y + 2} y2={TRACK_Y + TRACK_H - 2} />
            </g>
          ) : null}
          {marks.map((mark) => (
            <g key={mark}>
              <line x1={x(mark)} x2={x(mark)} y1={TRACK_Y + TRACK_H} y2={TRACK_Y + TRACK_H + 4} stroke="#868e96" />
              <text
                className={classes.axisText}
                x={x(mark)}
                y={H - 4}
                textAnchor={mark === min ? 'start' : mark === max ? 'end' : 'middle'}
                dx={mark === min ? -pad / 2 : mark === max ? pad / 2 : 0}
              >
                {formatChartNumber(mark, locale)}
              </text>
            </g>
          ))}
        </svg>
      </div>
    </div>
  );
}
