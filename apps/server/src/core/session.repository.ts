import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@teamcast/contracts';
import type { Db } from './db.ts';
import { sessions } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Notification channel that names ended sessions (a JSON array of session ids), so every server process closes their
 * websockets. Sent from the same connection as the revocation: inside a transaction it is delivered at commit only.
 */
export const SESSIONS_ENDED_CHANNEL = 'teamcast_sessions_ended';
/** Session ids per notification: 200 × 26 bytes stays well under PostgreSQL's 8000-byte payload limit. */
const IDS_PER_NOTIFICATION = 200;

const endedHere = new Set<(ids: readonly string[]) => void>();

/**
 * Listens to sessions ended by this process, told at once (the notification reaches every process, this one included,
 * only when the statement's transaction commits). Returns the unsubscribe.
 */
export function onSessionsEndedHere(listener: (ids: readonly string[]) => void): () => void {
  endedHere.add(listener);
  return () => endedHere.delete(listener);
}

async function announceEnded(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const listener of endedHere) listener(ids);
  for (let start = 0; start < ids.length; start += IDS_PER_NOTIFICATION) {
    await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify(ids.slice(start, start + IDS_PER_NOTIFICATION))})`);
  }
}

export async function insertSession(db: Db, row: { id: string; role: Role; subjectId: string; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await announceEnded(
    db,
    rows.map((row) => row.id),
  );
}

/** Ends every session of a user, except optionally the one in use. Returns how many were ended. */
export async function revokeSubjectSessions(db: Db, role: Role, subjectId: string, exceptId?: string): Promise<number> {
  const conditions = [eq(sessions.role, role), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)];
  if (exceptId) conditions.push(ne(sessions.id, exceptId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  await announceEnded(
    db,
    rows.map((row) => row.id),
  );
  return rows.length;
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
}
