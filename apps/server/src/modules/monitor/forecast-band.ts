import type { MonitorForecast } from './monitor.repository.ts';
import { monthStarts, monthlyMeans } from '../pairs/pair-months.ts';

/** Forecast days of a year, day 0 being the start day. */
const DAYS = 365;

/** What the monitor reads of a team check's dataset: the daily atmosphere and its daily 80 % band. */
export type TeamDatasetPart = {
  firstDay: number;
  teamColumns: { microclimate: ArrayLike<number | null> };
  band?: { microclimate: { p10: number[]; p90: number[] } };
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A daily series of the forecast year (day 0…364), the last known value carried to the end. */
function yearOf(at: (day: number) => number | null | undefined, fallback: (day: number) => number): number[] {
  const out: number[] = [];
  for (let day = 0; day < DAYS; day++) {
    const value = at(day);
    out.push(typeof value === 'number' ? value : (out[day - 1] ?? fallback(day)));
  }
  return out;
}

/**
 * A team's monthly band from its dataset: each forecast month's mean of the daily atmosphere and of its daily 10th and
 * 90th percentile. The mean of daily percentiles approximates the percentile of the month's mean (it is a little
 * wider), which errs on the side of fewer false alarms. Null when the run carried no band.
 */
export function teamMonthlyForecast(dataset: TeamDatasetPart, startDay: string): MonitorForecast | null {
  const band = dataset.band?.microclimate;
  if (!band || band.p10.length === 0) return null;
  const last = band.p10.length - 1;
  const p10 = yearOf(
    (d) => band.p10[Math.min(d, last)],
    () => 0,
  );
  const p90 = yearOf(
    (d) => band.p90[Math.min(d, last)],
    () => 0,
  );
  const mid = yearOf(
    (d) => dataset.teamColumns.microclimate[d - dataset.firstDay],
    (d) => (p10[d]! + p90[d]!) / 2,
  );
  return {
    months: monthStarts(startDay).map((day) => day.slice(0, 7)),
    forecast: monthlyMeans(mid, startDay).map(round1),
    p10: monthlyMeans(p10, startDay).map(round1),
    p90: monthlyMeans(p90, startDay).map(round1),
  };
}

/** A pair's monthly band as its forecast gives it (12 months from the start day). */
export function pairMonthlyForecast(details: {
  months: string[];
  monthly: number[];
  monthlyBand: { p10: number[]; p90: number[] } | null;
}): MonitorForecast | null {
  if (!details.monthlyBand) return null;
  return {
    months: details.months.map((day) => day.slice(0, 7)),
    forecast: details.monthly.map(round1),
    p10: details.monthlyBand.p10.map(round1),
    p90: details.monthlyBand.p90.map(round1),
  };
}
