import { and, asc, count, desc, eq, exists, getTableColumns, gte, ilike, inArray, isNotNull, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminEstimatorsQuerySchema, AdminOwnersQuerySchema, AdminProfilesQuerySchema } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { afterCursor, keysetPage, sortKeyOf } from '../../core/keyset.repository.ts';
import { estimators, owners, profileEstimates, profileFinalScores, profiles, subscriptions } from '../../db/schema/index.ts';

export type OwnerRow = typeof owners.$inferSelect;
export type EstimatorRow = typeof estimators.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type FinalScoreRow = typeof profileFinalScores.$inferSelect;
export type EstimateRow = typeof profileEstimates.$inferSelect & { estimatorName: string };

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const direction = (order: 'asc' | 'desc') => (order === 'asc' ? asc : desc);
/** A day given without a time is that whole day in UTC. */
const dayStart = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
const dayEndExclusive = (value: string) => (value.length === 10 ? new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(value) + 1));

// --- Owners ----------------------------------------------------------------------------------------------------------

/** A subscription in force: active, and not a cancelled one whose period has ended (as `planInForce` reads it). */
const subscriptionInForce = (ownerId: typeof owners.id) =>
  and(
    eq(subscriptions.ownerId, ownerId),
    eq(subscriptions.status, 'active'),
    or(eq(subscriptions.cancelAtPeriodEnd, false), sql`${subscriptions.currentPeriodEnd} > now()`),
  );

function ownerConditions(db: Db, query: z.output<typeof AdminOwnersQuerySchema>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) conditions.push(or(ilike(owners.email, like(query.search)), ilike(owners.companyName, like(query.search))));
  if (query.status === 'active' || query.status === 'deleted') conditions.push(eq(owners.status, query.status));
  if (query.status === 'verified') conditions.push(isNotNull(owners.verifiedAt));
  if (query.status === 'unverified') conditions.push(isNull(owners.verifiedAt));
  if (query.dateStart) conditions.push(gte(owners.createdAt, dayStart(query.dateStart)));
  if (query.dateEnd) conditions.push(lt(owners.createdAt, dayEndExclusive(query.dateEnd)));
  const anySubscription = db.select({ one: sql`1` }).from(subscriptions);
  if (query.subscribe === 'active') conditions.push(exists(anySubscription.where(subscriptionInForce(owners.id))));
  if (query.subscribe === 'none') conditions.push(notExists(anySubscription.where(subscriptionInForce(owners.id))));
  if (query.subscribe && query.subscribe !== 'active' && query.subscribe !== 'none') {
    conditions.push(exists(anySubscription.where(and(eq(subscriptions.ownerId, owners.id), eq(subscriptions.status, query.subscribe)))));
  }
  return and(...conditions);
}

export async function listOwners(db: Db, query: z.output<typeof AdminOwnersQuerySchema>): Promise<{ rows: OwnerRow[]; total: number }> {
  const where = ownerConditions(db, query);
  const column = { createdAt: owners.createdAt, lastVisitAt: owners.lastVisitAt, email: owners.email }[query.sort];
  const rows = await db
    .select()
    .from(owners)
    .where(where)
    .orderBy(sql`${direction(query.order)(column)} nulls last`, asc(owners.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ value: count() }).from(owners).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findOwnerRow(db: Db, id: string): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.id, id)).limit(1);
  return row;
}

export async function findOwnerRows(db: Db, ids: string[]): Promise<OwnerRow[]> {
  return ids.length ? db.select().from(owners).where(inArray(owners.id, ids)) : [];
}

export async function ownerEmailTaken(db: Db, email: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: owners.id })
    .from(owners)
    .where(and(eq(owners.email, email), ne(owners.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function updateOwnerRow(db: Db, id: string, patch: Partial<typeof owners.$inferInsert>): Promise<OwnerRow | undefined> {
  const [row] = await db.update(owners).set(patch).where(eq(owners.id, id)).returning();
  return row;
}

/** Each owner's latest subscription (by start). */
export async function latestSubscriptions(db: Db, ownerIds: string[]): Promise<Map<string, SubscriptionRow>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.ownerId, ownerIds)).orderBy(asc(subscriptions.startedAt));
  return new Map(rows.map((row) => [row.ownerId, row]));
}

/** Profiles per owner that are not deleted. */
export async function profileCounts(db: Db, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: profiles.ownerId, value: count() })
    .from(profiles)
    .where(and(inArray(profiles.ownerId, ownerIds), notInDeleted()))
    .groupBy(profiles.ownerId);
  return new Map(rows.map((row) => [row.ownerId ?? '', row.value]));
}

export async function profilesByIds(db: Db, ids: string[]): Promise<Map<string, ProfileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(profiles).where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Owners that have profiles, with how many, for the profile list's owner filter. */
export async function ownersWithProfiles(db: Db, search: string | undefined) {
  return db
    .select({ _id: owners.id, email: owners.email, companyName: owners.companyName, profilesCount: count(profiles.id) })
    .from(owners)
    .innerJoin(profiles, eq(profiles.ownerId, owners.id))
    .where(search ? or(ilike(owners.email, like(search)), ilike(owners.companyName, like(search))) : undefined)
    .groupBy(owners.id, owners.email, owners.companyName)
    .orderBy(asc(owners.email))
    .limit(500);
}

// --- Estimators ------------------------------------------------------------------------------------------------------

export async function listEstimators(db: Db, query: z.output<typeof AdminEstimatorsQuerySchema>): Promise<{ rows: EstimatorRow[]; total: number }> {
  const where = and(
    eq(estimators.status, 'active'),
    query.search
      ? or(ilike(estimators.name, like(query.search)), ilike(estimators.email, like(query.search)), ilike(estimators.username, like(query.search)))
      : undefined,
  );
  const column = { createdAt: estimators.createdAt, lastVisitAt: estimators.lastVisitAt, name: estimators.name }[query.sort];
  const rows = await db
    .select()
    .from(estimators)
    .where(where)
    .orderBy(sql`${direction(query.order)(column)} nulls last`, asc(estimators.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ value: count() }).from(estimators).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findEstimatorRow(db: Db, id: string): Promise<EstimatorRow | undefined> {
  const [row] = await db
    .select()
    .from(estimators)
    .where(and(eq(estimators.id, id), eq(estimators.status, 'active')))
    .limit(1);
  return row;
}

/** Another estimator (deleted ones too: their addresses stay reserved) already has this e-mail or username. */
export async function estimatorTaken(db: Db, field: 'email' | 'username', value: string, exceptId?: string): Promise<boolean> {
  const column = field === 'email' ? estimators.email : estimators.username;
  const [row] = await db
    .select({ id: estimators.id })
    .from(estimators)
    .where(and(eq(sql`lower(${column})`, value.toLowerCase()), exceptId ? ne(estimators.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertEstimatorRow(db: Db, values: typeof estimators.$inferInsert): Promise<EstimatorRow> {
  const [row] = await db.insert(estimators).values(values).returning();
  return row!;
}

export async function updateEstimatorRow(db: Db, id: string, patch: Partial<typeof estimators.$inferInsert>): Promise<EstimatorRow | undefined> {
  const [row] = await db.update(estimators).set(patch).where(eq(estimators.id, id)).returning();
  return row;
}

/** Profiles each estimator has been given. */
export async function estimateCounts(db: Db, estimatorIds: string[]): Promise<Map<string, number>> {
  if (estimatorIds.length === 0) return new Map();
  const rows = await db
    .select({ estimatorId: profileEstimates.estimatorId, value: count() })
    .from(profileEstimates)
    .where(inArray(profileEstimates.estimatorId, estimatorIds))
    .groupBy(profileEstimates.estimatorId);
  return new Map(rows.map((row) => [row.estimatorId, row.value]));
}

// --- Profiles --------------------------------------------------------------------------------------------------------

const notInDeleted = () => inArray(profiles.state, ['ack_q', 'answered', 'ack_a']);
const estimateWhere = (db: Db, condition: SQL | undefined) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(profileEstimates)
      .where(and(eq(profileEstimates.profileId, profiles.id), condition)),
  );
const rated = (db: Db) =>
  or(
    estimateWhere(db, or(isNotNull(profileEstimates.score), isNotNull(profileEstimates.competencies))),
    exists(
      db
        .select({ one: sql`1` })
        .from(profileFinalScores)
        .where(and(eq(profileFinalScores.profileId, profiles.id), or(isNotNull(profileFinalScores.score), isNotNull(profileFinalScores.competencies)))),
    ),
  );

/** One page of profiles (by offset, or after a cursor: core/keyset.repository.ts), how many match, and the next page's cursor. */
export async function listProfiles(
  db: Db,
  query: z.output<typeof AdminProfilesQuerySchema>,
): Promise<{ rows: ProfileRow[]; total: number; nextCursor: string | null }> {
  const search = query.search
    ? or(
        ilike(profiles.firstName, like(query.search)),
        ilike(profiles.lastName, like(query.search)),
        ilike(profiles.email, like(query.search)),
        eq(profiles.id, query.search),
      )
    : undefined;
  const where = and(
    query.onlyDeleted ? inArray(profiles.state, ['deleted', 'delete_keep']) : notInDeleted(),
    search,
    query.gradeFilter ? eq(profiles.grade, query.gradeFilter) : undefined,
    query.ownerIdFilter ? eq(profiles.ownerId, query.ownerIdFilter) : undefined,
    query.onlyApproved ? eq(profiles.state, 'ack_a') : undefined,
    query.onlyRated ? rated(db) : undefined,
    query.skipStatus ? estimateWhere(db, eq(profileEstimates.skipStatus, query.skipStatus)) : undefined,
  );
  const column = query.sort === 'updatedAt' ? profiles.updatedAt : profiles.createdAt;
  // (column, id) in one direction: the order of profiles_created_id_idx / profiles_updated_id_idx, read forwards or backwards.
  const rows = await db
    .select({ profile: profiles, sortKey: sortKeyOf(column) })
    .from(profiles)
    .where(query.cursor ? and(where, afterCursor(column, profiles.id, query.cursor, query.order)) : where)
    .orderBy(direction(query.order)(column), direction(query.order)(profiles.id))
    .limit(query.limit + 1)
    .offset(query.cursor ? 0 : query.offset);
  const [total] = await db.select({ value: count() }).from(profiles).where(where);
  const page = keysetPage(rows, query.limit, (row) => ({ sortKey: row.sortKey, id: row.profile.id }));
  return { rows: page.rows.map((row) => row.profile), total: total?.value ?? 0, nextCursor: page.nextCursor };
}

export async function findProfileRow(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row;
}

export async function updateProfileRow(db: Db, id: string, patch: Partial<typeof profiles.$inferInsert>): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(profiles.id, id))
    .returning();
  return row;
}

/** Marks the profiles deleted that are not deleted yet; returns the rows as they were. */
export async function markProfilesDeleted(db: Db, ids: string[]): Promise<ProfileRow[]> {
  if (ids.length === 0) return [];
  const before = await db
    .select()
    .from(profiles)
    .where(and(inArray(profiles.id, ids), notInDeleted()));
  if (before.length === 0) return [];
  const now = new Date();
  await db
    .update(profiles)
    .set({ state: 'deleted', deletedAt: now, updatedAt: now })
    .where(
      inArray(
        profiles.id,
        before.map((row) => row.id),
      ),
    );
  return before;
}

export async function estimatesOf(db: Db, profileIds: string[]): Promise<EstimateRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({ ...getTableColumns(profileEstimates), estimatorName: estimators.name })
    .from(profileEstimates)
    .innerJoin(estimators, eq(estimators.id, profileEstimates.estimatorId))
    .where(inArray(profileEstimates.profileId, profileIds));
}

export async function finalScoresOf(db: Db, profileIds: string[]): Promise<Map<string, FinalScoreRow>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db.select().from(profileFinalScores).where(inArray(profileFinalScores.profileId, profileIds));
  return new Map(rows.map((row) => [row.profileId, row]));
}
