import type { BillingPeriod } from '@teamcast/contracts';
import { DEMO_DAYS } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { addTestClockOffset, testClockOffset } from './payments.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The built-in provider's clock: real time plus an offset kept in the database, so every process and every module
 * agrees on it. Tests move it to reach a period end; nothing in the HTTP API moves it.
 */
export async function paymentNow(db: Db): Promise<Date> {
  return paymentClockAt(await testClockOffset(db));
}

/** The clock's time for an offset already read (with other facts, in one statement). */
export const paymentClockAt = (offsetMs: number): Date => new Date(Date.now() + offsetMs);

/** Moves the built-in provider's clock forward (tests only). */
export async function advancePaymentClock(db: Db, ms: number): Promise<void> {
  await addTestClockOffset(db, Math.round(ms));
}

export const days = (count: number) => count * DAY_MS;

/** End of a billing period starting at `start`: 7 days, one calendar month (day clamped to the month's end), or the demo's 3 days. */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  if (period === 'week') return new Date(start.getTime() + days(7));
  if (period === 'demo') return new Date(start.getTime() + days(DEMO_DAYS));
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
