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
 * Records a run as the owner's newest entry, in one statement: the database function `dashboard_history_record`
 * (migration 202611261230_record_history) applies the rules under the owner's lock: what the entry replaces goes, the
 * entry is added at `now` or just after the newest, the list is cut to HISTORY_MAX, and a pair or team run is counted.
 */
export async function record(db: Db, ownerId: string, entry: Omit<HistoryEntry, 'at'>, now: Date): Promise<void> {
  await db.execute(
    sql`select dashboard_history_record(${ownerId}, ${entry.type}, ${entry.id}, ${entry.title}, ${JSON.stringify(entry.actors)}::jsonb, ${JSON.stringify(entry.scenes)}::jsonb, ${now.toISOString()}::timestamptz, ${HISTORY_MAX}::integer)`,
  );
}

/** Deletes every history entry (pair or team run) that names a profile among its actors. */
export async function deleteEntriesWithActor(db: Db, profileId: string): Promise<void> {
  await db.delete(dashboardHistory).where(sql`${dashboardHistory.actors} @> ${JSON.stringify([{ id: profileId }])}::jsonb`);
}
