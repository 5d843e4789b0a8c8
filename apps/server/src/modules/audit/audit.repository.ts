import crypto from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db.ts';
import { afterCursor, keysetPage, sortKeyOf } from '../../core/keyset.repository.ts';
import { adminAuditLog, administrators } from '../../db/schema/index.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type AuditInsert = Omit<typeof adminAuditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertAuditEntries(db: Db, entries: AuditInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(adminAuditLog).values(entries.map((entry) => ({ id: crypto.randomUUID(), ...entry })));
}

/** One page of the log, newest first (by offset, or after a cursor: core/keyset.repository.ts), how many match, and the next cursor. */
export async function listAuditEntries(
  db: Db,
  options: { limit: number; offset: number; entity?: string; entityId?: string; cursor?: string },
): Promise<{ rows: AuditRow[]; total: number; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (options.entity) conditions.push(eq(adminAuditLog.entity, options.entity));
  if (options.entityId) conditions.push(eq(adminAuditLog.entityId, options.entityId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ entry: adminAuditLog, sortKey: sortKeyOf(adminAuditLog.createdAt) })
    .from(adminAuditLog)
    .where(options.cursor ? and(where, afterCursor(adminAuditLog.createdAt, adminAuditLog.id, options.cursor, 'desc')) : where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(options.limit + 1)
    .offset(options.cursor ? 0 : options.offset);
  const [total] = await db.select({ value: count() }).from(adminAuditLog).where(where);
  const page = keysetPage(rows, options.limit, (row) => ({ sortKey: row.sortKey, id: row.entry.id }));
  return { rows: page.rows.map((row) => row.entry), total: total?.value ?? 0, nextCursor: page.nextCursor };
}

export async function findAdministratorEmail(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ email: administrators.email }).from(administrators).where(eq(administrators.id, id)).limit(1);
  return row?.email ?? null;
}

/** Entries of one action, newest first. */
export async function listAuditEntriesOfAction(db: Db, action: string, limit: number): Promise<AuditRow[]> {
  return db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action)).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(limit);
}
