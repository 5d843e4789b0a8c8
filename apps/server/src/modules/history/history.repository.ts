import { and, desc, eq, or, sql } from 'drizzle-orm';
import { HISTORY_MAX, type HistoryCounters, type HistoryEntry, type HistoryEntryType } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { dashboardCounters, dashboardHistory } from '../../db/schema/index.ts';

type Row = typeof dashboardHistory.$inferSelect;

const toEntry = (row: Row): HistoryEntry => ({
  id: row.refId,
  type: row.type,
  title: row.title,
  actors: row.actors,
  scenes: row.scenes,
  at: row.at.toISOString(),
});

/** Holds one owner's history for the rest of the transaction (an advisory lock, so it blocks nothing else). */
export async function lockOwnerHistory(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`history:${ownerId}`}, 0))`);
}

export async function listEntries(db: Db, ownerId: string): Promise<HistoryEntry[]> {
  const rows = await db.select().from(dashboardHistory).where(eq(dashboardHistory.ownerId, ownerId)).orderBy(desc(dashboardHistory.at)).limit(HISTORY_MAX);
  return rows.map(toEntry);
}

export async function readCounters(db: Db, ownerId: string): Promise<HistoryCounters> {
  const [row] = await db.select().from(dashboardCounters).where(eq(dashboardCounters.ownerId, ownerId));
  return { p2p: row?.p2p ?? 0, team: row?.team ?? 0 };
}

export async function deleteEntry(db: Db, ownerId: string, type: HistoryEntryType, refId: string): Promise<number> {
  const rows = await db
    .delete(dashboardHistory)
    .where(and(eq(dashboardHistory.ownerId, ownerId), eq(dashboardHistory.type, type), eq(dashboardHistory.refId, refId)))
    .returning({ refId: dashboardHistory.refId });
  return rows.length;
}

/**
 * Removes what a new entry replaces, in one statement: the entry of the same object; for a team, every team entry (one
 * is kept); for a pair, the entries of the same two people in either order.
 */
export async function deleteReplaced(db: Db, ownerId: string, entry: Omit<HistoryEntry, 'at'>): Promise<void> {
  const replaced = [and(eq(dashboardHistory.type, entry.type), eq(dashboardHistory.refId, entry.id))];
  if (entry.type === 'team') replaced.push(eq(dashboardHistory.type, 'team'));
  if (entry.type === 'pair' && entry.actors.length === 2) {
    const sorted = JSON.stringify(entry.actors.map((actor) => actor.id).sort());
    replaced.push(
      and(
        eq(dashboardHistory.type, 'pair'),
        sql`(select coalesce(jsonb_agg(a->>'id' order by a->>'id'), '[]'::jsonb) from jsonb_array_elements(${dashboardHistory.actors}) a) = ${sorted}::jsonb`,
      ),
    );
  }
  await db.delete(dashboardHistory).where(and(eq(dashboardHistory.ownerId, ownerId), or(...replaced)));
}

/** Adds the entry as the owner's newest: at `now`, or 1 ms after the newest stored one when that is not earlier. */
export async function insertNewest(db: Db, ownerId: string, entry: Omit<HistoryEntry, 'at'>, now: Date): Promise<void> {
  const newest = db
    .select({ at: sql`max(${dashboardHistory.at}) + interval '1 millisecond'` })
    .from(dashboardHistory)
    .where(eq(dashboardHistory.ownerId, ownerId));
  await db.insert(dashboardHistory).values({
    ownerId,
    type: entry.type,
    refId: entry.id,
    title: entry.title,
    actors: entry.actors,
    scenes: entry.scenes,
    at: sql`greatest(${now.toISOString()}::timestamptz, (${newest}))`,
  });
}

/** Drops everything past the newest HISTORY_MAX entries of the owner, in one statement. */
export async function trim(db: Db, ownerId: string): Promise<void> {
  const overflow = db
    .select({ type: dashboardHistory.type, refId: dashboardHistory.refId })
    .from(dashboardHistory)
    .where(eq(dashboardHistory.ownerId, ownerId))
    .orderBy(desc(dashboardHistory.at))
    .offset(HISTORY_MAX);
  await db
    .delete(dashboardHistory)
    .where(and(eq(dashboardHistory.ownerId, ownerId), sql`(${dashboardHistory.type}, ${dashboardHistory.refId}) in ${overflow}`));
}

export async function incrementCounter(db: Db, ownerId: string, counter: keyof HistoryCounters): Promise<void> {
  const column = counter === 'p2p' ? dashboardCounters.p2p : dashboardCounters.team;
  await db
    .insert(dashboardCounters)
    .values({ ownerId, [counter]: 1 })
    .onConflictDoUpdate({ target: dashboardCounters.ownerId, set: { [counter]: sql`${column} + 1` } });
}

/** Deletes every history entry (pair or team run) that names a profile among its actors. */
export async function deleteEntriesWithActor(db: Db, profileId: string): Promise<void> {
  await db.delete(dashboardHistory).where(sql`${dashboardHistory.actors} @> ${JSON.stringify([{ id: profileId }])}::jsonb`);
}
