import crypto from 'node:crypto';
import { CHOICE_RATINGS, type CheckInChoice } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { teamMonthlyForecast, type TeamDatasetPart } from './forecast-band.ts';
import { addMonths, monthOf } from './monitor-arithmetic.ts';
import * as repo from './monitor.repository.ts';

/** A small seeded generator (mulberry32), so the demo's check-ins are the same on every machine. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The five-point choice nearest a rating on -100…100. */
const nearestChoice = (rating: number): CheckInChoice =>
  ([1, 2, 3, 4, 5] as const).reduce<1 | 2 | 3 | 4 | 5>(
    (best, choice) => (Math.abs(CHOICE_RATINGS[choice] - rating) < Math.abs(CHOICE_RATINGS[best] - rating) ? choice : best),
    3,
  );

export type DemoMonitorInput = {
  ownerId: string;
  sceneId: string;
  title: string;
  startDay: string;
  members: Array<{ profileId: string; name: string }>;
  /** The team check of the demo team, computed with its band. */
  dataset: TeamDatasetPart;
  seed: number;
  now: Date;
};

/**
 * The demo owner's monitored team (marked demo): its forecast band, relabelled to the year that ends this month, and a
 * year of generated check-ins, each member's choice drawn around the forecast with the band's spread. One month has
 * two respondents only (its figure withheld), and the current month waits for one member, so every part of the screen
 * has something to show.
 */
export async function seedDemoMonitor(db: Db, input: DemoMonitorInput): Promise<string | null> {
  const computed = teamMonthlyForecast(input.dataset, input.startDay);
  if (!computed) return null;
  const current = monthOf(input.now);
  const forecast = { ...computed, months: computed.months.map((_, i) => addMonths(current, i - (computed.months.length - 1))) };
  const id = crypto.randomUUID();
  const members = input.members.map((m) => ({
    id: crypto.randomUUID(),
    monitorId: id,
    profileId: m.profileId,
    name: m.name,
    email: null,
    locale: 'ru' as const,
  }));
  await repo.insertMonitor(
    db,
    {
      id,
      ownerId: input.ownerId,
      kind: 'team',
      subjectId: input.sceneId,
      title: input.title,
      forecast,
      isDemo: true,
      createdAt: new Date(`${forecast.months[0]}-01T09:00:00Z`),
    },
    members,
  );
  const random = seeded(input.seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  for (const [i, month] of forecast.months.entries()) {
    // The band's half-width over 1.28 is its standard deviation (10th-90th percentile of a normal).
    const sd = Math.max(5, (forecast.p90[i]! - forecast.p10[i]!) / 2.56);
    const respondents = i === 4 ? members.slice(0, 2) : i === forecast.months.length - 1 ? members.slice(1) : members;
    for (const member of respondents) {
      const ratings = members.filter((m) => m.id !== member.id).map((m) => ({ memberId: m.id, choice: nearestChoice(forecast.forecast[i]! + sd * normal()) }));
      await repo.insertCheckIn(db, {
        id: crypto.randomUUID(),
        monitorId: id,
        memberId: member.id,
        month,
        ratings,
        satisfaction: nearestChoice(forecast.forecast[i]! + sd * normal()),
        word: null,
        createdAt: new Date(`${month}-05T09:00:00Z`),
      });
    }
  }
  return id;
}
