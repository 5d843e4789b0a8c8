/** Pure calendar arithmetic on ISO dates (YYYY-MM-DD), proleptic Gregorian, no clock and no Date. */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function daysInMonth(y: number, m: number): number {
  return daysFromCivil(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - daysFromCivil(y, m, 1);
}

/** Parses YYYY-MM-DD; null when the text is not a real date. */
export function parseIsoDay(text: string): { y: number; m: number; d: number } | null {
  const match = ISO.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

/** Day offset from the start day to the same day-of-month `months` later (negative = earlier); 365 / 12 slices without a date. */
export function monthOffset(startDay: string | undefined, months: number): number {
  const start = startDay ? parseIsoDay(startDay) : null;
  if (!start) return Math.floor((months * 365) / 12);
  const total = start.m - 1 + months;
  const y = start.y + Math.floor(total / 12);
  const m = (((total % 12) + 12) % 12) + 1;
  const d = Math.min(start.d, daysInMonth(y, m));
  return daysFromCivil(y, m, d) - daysFromCivil(start.y, start.m, start.d);
}

/**
 * Day offsets (from the start day) at which each of `months` consecutive months begins, plus the end:
 * months + 1 boundaries, capped at `horizon`. Without a valid start day, months are equal slices of 365 / 12 days.
 */
export function monthBoundaries(startDay: string | undefined, months: number, horizon: number): Int32Array {
  const out = new Int32Array(months + 1);
  for (let i = 0; i <= months; i++) out[i] = Math.min(horizon, monthOffset(startDay, i));
  return out;
}
