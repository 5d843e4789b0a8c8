import type { Answer } from '@teamcast/contracts';
import { and, count, desc, eq, gt, ilike, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { qualified, type Db, type SqlFragment } from '../../core/db.ts';
import type { ProfileColumns } from '../profiles/profile-usage.ts';
import { computeJobs, profiles, sceneCompares, sceneMembers, sceneSnapshots, scenes } from '../../db/schema/index.ts';

export type SceneRow = typeof scenes.$inferSelect;
export type SceneKind = SceneRow['kind'];
export type JobRow = typeof computeJobs.$inferSelect;
type SceneInsert = typeof scenes.$inferInsert;

/** A profile as the scenes need it: identity, state and scores. */
export type ActorProfile = {
  id: string;
  kind: string;
  firstName: string | null;
  lastName: string | null;
  position: string | null;
  age: number | null;
  gender: 'М' | 'Ж' | null;
  state: string;
  isDemo: boolean;
  isShort: boolean;
  competencies: number | null;
  professionalism: number | null;
  maturity: number | null;
  grade: 'JUNIOR' | 'JUNIOR PLUS' | 'MIDDLE' | 'MIDDLE PLUS' | 'SENIOR' | 'SENIOR PLUS' | null;
  /** The answers the engine's traits come from (scoring/engine-person.ts). */
  answers: Answer[];
};

const GONE_STATES = ['deleted', 'delete_keep'] as const;
/** Profiles of the work questionnaire (full or short) take part in teams; love and couple profiles do not. */
const WORK_KINDS = ['standard', 'short'] as const;

const actorProfileColumns = {
  id: profiles.id,
  kind: profiles.kind,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  position: profiles.position,
  age: profiles.age,
  gender: profiles.gender,
  state: profiles.state,
  isDemo: profiles.isDemo,
  isShort: profiles.isShort,
  competencies: profiles.competencies,
  professionalism: profiles.professionalism,
  maturity: profiles.maturity,
  grade: profiles.grade,
  answers: profiles.answers,
};

/** Completed and scored, with the age and gender the engine needs. */
const eligibleCondition = and(
  inArray(profiles.kind, [...WORK_KINDS]),
  eq(profiles.state, 'ack_a'),
  isNotNull(profiles.competencies),
  isNotNull(profiles.professionalism),
  isNotNull(profiles.maturity),
  isNotNull(profiles.age),
  isNotNull(profiles.gender),
);

// ---------------------------------------------------------------------------------------------- scenes

export async function insertScene(db: Db, row: SceneInsert): Promise<SceneRow> {
  const [created] = await db.insert(scenes).values(row).returning();
  return created!;
}

export async function findScene(db: Db, ownerId: string, id: string, kind: SceneKind = 'team'): Promise<SceneRow | undefined> {
  const [row] = await db
    .select()
    .from(scenes)
    .where(and(eq(scenes.id, id), eq(scenes.ownerId, ownerId), eq(scenes.kind, kind)))
    .limit(1);
  return row;
}

export async function findScenes(db: Db, ownerId: string, ids: string[]): Promise<SceneRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(scenes)
    .where(and(eq(scenes.ownerId, ownerId), eq(scenes.kind, 'team'), inArray(scenes.id, ids)));
}

export async function findSandbox(db: Db, ownerId: string): Promise<SceneRow | undefined> {
  const [row] = await db
    .select()
    .from(scenes)
    .where(and(eq(scenes.ownerId, ownerId), eq(scenes.kind, 'sandbox')))
    .limit(1);
  return row;
}

/** Writes a scene's fields; `inputChanged` marks earlier runs stale and drops the cached result. */
export async function updateScene(db: Db, id: string, patch: Partial<SceneInsert>, inputChanged: boolean): Promise<SceneRow> {
  const [row] = await db
    .update(scenes)
    .set({
      ...patch,
      updatedAt: sql`now()`,
      ...(inputChanged ? { inputChangedAt: sql`now()`, resultJobId: null, summary: null, compareIndicators: null, band: null, actorMoods: null } : {}),
    })
    .where(eq(scenes.id, id))
    .returning();
  return row!;
}

export async function listScenes(db: Db, ownerId: string, query: { search?: string | undefined; limit: number; offset: number }) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(eq(scenes.ownerId, ownerId), eq(scenes.kind, 'team'), pattern ? ilike(scenes.title, pattern) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(scenes).where(where).orderBy(desc(scenes.createdAt), desc(scenes.id)).limit(query.limit).offset(query.offset),
    db.select({ value: count() }).from(scenes).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Serialises an owner's scene creations until the transaction ends (a transaction-scoped advisory lock), so the team
 * cap and the one sandbox per owner are counted and written by one request at a time, across processes.
 */
export async function lockOwnerScenes(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`scenes:${ownerId}`}, 0))`);
}

export async function countTeams(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(scenes)
    .where(and(eq(scenes.ownerId, ownerId), eq(scenes.kind, 'team')));
  return row?.value ?? 0;
}

/**
 * Deletes scenes of an owner with their runs (inputs; snapshot links go with the runs by their foreign key). Answers
 * the deleted ids and the runs' dataset keys, for the storage to drop once the transaction has committed.
 */
export async function deleteScenes(db: Db, ownerId: string, ids: string[] | 'all'): Promise<{ ids: string[]; datasetKeys: string[] }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await tx
      .delete(scenes)
      .where(and(eq(scenes.ownerId, ownerId), eq(scenes.kind, 'team'), ids === 'all' ? undefined : inArray(scenes.id, ids)))
      .returning({ id: scenes.id });
    const deleted = rows.map((row) => row.id);
    const jobs =
      deleted.length === 0
        ? []
        : await tx
            .delete(computeJobs)
            .where(and(eq(computeJobs.ownerId, ownerId), inArray(computeJobs.subjectId, deleted)))
            .returning({ resultKey: computeJobs.resultKey });
    return { ids: deleted, datasetKeys: jobs.flatMap((job) => (job.resultKey ? [job.resultKey] : [])) };
  });
}

/**
 * Deletes the finished runs of a scene beyond its newest `keep` runs (queued and running ones are never touched).
 * Answers the dataset keys of the deleted runs.
 */
export async function pruneSceneRuns(db: Db, ownerId: string, sceneId: string, keep: number): Promise<string[]> {
  const newest = db
    .select({ id: computeJobs.id })
    .from(computeJobs)
    .where(and(eq(computeJobs.ownerId, ownerId), eq(computeJobs.subjectId, sceneId)))
    .orderBy(desc(computeJobs.createdAt), desc(computeJobs.id))
    .limit(keep);
  const rows = await db
    .delete(computeJobs)
    .where(
      and(
        eq(computeJobs.ownerId, ownerId),
        eq(computeJobs.subjectId, sceneId),
        inArray(computeJobs.status, ['done', 'failed']),
        notInArray(computeJobs.id, newest),
      ),
    )
    .returning({ resultKey: computeJobs.resultKey });
  return rows.flatMap((row) => (row.resultKey ? [row.resultKey] : []));
}

/** Scenes with more than `keep` runs stored, at most `limit` of them. */
export async function scenesOverRunLimit(db: Db, keep: number, limit: number): Promise<Array<{ ownerId: string; sceneId: string }>> {
  return db
    .select({ ownerId: computeJobs.ownerId, sceneId: computeJobs.subjectId })
    .from(computeJobs)
    .where(eq(computeJobs.kind, 'scene'))
    .groupBy(computeJobs.ownerId, computeJobs.subjectId)
    .having(sql`count(*) > ${keep}`)
    .limit(limit);
}

/**
 * Finished runs whose scene no longer exists (left by deletions before runs were deleted with their team), at most
 * `limit` per call. Answers the dataset keys of the deleted runs.
 */
export async function deleteOrphanRuns(db: Db, limit: number): Promise<string[]> {
  const orphans = db
    .select({ id: computeJobs.id })
    .from(computeJobs)
    .where(
      and(
        eq(computeJobs.kind, 'scene'),
        inArray(computeJobs.status, ['done', 'failed']),
        sql`not exists (select 1 from ${scenes} where ${scenes.id} = ${computeJobs.subjectId})`,
      ),
    )
    .limit(limit);
  const rows = await db.delete(computeJobs).where(inArray(computeJobs.id, orphans)).returning({ resultKey: computeJobs.resultKey });
  return rows.flatMap((row) => (row.resultKey ? [row.resultKey] : []));
}

/**
 * The scenes holding a profile, within its owner's scenes only (a profile takes part only in its owner's teams): an
 * indexed lookup of scene_members, so it costs the same whatever other owners store.
 */
const scenesWithProfile = (profileId: string) =>
  and(eq(sceneMembers.profileId, profileId), eq(sceneMembers.ownerId, sql`(select ${profiles.ownerId} from ${profiles} where ${profiles.id} = ${profileId})`));

/**
 * The same count as a sub-select of a profile's own statement (profile-usage.ts): the owner's scenes that hold it,
 * by the indexed owner and profile of scene_members.
 */
export const scenesUsingProfileSql = (profile: ProfileColumns): SqlFragment<number> =>
  sql<number>`(select count(*) from ${sceneMembers} where ${qualified(sceneMembers.ownerId)} = ${profile.ownerId} and ${qualified(sceneMembers.profileId)} = ${profile.id})`;

/**
 * A profile's mood in its owner's latest computed team run that includes it (the run's job order, newest first), as a
 * sub-select of the profile's own statement; null when no computed team holds it.
 */
export const latestMoodSql = (profile: ProfileColumns): SqlFragment<string | null> =>
  sql<
    string | null
  >`(select ${qualified(scenes.actorMoods)} ->> ${profile.id} from ${scenes} inner join ${computeJobs} on ${qualified(computeJobs.id)} = ${qualified(scenes.resultJobId)}
    where ${qualified(scenes.ownerId)} = ${profile.ownerId} and ${qualified(scenes.kind)} = 'team' and ${qualified(scenes.actorMoods)} ? ${profile.id}
    order by ${qualified(computeJobs.createdAt)} desc, ${qualified(scenes.id)} desc limit 1)`;

/**
 * Stores the indicators of a finished run, unless the scene changed since that run started or it already holds those of
 * a later finished run (two runs of one team can be in flight at once, and finish in either order).
 */
export async function cacheResult(
  db: Db,
  sceneId: string,
  job: JobRow,
  result: { summary: unknown; compareIndicators: unknown; band: unknown; actorMoods: Record<string, string> },
): Promise<void> {
  await db
    .update(scenes)
    .set({ resultJobId: job.id, ...result })
    .where(
      and(
        eq(scenes.id, sceneId),
        sql`${scenes.inputChangedAt} <= ${job.createdAt.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${computeJobs} as cached where cached.id = ${qualified(scenes.resultJobId)} and cached.id <> ${job.id}
              and cached.status = 'done' and cached.created_at > (select mine.created_at from ${computeJobs} as mine where mine.id = ${job.id}))`,
      ),
    );
}

// ---------------------------------------------------------------------------------------------- profiles

/** The owner's profiles with these ids (any state). */
export async function findActorProfiles(db: Db, ownerId: string, ids: string[]): Promise<ActorProfile[]> {
  if (ids.length === 0) return [];
  return db
    .select(actorProfileColumns)
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), inArray(profiles.id, ids)));
}

export const isGone = (profile: ActorProfile | undefined) => !profile || (GONE_STATES as readonly string[]).includes(profile.state);

export const isEligible = (
  p: ActorProfile | undefined,
): p is ActorProfile & { competencies: number; professionalism: number; maturity: number; age: number; gender: 'М' | 'Ж' } =>
  Boolean(
    p &&
    (WORK_KINDS as readonly string[]).includes(p.kind) &&
    p.state === 'ack_a' &&
    p.competencies !== null &&
    p.professionalism !== null &&
    p.maturity !== null &&
    p.age !== null &&
    p.gender !== null,
  );

/** The owner's live profiles for the actor picker: eligible first, then newest. */
export async function listPickableProfiles(db: Db, ownerId: string, query: { search?: string | undefined; eligible: boolean; limit: number; offset: number }) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(profiles.ownerId, ownerId),
    notInArray(profiles.state, [...GONE_STATES]),
    inArray(profiles.kind, [...WORK_KINDS]),
    query.eligible ? eligibleCondition : undefined,
    pattern ? or(ilike(profiles.firstName, pattern), ilike(profiles.lastName, pattern), ilike(profiles.position, pattern)) : undefined,
  );
  const eligibleFirst = sql`case when ${eligibleCondition} then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select(actorProfileColumns)
      .from(profiles)
      .where(where)
      .orderBy(eligibleFirst, desc(profiles.createdAt), desc(profiles.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(profiles).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countEligibleProfiles(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), eligibleCondition));
  return row?.value ?? 0;
}

// ---------------------------------------------------------------------------------------------- runs

export async function latestJobs(db: Db, ownerId: string, sceneIds: string[]): Promise<Map<string, JobRow>> {
  if (sceneIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([computeJobs.subjectId])
    .from(computeJobs)
    .where(and(eq(computeJobs.ownerId, ownerId), eq(computeJobs.kind, 'scene'), inArray(computeJobs.subjectId, sceneIds)))
    .orderBy(computeJobs.subjectId, desc(computeJobs.createdAt));
  return new Map(rows.map((row) => [row.subjectId, row]));
}

/** The newest finished run of a scene that started after its input last changed. */
export async function latestFreshDoneJob(db: Db, scene: SceneRow): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(computeJobs)
    .where(
      and(
        eq(computeJobs.ownerId, scene.ownerId),
        eq(computeJobs.subjectId, scene.id),
        eq(computeJobs.status, 'done'),
        sql`${computeJobs.createdAt} >= ${scene.inputChangedAt.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(computeJobs.createdAt))
    .limit(1);
  return row;
}

export async function findSceneJob(db: Db, ownerId: string, sceneId: string, ruid: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(computeJobs)
    .where(and(eq(computeJobs.id, ruid), eq(computeJobs.ownerId, ownerId), eq(computeJobs.subjectId, sceneId), eq(computeJobs.kind, 'scene')))
    .limit(1);
  return row;
}

export async function findJobById(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(computeJobs).where(eq(computeJobs.id, id)).limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------- snapshot links

export async function insertSnapshot(db: Db, row: { tokenHash: string; ownerId: string; jobId: string; expiresAt: Date }): Promise<void> {
  await db.insert(sceneSnapshots).values(row);
  // Expired links are of no use: drop them as new ones are made.
  await db.delete(sceneSnapshots).where(lt(sceneSnapshots.expiresAt, sql`now() - interval '1 day'`));
}

/** The dataset key behind a link that has not expired. */
export async function findSnapshot(db: Db, tokenHash: string): Promise<{ resultKey: string | null; expired: boolean } | undefined> {
  const [row] = await db
    .select({ resultKey: computeJobs.resultKey, expired: sql<boolean>`${sceneSnapshots.expiresAt} <= now()` })
    .from(sceneSnapshots)
    .innerJoin(computeJobs, eq(computeJobs.id, sceneSnapshots.jobId))
    .where(eq(sceneSnapshots.tokenHash, tokenHash))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------- comparisons

export type CompareRow = typeof sceneCompares.$inferSelect;

export async function insertCompare(db: Db, row: { id: string; ownerId: string; sceneIds: string[] }): Promise<CompareRow> {
  const [created] = await db.insert(sceneCompares).values(row).returning();
  return created!;
}

export async function findCompare(db: Db, ownerId: string, id: string): Promise<CompareRow | undefined> {
  const [row] = await db
    .select()
    .from(sceneCompares)
    .where(and(eq(sceneCompares.id, id), eq(sceneCompares.ownerId, ownerId)))
    .limit(1);
  return row;
}

export async function deleteCompare(db: Db, id: string): Promise<void> {
  await db.delete(sceneCompares).where(eq(sceneCompares.id, id));
}

/** Comparisons of the last day that include a scene: their screens reload when its run ends. */
export async function recentComparesWithScene(db: Db, ownerId: string, sceneId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sceneCompares.id })
    .from(sceneCompares)
    .where(
      and(
        eq(sceneCompares.ownerId, ownerId),
        gt(sceneCompares.createdAt, sql`now() - interval '1 day'`),
        sql`${sceneCompares.sceneIds} @> ${JSON.stringify([sceneId])}::jsonb`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Deletes the stored team forecasts of every scene whose actors include a profile: the cached indicators and every run
 * (its input carries the person's scores; its snapshots go with it). Answers the runs' dataset keys for the storage.
 */
export async function eraseSceneRuns(db: Db, profileId: string, now: Date): Promise<string[]> {
  const touched = await db
    .update(scenes)
    .set({ summary: null, compareIndicators: null, band: null, resultJobId: null, inputChangedAt: now, updatedAt: now })
    .where(inArray(scenes.id, db.select({ id: sceneMembers.sceneId }).from(sceneMembers).where(scenesWithProfile(profileId))))
    .returning({ id: scenes.id });
  if (touched.length === 0) return [];
  const jobs = await db
    .delete(computeJobs)
    .where(
      inArray(
        computeJobs.subjectId,
        touched.map((row) => row.id),
      ),
    )
    .returning({ resultKey: computeJobs.resultKey });
  return jobs.map((job) => job.resultKey).filter((key): key is string => Boolean(key));
}
