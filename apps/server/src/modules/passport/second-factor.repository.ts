import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Role } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { recoveryCodes, secondFactors, signInChallenges } from '../../db/schema/index.ts';

export type SecondFactorRow = typeof secondFactors.$inferSelect;
export type ChallengeRow = typeof signInChallenges.$inferSelect;

const factorOf = (role: Role, subjectId: string) => and(eq(secondFactors.role, role), eq(secondFactors.subjectId, subjectId));

export async function findSecondFactor(db: Db, role: Role, subjectId: string): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(secondFactors).where(factorOf(role, subjectId)).limit(1);
  return row;
}

/** Keeps a new, not yet confirmed secret; an enabled factor is left alone (false then). */
export async function upsertPendingSecondFactor(db: Db, role: Role, subjectId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ role, subjectId, sealedSecret })
    .onConflictDoUpdate({
      target: [secondFactors.role, secondFactors.subjectId],
      set: { sealedSecret, lastStep: null, createdAt: new Date() },
      setWhere: isNull(secondFactors.enabledAt),
    })
    .returning({ subjectId: secondFactors.subjectId });
  return rows.length === 1;
}

/** An enabled factor from the command line, replacing whatever was there. */
export async function putEnabledSecondFactor(db: Db, role: Role, subjectId: string, sealedSecret: string): Promise<void> {
  const enabledAt = new Date();
  await db
    .insert(secondFactors)
    .values({ role, subjectId, sealedSecret, enabledAt })
    .onConflictDoUpdate({ target: [secondFactors.role, secondFactors.subjectId], set: { sealedSecret, lastStep: null, enabledAt } });
}

/**
 * Takes a time step for the factor, atomically: only a step later than the last accepted one, so each code works once
 * (and no older code works after a newer one). `enabled` says whether the factor must be on or still pending.
 */
export async function claimStep(db: Db, role: Role, subjectId: string, step: number, enabled: boolean): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(
      and(
        factorOf(role, subjectId),
        enabled ? isNotNull(secondFactors.enabledAt) : isNull(secondFactors.enabledAt),
        or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
      ),
    )
    .returning({ subjectId: secondFactors.subjectId });
  return rows.length === 1;
}

export async function markSecondFactorEnabled(db: Db, role: Role, subjectId: string): Promise<void> {
  await db.update(secondFactors).set({ enabledAt: new Date() }).where(factorOf(role, subjectId));
}

/** Removes the factor and its recovery codes; true when there was one. */
export async function deleteSecondFactor(db: Db, role: Role, subjectId: string): Promise<boolean> {
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.role, role), eq(recoveryCodes.subjectId, subjectId)));
  const rows = await db.delete(secondFactors).where(factorOf(role, subjectId)).returning({ subjectId: secondFactors.subjectId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Db, role: Role, subjectId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.role, role), eq(recoveryCodes.subjectId, subjectId)));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ role, subjectId, codeHash })));
}

/** Uses a recovery code once, atomically. */
export async function useRecoveryCode(db: Db, role: Role, subjectId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.role, role), eq(recoveryCodes.subjectId, subjectId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, role: Role, subjectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.role, role), eq(recoveryCodes.subjectId, subjectId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** How long a challenge's wrong codes still count against its user after it expired, in minutes. */
const FAILURES_KEPT_MINUTES = 15;

export async function insertChallenge(db: Db, row: typeof signInChallenges.$inferInsert): Promise<void> {
  // Each new challenge sweeps those expired long enough that their wrong codes no longer count.
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now() - make_interval(mins => ${FAILURES_KEPT_MINUTES})`));
  await db.insert(signInChallenges).values(row);
}

/** Drops a user's sign-in challenges (pending second steps), as when his second factor ends with the first proof of his address. */
export async function deleteSubjectChallenges(db: Db, role: Role, subjectId: string): Promise<void> {
  await db.delete(signInChallenges).where(and(eq(signInChallenges.role, role), eq(signInChallenges.subjectId, subjectId)));
}

/** Wrong codes given for a user's challenges that expired less than 15 minutes ago or live still. */
export async function countRecentFailures(db: Db, role: Role, subjectId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${signInChallenges.attempts}), 0)` })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.role, role),
        eq(signInChallenges.subjectId, subjectId),
        gt(signInChallenges.expiresAt, sql`now() - make_interval(mins => ${FAILURES_KEPT_MINUTES})`),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A challenge that is unused, unexpired and has tries left. */
export async function findLiveChallenge(db: Db, tokenHash: string, maxAttempts: number): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, maxAttempts),
      ),
    )
    .limit(1);
  return row;
}

export async function countFailedAttempt(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(eq(signInChallenges.tokenHash, tokenHash));
}

/** Uses a challenge once, atomically; false when it was used, expired or out of tries meanwhile. */
export async function consumeChallenge(db: Db, tokenHash: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ tokenHash: signInChallenges.tokenHash });
  return rows.length === 1;
}
