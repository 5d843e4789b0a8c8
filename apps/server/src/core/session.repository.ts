import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Role } from '@teamcast/contracts';
import type { Db } from './db.ts';
import { sessions } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Db, row: { id: string; role: Role; subjectId: string; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except optionally the one in use. Returns how many were ended. */
export async function revokeSubjectSessions(db: Db, role: Role, subjectId: string, exceptId?: string): Promise<number> {
  const conditions = [eq(sessions.role, role), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)];
  if (exceptId) conditions.push(ne(sessions.id, exceptId));
  const rows = await db.update(sessions).set({ revokedAt: new Date() }).where(and(...conditions)).returning({ id: sessions.id });
  return rows.length;
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
}
