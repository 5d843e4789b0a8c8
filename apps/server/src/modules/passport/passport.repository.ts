import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Role } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { administrators, estimators, linkTokens, owners } from '../../db/schema/index.ts';

/** What sign-in needs to know of a user of any role. */
export type Account = { id: string; email: string; passwordHash: string | null; deleted: boolean; verified: boolean };

export type LinkKind = (typeof linkTokens.$inferSelect)['kind'];
export type LinkToken = typeof linkTokens.$inferSelect;

const accountColumns = {
  owner: { id: owners.id, email: owners.email, passwordHash: owners.passwordHash, status: owners.status, verifiedAt: owners.verifiedAt },
  estimator: { id: estimators.id, email: estimators.email, passwordHash: estimators.passwordHash, status: estimators.status },
  administrator: { id: administrators.id, email: administrators.email, passwordHash: administrators.passwordHash },
};

type Row = { id: string; email: string; passwordHash: string | null; status?: 'active' | 'deleted'; verifiedAt?: Date | null };

const toAccount = (role: Role, row: Row | undefined): Account | undefined =>
  row && {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    deleted: row.status === 'deleted',
    // Only owners verify their address; estimators and administrators are created by an administrator.
    verified: role === 'owner' ? Boolean(row.verifiedAt) : true,
  };

/** Finds a user by the name he signs in with: the e-mail, or for estimators also the username. */
export async function findAccountByLogin(db: Db, role: Role, login: string): Promise<Account | undefined> {
  const name = login.trim().toLowerCase();
  if (role === 'owner') {
    const [row] = await db.select(accountColumns.owner).from(owners).where(eq(owners.email, name)).limit(1);
    return toAccount(role, row);
  }
  if (role === 'estimator') {
    const [row] = await db
      .select(accountColumns.estimator)
      .from(estimators)
      .where(or(eq(sql`lower(${estimators.email})`, name), eq(sql`lower(${estimators.username})`, name)))
      .limit(1);
    return toAccount(role, row);
  }
  const [row] = await db.select(accountColumns.administrator).from(administrators).where(eq(administrators.email, name)).limit(1);
  return toAccount(role, row);
}

export async function findAccountById(db: Db, role: Role, id: string): Promise<Account | undefined> {
  if (role === 'owner') return toAccount(role, (await db.select(accountColumns.owner).from(owners).where(eq(owners.id, id)).limit(1))[0]);
  if (role === 'estimator') return toAccount(role, (await db.select(accountColumns.estimator).from(estimators).where(eq(estimators.id, id)).limit(1))[0]);
  return toAccount(role, (await db.select(accountColumns.administrator).from(administrators).where(eq(administrators.id, id)).limit(1))[0]);
}

export async function setPasswordHash(db: Db, role: Role, id: string, passwordHash: string): Promise<void> {
  if (role === 'owner') await db.update(owners).set({ passwordHash }).where(eq(owners.id, id));
  else if (role === 'estimator') await db.update(estimators).set({ passwordHash }).where(eq(estimators.id, id));
  else await db.update(administrators).set({ passwordHash }).where(eq(administrators.id, id));
}

export async function touchLastVisit(db: Db, role: Role, id: string): Promise<void> {
  const lastVisitAt = new Date();
  if (role === 'owner') await db.update(owners).set({ lastVisitAt }).where(eq(owners.id, id));
  else if (role === 'estimator') await db.update(estimators).set({ lastVisitAt }).where(eq(estimators.id, id));
  else await db.update(administrators).set({ lastVisitAt }).where(eq(administrators.id, id));
}

/** Inserts an owner; false when the address is taken (the unique index decides, so concurrent sign-ups are safe). */
export async function insertOwner(db: Db, row: typeof owners.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(owners).values(row).onConflictDoNothing().returning({ id: owners.id });
  return inserted.length === 1;
}

/**
 * Marks an owner's address proven and clears the password set before the proof, atomically. True only for the call
 * that proved it first (the row is updated once); the password of a verified owner is never touched here.
 */
export async function markOwnerVerified(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(owners)
    .set({ verifiedAt: new Date(), passwordHash: null })
    .where(and(eq(owners.id, id), isNull(owners.verifiedAt)))
    .returning({ id: owners.id });
  return rows.length === 1;
}

export async function insertLinkToken(db: Db, row: typeof linkTokens.$inferInsert): Promise<void> {
  await db.insert(linkTokens).values(row);
}

export async function findLinkToken(db: Db, tokenHash: string): Promise<LinkToken | undefined> {
  const [row] = await db.select().from(linkTokens).where(eq(linkTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Uses a link once: only an unused, unexpired token of the kind and role is taken, atomically. */
export async function consumeLinkToken(db: Db, tokenHash: string, kind: LinkKind, role: Role): Promise<LinkToken | undefined> {
  const [row] = await db
    .update(linkTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(linkTokens.tokenHash, tokenHash),
        eq(linkTokens.kind, kind),
        eq(linkTokens.role, role),
        isNull(linkTokens.usedAt),
        gt(linkTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Invalidates a user's outstanding links of the given kinds (after a reset, or when the account goes). */
export async function deleteSubjectLinks(db: Db, role: Role, subjectId: string, kinds: LinkKind[]): Promise<void> {
  await db.delete(linkTokens).where(and(eq(linkTokens.role, role), eq(linkTokens.subjectId, subjectId), inArray(linkTokens.kind, kinds)));
}

export async function countAdministrators(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(administrators);
  return Number(row?.n ?? 0);
}

/** Inserts an administrator; false when the address is taken. */
export async function insertAdministrator(db: Db, row: typeof administrators.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(administrators).values(row).onConflictDoNothing().returning({ id: administrators.id });
  return inserted.length === 1;
}
