import { and, count, desc, eq, ilike, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../core/db.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A message is tried at most this many times; the back-off doubles from 1 minute (MAIL_RETRY_SECONDS) up to 6 hours. */
export const MAX_ATTEMPTS = 12;

export async function insertMessage(db: Db, row: typeof mailOutbox.$inferInsert): Promise<void> {
  await db.insert(mailOutbox).values(row);
}

/**
 * Takes due messages for one delivery attempt: counts the attempt and moves the next one back before sending, so a
 * crash mid-send retries later and concurrent processes never take the same message (skip locked).
 */
export async function claimDue(db: Db, id?: string, limit = 10, retrySeconds = 60): Promise<OutboxRow[]> {
  const conditions = [isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`), lt(mailOutbox.attempts, MAX_ATTEMPTS)];
  if (id) conditions.push(eq(mailOutbox.id, id));
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => least(${retrySeconds} * power(2, ${mailOutbox.attempts}), 21600))`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Sent: the bodies (which may hold a sign-in link) are cleared, the record of sending stays. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: new Date(), textBody: '', htmlBody: '', lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}

export async function listMessages(db: Db, to?: string, limit = 50): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.toAddress, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

/** One page of the outbox, newest first, optionally of recipients whose address contains `to` (any case). */
export async function listOutbox(db: Db, query: { to?: string | undefined; limit: number; offset: number }): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = query.to ? ilike(mailOutbox.toAddress, `%${query.to.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
