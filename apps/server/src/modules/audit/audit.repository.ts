import crypto from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db.ts';
import { adminAuditLog, administrators } from '../../db/schema/index.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type AuditInsert = Omit<typeof adminAuditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertAuditEntries(db: Db, entries: AuditInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(adminAuditLog).values(entries.map((entry) => ({ id: crypto.randomUUID(), ...entry })));
}

export async function listAuditEntries(
  db: Db,
  options: { limit: number; offset: number; entity?: string; entityId?: string },
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (options.entity) conditions.push(eq(adminAuditLog.entity, options.entity));
  if (options.entityId) conditions.push(eq(adminAuditLog.entityId, options.entityId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(adminAuditLog).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** The administrator's e-mail, copied into each entry so the log still reads after the account is gone. */
export async function findAdministratorEmail(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ email: administrators.email }).from(administrators).where(eq(administrators.id, id)).limit(1);
  return row?.email ?? null;
}

/** Entries of one action, newest first. */
export async function listAuditEntriesOfAction(db: Db, action: string, limit: number): Promise<AuditRow[]> {
  return db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action)).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(limit);
}
