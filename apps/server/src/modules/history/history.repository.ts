import { and, desc, eq, sql } from 'drizzle-orm';
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
  const rows = await db
    .select()
    .from(dashboardHistory)
    .where(eq(dashboardHistory.ownerId, ownerId))
    .orderBy(desc(dashboardHistory.at))
    .limit(HISTORY_MAX);
  return rows.map(toEntry);
}

export async function readCounters(db: Db, ownerId: string): Promise<HistoryCounters> {
  const [row] = await db.select().from(dashboardCounters).where(eq(dashboardCounters.ownerId, ownerId));
  return { p2p: row?.p2p ?? 0, team: row?.team ?? 0 };
}

/** Newest stored time of the owner's entries, so a new entry can be placed strictly after it. */
export async function newestAt(db: Db, ownerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: dashboardHistory.at })
    .from(dashboardHistory)
    .where(eq(dashboardHistory.ownerId, ownerId))
    .orderBy(desc(dashboardHistory.at))
    .limit(1);
  return row?.at ?? null;
}

export async function deleteEntry(db: Db, ownerId: string, type: HistoryEntryType, refId: string): Promise<number> {
  const rows = await db
    .delete(dashboardHistory)
    .where(and(eq(dashboardHistory.ownerId, ownerId), eq(dashboardHistory.type, type), eq(dashboardHistory.refId, refId)))
    .returning({ refId: dashboardHistory.refId });
  return rows.length;
}

export async function deleteType(db: Db, ownerId: string, type: HistoryEntryType): Promise<void> {
  await db.delete(dashboardHistory).where(and(eq(dashboardHistory.ownerId, ownerId), eq(dashboardHistory.type, type)));
}

/** Pair entries of exactly these people (in either order): the same pair seen again is not a new entry. */
export async function deletePairsOf(db: Db, ownerId: string, actorIds: [string, string]): Promise<void> {
  const sorted = JSON.stringify([...actorIds].sort());
  await db.delete(dashboardHistory).where(
    and(
      eq(dashboardHistory.ownerId, ownerId),
      eq(dashboardHistory.type, 'pair'),
      sql`(select coalesce(jsonb_agg(a->>'id' order by a->>'id'), '[]'::jsonb) from jsonb_array_elements(${dashboardHistory.actors}) a) = ${sorted}::jsonb`,
    ),
  );
}

export async function insertEntry(db: Db, ownerId: string, entry: Omit<HistoryEntry, 'at'>, at: Date): Promise<void> {
  await db.insert(dashboardHistory).values({ ownerId, type: entry.type, refId: entry.id, title: entry.title, actors: entry.actors, scenes: entry.scenes, at });
}

/** Drops everything past the newest HISTORY_MAX entries of the owner. */
export async function trim(db: Db, ownerId: string): Promise<void> {
  const keep = await db
    .select({ type: dashboardHistory.type, refId: dashboardHistory.refId })
    .from(dashboardHistory)
    .where(eq(dashboardHistory.ownerId, ownerId))
    .orderBy(desc(dashboardHistory.at))
    .offset(HISTORY_MAX);
  for (const row of keep) await deleteEntry(db, ownerId, row.type, row.refId);
}

export async function incrementCounter(db: Db, ownerId: string, counter: keyof HistoryCounters): Promise<void> {
  const column = counter === 'p2p' ? dashboardCounters.p2p : dashboardCounters.team;
  await db
    .insert(dashboardCounters)
    .values({ ownerId, [counter]: 1 })
    .onConflictDoUpdate({ target: dashboardCounters.ownerId, set: { [counter]: sql`${column} + 1` } });
}
