import type { Db } from '../../core/db.ts';

export type ProfileUsage = { teams: number; evaluations: number };
type UsageCounter = (db: Db, profileId: string) => Promise<ProfileUsage>;

const counters: UsageCounter[] = [];

/**
 * Modules that use profiles (teams, pair evaluations) register how they count a profile's uses, so deleting it can
 * warn and keep it (state delete_keep) without the profiles module knowing their tables.
 */
export function registerProfileUsage(counter: UsageCounter): void {
  counters.push(counter);
}

export async function profileUsage(db: Db, profileId: string): Promise<ProfileUsage> {
  const counts = await Promise.all(counters.map((counter) => counter(db, profileId)));
  return counts.reduce((sum, next) => ({ teams: sum.teams + next.teams, evaluations: sum.evaluations + next.evaluations }), { teams: 0, evaluations: 0 });
}
