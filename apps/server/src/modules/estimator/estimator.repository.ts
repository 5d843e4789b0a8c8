import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { EstimatorProfilesQuerySchema } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { afterCursor, keysetPage, sortKeyOf } from '../../core/keyset.repository.ts';
import { estimators, profileEstimates, profiles } from '../../db/schema/index.ts';
import { SCORED_KINDS } from '../scoring/scored-kinds.ts';

export type EstimateRow = typeof profileEstimates.$inferSelect;
export type AssignedProfileRow = { profile: typeof profiles.$inferSelect; estimate: EstimateRow };
type ListQuery = z.output<typeof EstimatorProfilesQuerySchema>;

/** Profiles an estimator may work on: completed ones of the scored kinds. */
const workable = and(eq(profiles.state, 'ack_a'), inArray(profiles.kind, [...SCORED_KINDS]));

function filterConditions(estimatorId: string, query: ListQuery): (SQL | undefined)[] {
  const e = profileEstimates;
  const conditions: (SQL | undefined)[] = [eq(e.estimatorId, estimatorId), workable];
  switch (query.filter) {
    case 'notEstimated':
      conditions.push(isNull(e.score), isNull(e.skipStatus));
      break;
    case 'estimated':
      conditions.push(isNotNull(e.score));
      break;
    case 'skipNormal':
      conditions.push(eq(e.skipStatus, 'normal'));
      break;
    case 'skipSuspicious':
      conditions.push(eq(e.skipStatus, 'suspicious'));
      break;
    case 'view':
      conditions.push(isNotNull(e.viewedAt), isNull(e.score));
      break;
    case 'all':
      break;
  }
  if (query.gradeFilter) conditions.push(eq(profiles.grade, query.gradeFilter));
  if (query.existComment !== undefined) conditions.push(query.existComment ? ne(e.note, '') : eq(e.note, ''));
  if (query.onlyUnrated) conditions.push(isNull(e.score));
  if (query.estimateStatus) conditions.push(query.estimateStatus === 'estimated' ? isNotNull(e.score) : isNull(e.score));
  if (query.skipStatus) conditions.push(eq(e.skipStatus, query.skipStatus));
  return conditions;
}

/**
 * One page of the estimator's assigned profiles matching the filters, how many match, and the next page's cursor (a
 * cursor page starts after the cursor's row, core/keyset.repository.ts).
 */
export async function listAssigned(
  db: Db,
  estimatorId: string,
  query: ListQuery,
): Promise<{ rows: AssignedProfileRow[]; total: number; nextCursor: string | null }> {
  const where = and(...filterConditions(estimatorId, query));
  const direction = query.order === 'asc' ? asc : desc;
  const column = query.sort === 'createdAt' ? profiles.createdAt : profiles.updatedAt;
  const rows = await db
    .select({ profile: profiles, estimate: profileEstimates, sortKey: sortKeyOf(column) })
    .from(profileEstimates)
    .innerJoin(profiles, eq(profiles.id, profileEstimates.profileId))
    .where(query.cursor ? and(where, afterCursor(column, profiles.id, query.cursor, query.order)) : where)
    .orderBy(direction(column), direction(profiles.id))
    .limit(query.limit + 1)
    .offset(query.cursor ? 0 : query.offset);
  const [total] = await db.select({ n: count() }).from(profileEstimates).innerJoin(profiles, eq(profiles.id, profileEstimates.profileId)).where(where);
  const page = keysetPage(rows, query.limit, (row) => ({ sortKey: row.sortKey, id: row.profile.id }));
  return { rows: page.rows.map(({ profile, estimate }) => ({ profile, estimate })), total: total?.n ?? 0, nextCursor: page.nextCursor };
}

/** A profile assigned to this estimator; another estimator's profile finds nothing. */
export async function findAssigned(db: Db, estimatorId: string, profileId: string): Promise<AssignedProfileRow | undefined> {
  const [row] = await db
    .select({ profile: profiles, estimate: profileEstimates })
    .from(profileEstimates)
    .innerJoin(profiles, eq(profiles.id, profileEstimates.profileId))
    .where(and(eq(profileEstimates.estimatorId, estimatorId), eq(profileEstimates.profileId, profileId), workable));
  return row;
}

export async function updateEstimate(
  db: Db,
  estimatorId: string,
  profileId: string,
  patch: Partial<typeof profileEstimates.$inferInsert>,
): Promise<EstimateRow> {
  const [row] = await db
    .update(profileEstimates)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(profileEstimates.estimatorId, estimatorId), eq(profileEstimates.profileId, profileId)))
    .returning();
  return row!;
}

export async function batchSizeOf(db: Db, estimatorId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ size: estimators.nextProfileBatch })
    .from(estimators)
    .where(and(eq(estimators.id, estimatorId), eq(estimators.status, 'active')));
  return row?.size;
}

/**
 * Assigns up to `size` workable profiles not yet assigned to the estimator: those with the fewest estimators
 * first (so profiles get second opinions only after every profile has a first), then the oldest update.
 */
export async function assignBatch(db: Db, estimatorId: string, size: number): Promise<number> {
  const others = db
    .select({ profileId: profileEstimates.profileId, n: count().as('n') })
    .from(profileEstimates)
    .groupBy(profileEstimates.profileId)
    .as('others');
  const candidates = await db
    .select({ id: profiles.id })
    .from(profiles)
    .leftJoin(others, eq(others.profileId, profiles.id))
    .where(
      and(
        workable,
        sql`not exists (select 1 from ${profileEstimates} where ${profileEstimates.profileId} = ${profiles.id} and ${profileEstimates.estimatorId} = ${estimatorId})`,
      ),
    )
    .orderBy(sql`coalesce(${others.n}, 0)`, asc(profiles.updatedAt), asc(profiles.id))
    .limit(size);
  if (candidates.length === 0) return 0;
  const inserted = await db
    .insert(profileEstimates)
    .values(candidates.map((candidate) => ({ estimatorId, profileId: candidate.id })))
    .onConflictDoNothing()
    .returning({ profileId: profileEstimates.profileId });
  return inserted.length;
}
