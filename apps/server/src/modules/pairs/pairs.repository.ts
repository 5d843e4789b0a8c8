import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { qualified, type Db, type SqlFragment } from '../../core/db.ts';
import type { ProfileColumns } from '../profiles/profile-usage.ts';
import { chatNarratives, pairRequests, pairUnlocks, profiles, scenes, sharedResults } from '../../db/schema/index.ts';

export type PairRow = typeof pairRequests.$inferSelect;
export type PairInsert = typeof pairRequests.$inferInsert;

/** What a pair needs to know about a profile; read here so the pairs module does not depend on the profiles module. */
export type PairProfile = {
  id: string;
  kind: typeof profiles.$inferSelect.kind;
  firstName: string | null;
  lastName: string | null;
  partnerFirstName: string | null;
  partnerLastName: string | null;
  avatarName: string | null;
  gender: 'М' | 'Ж' | null;
  age: number | null;
  isDemo: boolean;
  state: string;
  answers: typeof profiles.$inferSelect.answers;
  competencies: number | null;
  professionalism: number | null;
  maturity: number | null;
  grade: typeof profiles.$inferSelect.grade;
  scoreCompleteness: number | null;
  loveScores: typeof profiles.$inferSelect.loveScores;
};

const profileColumns = {
  id: profiles.id,
  kind: profiles.kind,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  partnerFirstName: profiles.partnerFirstName,
  partnerLastName: profiles.partnerLastName,
  avatarName: profiles.avatarName,
  gender: profiles.gender,
  age: profiles.age,
  isDemo: profiles.isDemo,
  state: profiles.state,
  answers: profiles.answers,
  competencies: profiles.competencies,
  professionalism: profiles.professionalism,
  maturity: profiles.maturity,
  grade: profiles.grade,
  scoreCompleteness: profiles.scoreCompleteness,
  loveScores: profiles.loveScores,
};

/** The owner's profiles among these ids (deleted ones excluded); another owner's profile is simply not returned. */
export async function ownProfiles(db: Db, ownerId: string, ids: string[]): Promise<Map<string, PairProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(profileColumns)
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), inArray(profiles.id, ids), sql`${profiles.state} not in ('deleted')`));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertPair(db: Db, values: PairInsert): Promise<PairRow> {
  const [row] = await db.insert(pairRequests).values(values).returning();
  return row!;
}

export async function findOwnPair(db: Db, ownerId: string, id: string): Promise<PairRow | undefined> {
  const [row] = await db
    .select()
    .from(pairRequests)
    .where(and(eq(pairRequests.id, id), eq(pairRequests.ownerId, ownerId)));
  return row;
}

export async function updatePair(db: Db, id: string, patch: Partial<PairInsert>): Promise<PairRow> {
  const [row] = await db
    .update(pairRequests)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(pairRequests.id, id))
    .returning();
  return row!;
}

/**
 * Stores a run's forecast on its pair and gives the row with it, built from the row read before the run: the forecast
 * (about 23 KB of JSON) is not sent back by the database and parsed again. Undefined when the pair was deleted since.
 */
export async function storeRun(db: Db, row: PairRow, run: Pick<PairRow, 'result' | 'kind' | 'runAt'>): Promise<PairRow | undefined> {
  const [stored] = await db
    .update(pairRequests)
    .set({ ...run, updatedAt: new Date() })
    .where(eq(pairRequests.id, row.id))
    .returning({ updatedAt: pairRequests.updatedAt });
  return stored && { ...row, ...run, updatedAt: stored.updatedAt };
}

export async function deletePair(db: Db, id: string): Promise<void> {
  await db.delete(pairRequests).where(eq(pairRequests.id, id));
}

/** Whether a team (the scenes module's table, read only) belongs to the owner. */
export async function sceneOwnedBy(db: Db, ownerId: string, sceneId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: scenes.id })
    .from(scenes)
    .where(and(eq(scenes.id, sceneId), eq(scenes.ownerId, ownerId)));
  return Boolean(row);
}

/** Hours per week of every pair request of the owner, summed per person, for these people. */
export async function weeklyHours(db: Db, ownerId: string, personIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ a: pairRequests.actor1Id, b: pairRequests.actor2Id, hours: pairRequests.intensity })
    .from(pairRequests)
    .where(and(eq(pairRequests.ownerId, ownerId), or(inArray(pairRequests.actor1Id, personIds), inArray(pairRequests.actor2Id, personIds))));
  const totals = new Map<string, number>();
  for (const row of rows) {
    for (const id of [row.a, row.b]) if (id && personIds.includes(id)) totals.set(id, (totals.get(id) ?? 0) + row.hours);
  }
  return totals;
}

/** The pair evaluations that name a profile (either person or the manager), as a sub-select of the profile's own statement. */
export const pairUsesSql = (profile: ProfileColumns): SqlFragment<number> =>
  sql<number>`(select count(*) from ${pairRequests} where ${qualified(pairRequests.actor1Id)} = ${profile.id} or ${qualified(pairRequests.actor2Id)} = ${profile.id} or ${qualified(pairRequests.managerId)} = ${profile.id})`;

/**
 * Whether the owner paid the one-off unlock of the full love report of these two people. Reads the payments
 * module's `pair_unlocks` table (one row per owner and unordered pair, lower id first), which its provider fills.
 */
export async function isPairUnlocked(db: Db, ownerId: string, id1: string, id2: string): Promise<boolean> {
  const [low, high] = id1 < id2 ? [id1, id2] : [id2, id1];
  const [row] = await db
    .select({ status: pairUnlocks.status })
    .from(pairUnlocks)
    .where(and(eq(pairUnlocks.ownerId, ownerId), eq(pairUnlocks.profileLow, low), eq(pairUnlocks.profileHigh, high)));
  return row?.status === 'paid';
}

/**
 * Deletes the stored forecasts of every pair that involves a profile (in a slot or as manager): the result, its shared
 * snapshots and the chat narratives; the pair itself stays, empty, for its owner. Answers the pairs' ids.
 */
export async function erasePairForecasts(db: Db, profileId: string): Promise<string[]> {
  const rows = await db
    .update(pairRequests)
    .set({ result: null, kind: null, runAt: null, updatedAt: new Date() })
    .where(or(eq(pairRequests.actor1Id, profileId), eq(pairRequests.actor2Id, profileId), eq(pairRequests.managerId, profileId)))
    .returning({ id: pairRequests.id });
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await db.delete(sharedResults).where(inArray(sharedResults.pairId, ids));
    await db.delete(chatNarratives).where(inArray(chatNarratives.pairId, ids));
  }
  return ids;
}
