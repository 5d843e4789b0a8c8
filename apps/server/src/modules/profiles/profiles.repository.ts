import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ProfileFilter } from '@teamcast/contracts';
import { qualified, statementName, type Db, type SqlFragment } from '../../core/db.ts';
import { jsonRow, ROW_AS_JSON } from '../../core/json-row.repository.ts';
import { afterKey, cursorValues, keysetPage, sortKeyOf } from '../../core/keyset.repository.ts';
import { owners, profiles } from '../../db/schema/index.ts';
import type { ProfileColumns, ProfileFact, ProfileUsage } from './profile-usage.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileInsert = typeof profiles.$inferInsert;

const HIDDEN_STATES: ('deleted' | 'delete_keep')[] = ['deleted', 'delete_keep'];

export type ProfileListOptions = {
  search?: string | undefined;
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
  filter: ProfileFilter;
  limit: number;
  offset: number;
  cursor?: string | undefined;
};

/** The columns the owner's list shows: no answers, no consent proof, no tokens. */
const summaryColumns = {
  id: profiles.id,
  kind: profiles.kind,
  state: profiles.state,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  partnerFirstName: profiles.partnerFirstName,
  partnerLastName: profiles.partnerLastName,
  email: profiles.email,
  phone: profiles.phone,
  position: profiles.position,
  birthDate: profiles.birthDate,
  age: profiles.age,
  gender: profiles.gender,
  avatarName: profiles.avatarName,
  hideDetails: profiles.hideDetails,
  isDemo: profiles.isDemo,
  isShort: profiles.isShort,
  linkRequestedAt: profiles.linkRequestedAt,
  competencies: profiles.competencies,
  professionalism: profiles.professionalism,
  maturity: profiles.maturity,
  grade: profiles.grade,
  finalScore: profiles.finalScore,
  finalScorePrecise: profiles.finalScorePrecise,
  scoredAt: profiles.scoredAt,
  scoreCompleteness: profiles.scoreCompleteness,
  modelId: profiles.modelId,
  loveScores: profiles.loveScores,
  filledBy: profiles.filledBy,
  withdrawnAt: profiles.withdrawnAt,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
  completedAt: profiles.completedAt,
};
/** A profile as the owner's list reads it. */
export type ProfileSummaryRow = Pick<ProfileRow, keyof typeof summaryColumns>;
/** The columns the owner's read of one profile shows: the list's and the answers, link and questionnaire. */
const detailColumns = {
  ...summaryColumns,
  ownerId: profiles.ownerId,
  permalink: profiles.permalink,
  linkExpiresAt: profiles.linkExpiresAt,
  answers: profiles.answers,
  questionnaireId: profiles.questionnaireId,
};
/** A profile as the owner's read of it reads it. */
export type ProfileDetailRow = Pick<ProfileRow, keyof typeof detailColumns>;

/** The modules' sub-selects a profile is read with (profile-usage.ts): its usage counts and its latest mood. */
export type ProfileFactSql = { teams: ProfileFact<number>[]; evaluations: ProfileFact<number>[]; mood: ProfileFact<string | null> | undefined };
/** The owner's access facts as a sub-select (the payments module's `accessFactsOf`), read in the same statement. */
export type OwnerAccessSql<A> = (ownerId: SqlFragment) => SqlFragment<A>;
/** What a profile is read with besides its own columns. */
export type ProfileFactsRow<A> = ProfileUsage & { mainProfileId: string | null; mood: string | null; access: A };

// The outer statement's profile, written out in full so a module's sub-select over a table with its own `id` column
// cannot bind to that column instead.
const readProfile: ProfileColumns = { id: qualified(profiles.id), ownerId: qualified(profiles.ownerId) };

function sumOf(facts: ProfileFact<number>[]): SQL<number> {
  if (facts.length === 0) return sql<number>`0`;
  return sql<number>`(${sql.join(
    facts.map((fact) => fact(readProfile)),
    sql` + `,
  )})::int`.mapWith(Number);
}

function moodColumn(facts: ProfileFactSql): SQL<string | null> {
  return facts.mood ? facts.mood(readProfile) : sql<string | null>`null::text`;
}

/** The facts columns: the owner's main profile and access facts, the counts of uses and the mood, all in the profile's own statement. */
function factColumns<A>(facts: ProfileFactSql, access: OwnerAccessSql<A>) {
  return {
    access: access(readProfile.ownerId),
    mainProfileId: sql<string | null>`(select ${qualified(owners.mainProfileId)} from ${owners} where ${qualified(owners.id)} = ${readProfile.ownerId})`,
    teams: sumOf(facts.teams),
    evaluations: sumOf(facts.evaluations),
    mood: moodColumn(facts),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** What decides a list statement's text; every other value of a page (owner, search text, cursor, limit, offset) is bound. */
type ListShape = Pick<ProfileListOptions, 'sort' | 'order' | 'filter'> & { search: boolean; cursor: boolean };

/**
 * The list statement of one shape, with placeholders for its values. The page, both counts and the owner's main profile
 * and access facts come back in one round trip: the counts and facts are uncorrelated sub-selects, which PostgreSQL
 * computes once for the statement (an InitPlan). Inside them "profiles" is the sub-select's own table.
 */
function buildListQuery<A>(db: Db, shape: ListShape, facts: ProfileFactSql, access: OwnerAccessSql<A>) {
  const ownerId = sql.placeholder('ownerId');
  // The indexes' predicate, with its values written in the statement (not bound), so the planner sees it holds.
  const visible = and(eq(profiles.ownerId, ownerId), sql`${profiles.state} <> all (array['deleted', 'delete_keep'])`);
  const conditions: (SQL | undefined)[] = [visible];
  if (shape.filter === 'approved') conditions.push(eq(profiles.state, 'ack_a'));
  if (shape.filter === 'empty') conditions.push(inArray(profiles.state, ['ack_q', 'answered']));
  if (shape.search) {
    conditions.push(
      sql`concat_ws(' ', ${profiles.firstName}, ${profiles.lastName}, ${profiles.partnerFirstName}, ${profiles.partnerLastName}, ${profiles.email}, ${profiles.position}) ilike ${sql.placeholder('pattern')}`,
    );
  }
  const matching = and(...conditions);
  const column = shape.sort === 'updatedAt' ? profiles.updatedAt : profiles.createdAt;
  const direction = shape.order === 'asc' ? asc : desc;
  const after = { key: sql.placeholder('cursorKey'), id: sql.placeholder('cursorId') };
  const page = shape.cursor ? and(matching, afterKey(column, profiles.id, after, shape.order)) : matching;
  const pageFacts = {
    total: sql<number>`(select count(*) from ${profiles} where ${matching})::int`.mapWith(Number),
    profilesCount: sql<number>`(select count(*) from ${profiles} where ${visible})::int`.mapWith(Number),
    mainProfileId: sql<string | null>`(select ${owners.mainProfileId} from ${owners} where ${owners.id} = ${ownerId})`,
    access: access(sql`${ownerId}`),
  };
  const rowsQuery = db
    .select({ ...summaryColumns, ...pageFacts, mood: moodColumn(facts), sortKey: sortKeyOf(column) })
    .from(profiles)
    .where(page)
    .orderBy(direction(column), direction(profiles.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // A page past the end has no row to carry the counts: they are read on their own.
  const factsQuery = db.select(pageFacts).from(owners).where(eq(owners.id, ownerId));
  return { rows: rowsQuery.prepare(statementName('profile_list', rowsQuery)), facts: factsQuery.prepare(statementName('profile_list_facts', factsQuery)) };
}

/**
 * The profile statements (the read, and the list by shape of page), prepared once per database handle and set of facts:
 * Drizzle builds each SQL text once, and PostgreSQL parses it once per connection.
 */
const preparedStatements = new WeakMap<Db, { facts: ProfileFactSql; access: unknown; byKey: Map<string, unknown> }>();

function prepared<A, Q>(db: Db, facts: ProfileFactSql, access: OwnerAccessSql<A>, key: string, build: () => Q): Q {
  let cached = preparedStatements.get(db);
  if (!cached || cached.facts !== facts || cached.access !== access) {
    cached = { facts, access, byKey: new Map() };
    preparedStatements.set(db, cached);
  }
  if (!cached.byKey.has(key)) cached.byKey.set(key, build());
  return cached.byKey.get(key) as Q;
}

function listQuery<A>(db: Db, shape: ListShape, facts: ProfileFactSql, access: OwnerAccessSql<A>) {
  const key = `list:${shape.filter}:${shape.sort}:${shape.order}:${shape.search}:${shape.cursor}`;
  return prepared(db, facts, access, key, () => buildListQuery(db, shape, facts, access));
}

/**
 * An owner's visible profiles (not deleted), one page in the order of `profiles_owner_created_idx` or
 * `profiles_owner_updated_idx`, with the count matching the filter, the count of all and the next page's cursor. A
 * cursor page starts after the cursor's row by (sort column, id), so rows inserted meanwhile neither repeat nor push
 * rows out, and a deep page reads no more rows than the first. One prepared statement per shape of page.
 */
export async function listOwnerProfiles<A>(
  db: Db,
  ownerId: string,
  options: ProfileListOptions,
  facts: ProfileFactSql,
  access: OwnerAccessSql<A>,
): Promise<{
  rows: (ProfileSummaryRow & { mood: string | null })[];
  total: number;
  profilesCount: number;
  mainProfileId: string | null;
  access: A | null;
  nextCursor: string | null;
}> {
  const shape = { sort: options.sort, order: options.order, filter: options.filter, search: Boolean(options.search), cursor: Boolean(options.cursor) };
  const queries = listQuery(db, shape, facts, access);
  const values = {
    ownerId,
    limit: options.limit + 1,
    offset: options.cursor ? 0 : options.offset,
    ...(options.search ? { pattern: `%${escapeLike(options.search)}%` } : {}),
    ...(options.cursor ? cursorValues(options.cursor) : {}),
  };
  const rows = await queries.rows.execute(values);
  const [counted] = rows.length > 0 ? rows : await queries.facts.execute(values);
  const { rows: shown, nextCursor } = keysetPage(rows, options.limit, (row) => row);
  return {
    // The rows are handed on as the driver made them (their page facts and sort key beside): the presenter copies only the
    // fields it shows, and a copy of 40 fields a row without five of them cost more than presenting it.
    rows: shown,
    total: counted?.total ?? 0,
    profilesCount: counted?.profilesCount ?? 0,
    mainProfileId: counted?.mainProfileId ?? null,
    access: counted?.access ?? null,
    nextCursor,
  };
}

/** An owner's profile that is not deleted; another owner's id finds nothing. */
export async function findOwnProfile(db: Db, ownerId: string, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.ownerId, ownerId), notInArray(profiles.state, HIDDEN_STATES)));
  return row;
}

/**
 * The profile read: the columns the owner is shown and its facts, as one JSON value (`jsonRow`: the driver builds a
 * parser per column and result, and 43 columns cost more than the statement), in a statement prepared once per handle.
 */
function profileReadQuery<A>(db: Db, facts: ProfileFactSql, access: OwnerAccessSql<A>) {
  return prepared(db, facts, access, 'read', () => {
    const row = jsonRow({ ...detailColumns, ...factColumns(facts, access) });
    const read = db
      .select(row.fields)
      .from(profiles)
      .where(and(eq(profiles.id, sql.placeholder('id')), eq(profiles.ownerId, sql.placeholder('ownerId')), notInArray(profiles.state, HIDDEN_STATES)))
      .as('row');
    const query = db.select({ row: ROW_AS_JSON }).from(read);
    return { statement: query.prepare(statementName('profile_read', query)), decode: row.decode };
  });
}

/** An owner's profile that is not deleted, read with its facts (main profile, uses, mood, access facts) in one prepared statement. */
export async function findOwnProfileWithFacts<A>(
  db: Db,
  ownerId: string,
  id: string,
  facts: ProfileFactSql,
  access: OwnerAccessSql<A>,
): Promise<(ProfileDetailRow & ProfileFactsRow<A>) | undefined> {
  const { statement, decode } = profileReadQuery(db, facts, access);
  const [found] = await statement.execute({ id, ownerId });
  return found ? decode<ProfileDetailRow & ProfileFactsRow<A>>(found.row) : undefined;
}

/** A profile's facts alone (main profile, uses, mood), for a row the caller already holds. */
export async function findProfileFacts<A>(db: Db, id: string, facts: ProfileFactSql, access: OwnerAccessSql<A>): Promise<ProfileFactsRow<A | null>> {
  const [row] = await db.select(factColumns(facts, access)).from(profiles).where(eq(profiles.id, id));
  return row ?? { mainProfileId: null, teams: 0, evaluations: 0, mood: null, access: null };
}

/** A profile's uses by other modules' teams and pairs (the deletion warning). */
export async function selectProfileUsage(db: Db, id: string, facts: ProfileFactSql): Promise<ProfileUsage> {
  const [row] = await db
    .select({ teams: sumOf(facts.teams), evaluations: sumOf(facts.evaluations) })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row ?? { teams: 0, evaluations: 0 };
}

export async function findByPermalink(db: Db, permalink: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.permalink, permalink));
  return row;
}

export async function profilesOfQuestionnaire(db: Db, questionnaireId: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(and(eq(profiles.questionnaireId, questionnaireId), eq(profiles.state, 'ack_a')));
}

export async function insertProfile(db: Db, values: Omit<ProfileInsert, 'id'>): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ id: crypto.randomUUID(), ...values })
    .returning();
  return row!;
}

/** Gives an ownerless profile to an owner; undefined when someone took it first (the condition is in the write). */
export async function claimOwnerlessProfile(db: Db, id: string, ownerId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ownerId, updatedAt: new Date() })
    .where(and(eq(profiles.id, id), sql`${profiles.ownerId} is null`))
    .returning();
  return row;
}

export async function updateProfile(db: Db, id: string, patch: Partial<ProfileInsert>): Promise<ProfileRow> {
  const [row] = await db
    .update(profiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(profiles.id, id))
    .returning();
  return row!;
}

export async function ownerInfo(db: Db, ownerId: string): Promise<{ mainProfileId: string | null; companyName: string | null } | undefined> {
  const [row] = await db.select({ mainProfileId: owners.mainProfileId, companyName: owners.companyName }).from(owners).where(eq(owners.id, ownerId));
  return row;
}

export async function setMainProfile(db: Db, ownerId: string, profileId: string | null): Promise<void> {
  await db.update(owners).set({ mainProfileId: profileId }).where(eq(owners.id, ownerId));
}

export async function findByPersonTokenHash(db: Db, hash: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.personTokenHash, hash));
  return row;
}

/** Who holds a profile, as the person and the mail to the owner need it. */
export async function ownerContact(
  db: Db,
  ownerId: string,
): Promise<{ email: string; companyName: string | null; locale: 'ru' | 'en' | null; love: boolean } | undefined> {
  const [row] = await db
    .select({ email: owners.email, companyName: owners.companyName, locale: owners.locale, variant: owners.variant })
    .from(owners)
    .where(eq(owners.id, ownerId));
  return row ? { email: row.email, companyName: row.companyName, locale: row.locale, love: row.variant === 'love' } : undefined;
}

/**
 * What is left of a profile once its data is erased: no names, contacts, answers or scores; kind, owner, dates, the
 * proof of consent and the private link's hash stay (so the person's page can say it was withdrawn).
 */
const ERASED_PROFILE = {
  firstName: null,
  lastName: null,
  partnerFirstName: null,
  partnerLastName: null,
  email: null,
  phone: null,
  position: null,
  birthDate: null,
  age: null,
  gender: null,
  avatarName: null,
  hideDetails: false,
  answers: [],
  storedNeurons: [],
  linkRequestedAt: null,
  competencies: null,
  professionalism: null,
  maturity: null,
  grade: null,
  finalScore: null,
  finalScorePrecise: null,
  scoredAt: null,
  scoreCompleteness: null,
  modelId: null,
  loveScores: null,
  retentionWarnedAt: null,
} satisfies Partial<ProfileInsert>;

/**
 * Erases a profile's own data and moves it to `state`, unless it is already in a final state (the condition is in the
 * write, so two withdrawals at once erase once). Answers the row as it was before, or undefined.
 */
export async function eraseProfileRow(db: Db, id: string, patch: Partial<ProfileInsert>): Promise<ProfileRow | undefined> {
  const [before] = await db.select().from(profiles).where(eq(profiles.id, id)).for('update');
  if (!before || ['withdrawn', 'deleted', 'delete_keep'].includes(before.state)) return undefined;
  await db
    .update(profiles)
    .set({ ...ERASED_PROFILE, ...patch, updatedAt: patch.updatedAt ?? new Date() })
    .where(eq(profiles.id, id));
  await db.update(owners).set({ mainProfileId: null }).where(eq(owners.mainProfileId, id));
  return before;
}

/** Profiles that hold a person's data (not erased, not deleted, not demo), none an owner's main profile. */
const RETAINED = sql`${profiles.state} in ('ack_q', 'answered', 'ack_a') and not ${profiles.isDemo} and not exists (select 1 from ${owners} where ${owners.mainProfileId} = ${profiles.id})`;
const lastActivity = sql`coalesce(${profiles.completedAt}, ${profiles.createdAt})`;

/**
 * Retention candidates, oldest first: profiles last sent (or created) before `activeBefore`, either not warned yet,
 * or warned before `warnedBefore`. Whether a pair or team uses them is checked by the caller (profileUsage).
 */
export async function retentionCandidates(db: Db, activeBefore: Date, warned: { warnedBefore: Date } | null, limit: number): Promise<ProfileRow[]> {
  const warning = warned ? sql`${profiles.retentionWarnedAt} <= ${warned.warnedBefore.toISOString()}::timestamptz` : sql`${profiles.retentionWarnedAt} is null`;
  return db
    .select()
    .from(profiles)
    .where(and(RETAINED, sql`${lastActivity} <= ${activeBefore.toISOString()}::timestamptz`, warning))
    .orderBy(asc(lastActivity))
    .limit(limit);
}

export async function markRetentionWarned(db: Db, ids: string[], at: Date | null): Promise<void> {
  if (ids.length) await db.update(profiles).set({ retentionWarnedAt: at }).where(inArray(profiles.id, ids));
}
