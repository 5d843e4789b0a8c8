import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../core/db.ts';
import { computeJobs } from '../../db/schema/index.ts';

export type JobKind = 'scene';
export type JobRow = typeof computeJobs.$inferSelect;

export async function insertJob(db: Db, job: { id: string; ownerId: string; kind: JobKind; subjectId: string; input: unknown }): Promise<void> {
  await db.insert(computeJobs).values(job);
}

/**
 * Claims a job that is queued, or running under a lock older than `staleMs` (its process died), round-robin between
 * owners: the owner served longest ago (or never) goes first, so one owner's backlog never holds another owner's job
 * back for more than one job per worker; within an owner, oldest first. An owner was last served when one of his jobs
 * was last claimed or finished. SKIP LOCKED makes concurrent claimers take different jobs, so a job runs once.
 */
export async function claimJob(database: Database, workerId: string, staleMs: number): Promise<JobRow | undefined> {
  const stale = sql`now() - make_interval(secs => ${staleMs / 1000})`;
  const [row] = await database.db
    .update(computeJobs)
    .set({ status: 'running', lockedBy: workerId, lockedAt: sql`now()`, attempts: sql`${computeJobs.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      eq(
        computeJobs.id,
        sql`(select waiting.id from compute_jobs as waiting
              where waiting.status = 'queued' or (waiting.status = 'running' and waiting.locked_at < ${stale})
              order by (select max(greatest(served.locked_at, served.finished_at)) from compute_jobs as served
                         where served.owner_id = waiting.owner_id and served.status <> 'queued') asc nulls first,
                       waiting.created_at
              limit 1 for update of waiting skip locked)`,
      ),
    )
    .returning();
  return row;
}

/** Renews the lock of a running job; false when another process has taken it over. */
export async function renewLock(db: Db, id: string, workerId: string): Promise<boolean> {
  const rows = await db
    .update(computeJobs)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(computeJobs.id, id), eq(computeJobs.lockedBy, workerId), eq(computeJobs.status, 'running')))
    .returning({ id: computeJobs.id });
  return rows.length > 0;
}

/** Raises the stored phase (never lowers it). */
export async function raisePhase(db: Db, id: string, workerId: string, phase: number): Promise<void> {
  await db
    .update(computeJobs)
    .set({ phase: sql`greatest(${computeJobs.phase}, ${phase})`, updatedAt: sql`now()` })
    .where(and(eq(computeJobs.id, id), eq(computeJobs.lockedBy, workerId)));
}

export async function finishJob(db: Db, id: string, workerId: string, resultKey: string): Promise<boolean> {
  const rows = await db
    .update(computeJobs)
    .set({ status: 'done', phase: 5, resultKey, lockedBy: null, lockedAt: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(computeJobs.id, id), eq(computeJobs.lockedBy, workerId), eq(computeJobs.status, 'running')))
    .returning({ id: computeJobs.id });
  return rows.length > 0;
}

/** Puts a failed attempt back in the queue, or marks the job failed for good. */
export async function failJob(db: Db, id: string, workerId: string, error: string, final: boolean): Promise<void> {
  await db
    .update(computeJobs)
    .set(
      final
        ? { status: 'failed', error, lockedBy: null, lockedAt: null, finishedAt: sql`now()`, updatedAt: sql`now()` }
        : { status: 'queued', error, lockedBy: null, lockedAt: null, updatedAt: sql`now()` },
    )
    .where(and(eq(computeJobs.id, id), eq(computeJobs.lockedBy, workerId)));
}
