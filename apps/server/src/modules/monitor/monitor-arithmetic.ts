import { CHOICE_RATINGS, MIN_RESPONDENTS, type BandPosition, type Calibration, type HorizonCalibration, type MonitorMonth } from '@teamcast/contracts';
import type { CheckInRatings, MonitorForecast } from './monitor.repository.ts';

/*
 * The monitor's arithmetic, pure: calendar months, the aggregation of check-ins with its privacy threshold, the
 * position of an observation against its band, the alert rule and the calibration figures (docs/forecast-model.md,
 * "Check-ins as labelled outcomes").
 */

/** Calendar month of a moment, YYYY-MM (UTC). */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The month `count` months after `month` (negative: before). */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + count;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Respondents a month needs before its figure is shown: three, or every member of a smaller group (a pair). */
export const thresholdFor = (memberCount: number) => Math.max(1, Math.min(MIN_RESPONDENTS, memberCount));

/** One stored answer as the aggregation reads it. */
export type StoredCheckIn = { memberId: string; month: string; ratings: CheckInRatings; satisfaction: number };

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const rating = (choice: number): number => (CHOICE_RATINGS as Record<number, number | undefined>)[choice] ?? 0;

/**
 * A month's observation: the mean of every rating given that month and the mean own satisfaction, both on -100…100,
 * shown only when at least `threshold` people answered, so a figure never is one person's rating of another.
 */
export function aggregateMonth(checkIns: readonly StoredCheckIn[], threshold: number) {
  const respondents = new Set(checkIns.map((c) => c.memberId)).size;
  const ratings = checkIns.flatMap((c) => c.ratings.map((r) => rating(r.choice)));
  const shown = respondents >= threshold && ratings.length > 0;
  return {
    respondents,
    observed: shown ? mean(ratings) : null,
    satisfaction: shown ? mean(checkIns.map((c) => rating(c.satisfaction))) : null,
    withheld: respondents > 0 && !shown,
  };
}

export function positionOf(observed: number | null, p10: number, p90: number): BandPosition | null {
  if (observed === null) return null;
  if (observed < p10) return 'below';
  if (observed > p90) return 'above';
  return 'inside';
}

/** The forecast's months with what was observed in each. */
export function monitorMonths(forecast: MonitorForecast, checkIns: readonly StoredCheckIn[], threshold: number): MonitorMonth[] {
  return forecast.months.map((month, i) => {
    const p10 = forecast.p10[i]!;
    const p90 = forecast.p90[i]!;
    const seen = aggregateMonth(
      checkIns.filter((c) => c.month === month),
      threshold,
    );
    return { month, forecast: forecast.forecast[i]!, p10, p90, ...seen, position: positionOf(seen.observed, p10, p90) };
  });
}

/** The latest run of observed months on one side of their band, with its first month; null when the latest is inside. */
export function outsideRun(months: readonly MonitorMonth[]): { direction: 'below' | 'above'; since: string } | null {
  const observed = months.filter((m) => m.position !== null);
  const last = observed.at(-1);
  if (!last || last.position === 'inside') return null;
  let since = last.month;
  for (let i = observed.length - 2; i >= 0 && observed[i]!.position === last.position; i--) since = observed[i]!.month;
  return { direction: last.position as 'below' | 'above', since };
}

/** The alert rule: the month and the calendar month before it were both observed below their band. */
export function belowTwoMonthsRunning(months: readonly MonitorMonth[], month: string): boolean {
  const byMonth = new Map(months.map((m) => [m.month, m.position]));
  return byMonth.get(month) === 'below' && byMonth.get(addMonths(month, -1)) === 'below';
}

/** One observed month against its forecast. */
export type CalibrationPoint = { observed: number; forecast: number; p10: number; p90: number };

/** Coverage of the 80 % band (share of observations inside it, edges included) and the forecast's mean errors. */
export function calibrationOf(points: readonly CalibrationPoint[]): Calibration {
  if (points.length === 0) return { n: 0, coverage: null, meanAbsoluteError: null, bias: null };
  const inside = points.filter((p) => p.observed >= p.p10 && p.observed <= p.p90).length;
  return {
    n: points.length,
    coverage: inside / points.length,
    meanAbsoluteError: mean(points.map((p) => Math.abs(p.observed - p.forecast))),
    bias: mean(points.map((p) => p.observed - p.forecast)),
  };
}

/** The calibration points of a monitor's months: those with a shown observation. */
export const pointsOf = (months: readonly MonitorMonth[]): CalibrationPoint[] =>
  months.filter((m) => m.observed !== null).map((m) => ({ observed: m.observed!, forecast: m.forecast, p10: m.p10, p90: m.p90 }));

/** Calibration by horizon over several forecasts' months: month i of each forecast is horizon i. */
export function calibrationByHorizon(forecasts: ReadonlyArray<readonly MonitorMonth[]>): HorizonCalibration[] {
  const horizons = Math.max(0, ...forecasts.map((months) => months.length));
  return Array.from({ length: horizons }, (_, horizon) => ({
    horizon,
    ...calibrationOf(forecasts.flatMap((months) => pointsOf(months.slice(horizon, horizon + 1)))),
  })).filter((h) => h.n > 0);
}
