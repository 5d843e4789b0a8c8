import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../core/db.ts';
import { monitorAlerts, monitorCheckIns, monitorForecastChanges, monitorMembers, monitorOutcomes, monitors } from '../../db/schema/index.ts';

export type { CheckInRatings, MonitorForecast } from '../../db/schema/monitor.ts';

export type MonitorRow = typeof monitors.$inferSelect;
export type MemberRow = typeof monitorMembers.$inferSelect;
export type CheckInRow = typeof monitorCheckIns.$inferSelect;
export type OutcomeRow = typeof monitorOutcomes.$inferSelect;
export type ForecastChangeRow = typeof monitorForecastChanges.$inferSelect;

/** Whether an insert failed on a unique index (both drivers report Postgres' code 23505, possibly as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

export async function insertMonitor(db: Db, row: typeof monitors.$inferInsert, members: Array<typeof monitorMembers.$inferInsert>): Promise<MonitorRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(monitors).values(row).returning();
    if (members.length > 0) await tx.insert(monitorMembers).values(members);
    return created!;
  });
}

export async function findMonitor(db: Db, ownerId: string, id: string): Promise<MonitorRow | undefined> {
  const [row] = await db
    .select()
    .from(monitors)
    .where(and(eq(monitors.ownerId, ownerId), eq(monitors.id, id)));
  return row;
}

export async function findMonitorById(db: Db, id: string): Promise<MonitorRow | undefined> {
  const [row] = await db.select().from(monitors).where(eq(monitors.id, id));
  return row;
}

export async function listMonitors(db: Db, ownerId: string): Promise<MonitorRow[]> {
  return db.select().from(monitors).where(eq(monitors.ownerId, ownerId)).orderBy(asc(monitors.createdAt), asc(monitors.id));
}

/** Every owner's monitors not marked demo, for the calibration across owners. */
export async function listRealMonitors(db: Db): Promise<MonitorRow[]> {
  return db.select().from(monitors).where(eq(monitors.isDemo, false)).orderBy(asc(monitors.createdAt), asc(monitors.id));
}

export async function deleteMonitor(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(monitors)
    .where(and(eq(monitors.ownerId, ownerId), eq(monitors.id, id)))
    .returning({ id: monitors.id });
  return rows.length > 0;
}

export async function membersOf(db: Db, monitorIds: string[]): Promise<MemberRow[]> {
  if (monitorIds.length === 0) return [];
  return db.select().from(monitorMembers).where(inArray(monitorMembers.monitorId, monitorIds)).orderBy(asc(monitorMembers.name), asc(monitorMembers.id));
}

export async function checkInsOf(db: Db, monitorIds: string[]): Promise<CheckInRow[]> {
  if (monitorIds.length === 0) return [];
  return db
    .select()
    .from(monitorCheckIns)
    .where(inArray(monitorCheckIns.monitorId, monitorIds))
    .orderBy(asc(monitorCheckIns.month), asc(monitorCheckIns.createdAt));
}

export async function outcomesOf(db: Db, monitorIds: string[]): Promise<OutcomeRow[]> {
  if (monitorIds.length === 0) return [];
  return db
    .select()
    .from(monitorOutcomes)
    .where(inArray(monitorOutcomes.monitorId, monitorIds))
    .orderBy(asc(monitorOutcomes.day), asc(monitorOutcomes.createdAt));
}

export async function setMemberLink(db: Db, memberId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(monitorMembers).set({ tokenHash, linkExpiresAt: expiresAt }).where(eq(monitorMembers.id, memberId));
}

export async function findMemberByTokenHash(db: Db, tokenHash: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(monitorMembers)
    .where(and(eq(monitorMembers.tokenHash, tokenHash), isNotNull(monitorMembers.linkExpiresAt)));
  return row;
}

export async function findCheckIn(db: Db, memberId: string, month: string): Promise<CheckInRow | undefined> {
  const [row] = await db
    .select()
    .from(monitorCheckIns)
    .where(and(eq(monitorCheckIns.memberId, memberId), eq(monitorCheckIns.month, month)));
  return row;
}

export async function insertCheckIn(db: Db, row: typeof monitorCheckIns.$inferInsert): Promise<void> {
  await db.insert(monitorCheckIns).values(row);
}

export async function insertOutcome(db: Db, row: typeof monitorOutcomes.$inferInsert, leftOn?: { memberId: string; day: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(monitorOutcomes).values(row);
    if (leftOn) await tx.update(monitorMembers).set({ leftOn: leftOn.day }).where(eq(monitorMembers.id, leftOn.memberId));
  });
}

/** Records that a month's alert went out; false when it already had. */
export async function claimAlert(db: Db, monitorId: string, month: string): Promise<boolean> {
  const rows = await db.insert(monitorAlerts).values({ monitorId, month }).onConflictDoNothing().returning({ month: monitorAlerts.month });
  return rows.length > 0;
}

/** The owner's monitor of a team (scene) or a pair, if he monitors it. */
export async function findMonitorOfSubject(db: Db, ownerId: string, kind: MonitorRow['kind'], subjectId: string): Promise<MonitorRow | undefined> {
  const [row] = await db
    .select()
    .from(monitors)
    .where(and(eq(monitors.ownerId, ownerId), eq(monitors.kind, kind), eq(monitors.subjectId, subjectId)));
  return row;
}

/** The latest recorded change of a monitor's forecast. */
export async function latestForecastChange(db: Db, monitorId: string): Promise<ForecastChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(monitorForecastChanges)
    .where(eq(monitorForecastChanges.monitorId, monitorId))
    .orderBy(desc(monitorForecastChanges.createdAt))
    .limit(1);
  return row;
}

/** Every recorded change of the monitors' forecasts, oldest first. */
export async function forecastChangesOf(db: Db, monitorIds: string[]): Promise<ForecastChangeRow[]> {
  if (monitorIds.length === 0) return [];
  return db.select().from(monitorForecastChanges).where(inArray(monitorForecastChanges.monitorId, monitorIds)).orderBy(asc(monitorForecastChanges.createdAt));
}

/** Records a change of a monitor's forecast; false when this change was recorded already. */
export async function claimForecastChange(db: Db, row: typeof monitorForecastChanges.$inferInsert): Promise<boolean> {
  const rows = await db.insert(monitorForecastChanges).values(row).onConflictDoNothing().returning({ changeId: monitorForecastChanges.changeId });
  return rows.length > 0;
}

/** A withdrawn or expired profile's membership goes, and its check-ins with it (on delete cascade). */
export async function deleteMembersOfProfile(db: Db, profileId: string): Promise<void> {
  await db.delete(monitorMembers).where(eq(monitorMembers.profileId, profileId));
}
