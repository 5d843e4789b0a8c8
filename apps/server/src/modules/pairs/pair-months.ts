const DAY_MS = 86_400_000;
const MONTHS = 12;
const DAYS = 365;

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** First day of each of the 12 forecast months, ISO dates: the start day's day-of-month, clipped to short months. */
export function monthStarts(startDay: string): string[] {
  const [y, m, d] = startDay.split('-').map(Number) as [number, number, number];
  return Array.from({ length: MONTHS }, (_, i) => {
    const total = m - 1 + i;
    const year = y + Math.floor(total / 12);
    const month = total % 12;
    return new Date(Date.UTC(year, month, Math.min(d, daysIn(year, month)))).toISOString().slice(0, 10);
  });
}

/** Mean of a daily series (365 values from the start day) over each forecast month, as the engine slices months. */
export function monthlyMeans(daily: readonly number[], startDay: string): number[] {
  const starts = [...monthStarts(startDay), nextYear(startDay)];
  const t0 = Date.parse(starts[0]!);
  const offsets = starts.map((day) => Math.min(DAYS, Math.round((Date.parse(day) - t0) / DAY_MS)));
  return Array.from({ length: MONTHS }, (_, i) => {
    const from = offsets[i]!;
    const to = Math.max(from + 1, offsets[i + 1]!);
    let sum = 0;
    for (let t = from; t < to; t++) sum += daily[Math.min(t, DAYS - 1)]!;
    return sum / (to - from);
  });
}

function nextYear(startDay: string): string {
  const [y, m, d] = startDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, Math.min(d, daysIn(y + 1, m - 1)))).toISOString().slice(0, 10);
}

/** The first day of the current month (UTC), the default start day. */
export function firstOfMonth(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}
