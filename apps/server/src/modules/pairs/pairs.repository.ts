import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { qualified, statementName, type Db, type SqlFragment } from '../../core/db.ts';
import { jsonRow, ROW_AS_JSON } from '../../core/json-row.repository.ts';
import type { ProfileColumns } from '../profiles/profile-usage.ts';
import { chatNarratives, pairRequests, profiles, scenes, sharedResults } from '../../db/schema/index.ts';

export type PairRow = typeof pairRequests.$inferSelect;
export type PairInsert = typeof pairRequests.$inferInsert;

/** What a pair needs to know about a profile; read here so the pairs module does not depend on the profiles module. */
export type PairProfile = {
  id: string;
  kind: typeof profiles.$inferSelect.kind;
  firstName: string | null;
  lastName: string | null;
  partnerFirstName: string | null;
  partnerLastName: string | null;
  avatarName: string | null;
  gender: 'М' | 'Ж' | null;
  age: number | null;
  isDemo: boolean;
  state: string;
  answers: typeof profiles.$inferSelect.answers;
  competencies: number | null;
  professionalism: number | null;
  maturity: number | null;
  grade: typeof profiles.$inferSelect.grade;
  scoreCompleteness: number | null;
  loveScores: typeof profiles.$inferSelect.loveScores;
};

const profileColumns = {
  id: profiles.id,
  kind: profiles.kind,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  partnerFirstName: profiles.partnerFirstName,
  partnerLastName: profiles.partnerLastName,
  avatarName: profiles.avatarName,
  gender: profiles.gender,
  age: profiles.age,
  isDemo: profiles.isDemo,
  state: profiles.state,
  answers: profiles.answers,
  competencies: profiles.competencies,
  professionalism: profiles.professionalism,
  maturity: profiles.maturity,
  grade: profiles.grade,
  scoreCompleteness: profiles.scoreCompleteness,
  loveScores: profiles.loveScores,
};

/** The owner's profiles among these ids (deleted ones excluded); another owner's profile is simply not returned. */
export async function ownProfiles(db: Db, ownerId: string, ids: string[]): Promise<Map<string, PairProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(profileColumns)
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), inArray(profiles.id, ids), sql`${profiles.state} not in ('deleted')`));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertPair(db: Db, values: PairInsert): Promise<PairRow> {
  const [row] = await db.insert(pairRequests).values(values).returning();
  return row!;
}

export async function findOwnPair(db: Db, ownerId: string, id: string): Promise<PairRow | undefined> {
  const [row] = await db
    .select()
    .from(pairRequests)
    .where(and(eq(pairRequests.id, id), eq(pairRequests.ownerId, ownerId)));
  return row;
}

/** A pair as a run reads it: every column but the stored forecast (about 23 KB), which the run replaces. */
export type PairToRun = Omit<PairRow, 'result'>;
const { result: _replaced, ...columnsToRun } = getTableColumns(pairRequests);

/** The payments module's sub-selects a run is read with (`accessFactsOf`, `pairUnlockedOf`), handed in by the service. */
export type PairRunFacts<A> = {
  access: (ownerId: SqlFragment) => SqlFragment<A>;
  unlocked: (ownerId: SqlFragment, id1: SqlFragment, id2: SqlFragment) => SqlFragment<boolean>;
};
/** What a run reads in one statement: the pair, the owner's access facts, its people, and for the answer the unlock and hours. */
export type PairToRunRead<A> = { pair: PairToRun; access: A; people: Map<string, PairProfile>; unlocked: boolean; hours: Map<string, number> };

const pairColumn = (column: keyof typeof columnsToRun) => qualified(columnsToRun[column]);
const person = jsonRow(profileColumns);

/**
 * Hours per week of the owner's pair requests that name a person (a pair naming them in both slots, a couple's two
 * sides, counts twice), as a sub-select. Its pair requests are aliased: the statement around it may read that table too.
 */
function hoursSql(ownerId: SqlFragment, personId: SqlFragment): SqlFragment<number> {
  const other = (column: keyof typeof columnsToRun) => sql`${sql.identifier('hours_pair')}.${sql.identifier(columnsToRun[column].name)}`;
  return sql<number>`(select coalesce(sum(
      (case when ${other('actor1Id')} = ${personId} then ${other('intensity')} else 0 end)
      + (case when ${other('actor2Id')} = ${personId} then ${other('intensity')} else 0 end)), 0)::float8
    from ${pairRequests} ${sql.identifier('hours_pair')}
    where ${other('ownerId')} = ${ownerId} and (${other('actor1Id')} = ${personId} or ${other('actor2Id')} = ${personId}))`.mapWith(Number);
}

const runReads = new WeakMap<Db, { facts: unknown; statement: ReturnType<typeof buildRunRead> }>();

function buildRunRead<A>(db: Db, facts: PairRunFacts<A>) {
  const owner = pairColumn('ownerId');
  const people = db
    .select(person.fields)
    .from(profiles)
    .where(
      and(
        eq(profiles.ownerId, owner),
        sql`${profiles.id} in (${pairColumn('actor1Id')}, ${pairColumn('actor2Id')}, ${pairColumn('managerId')})`,
        sql`${profiles.state} not in ('deleted')`,
      ),
    );
  const row = jsonRow({
    ...columnsToRun,
    access: facts.access(owner),
    people: sql`(select coalesce(json_agg(${sql.identifier('person')}), '[]'::json) from (${people}) ${sql.identifier('person')})`,
    unlocked: facts.unlocked(owner, pairColumn('actor1Id'), pairColumn('actor2Id')),
    hours1: hoursSql(owner, pairColumn('actor1Id')),
    hours2: hoursSql(owner, pairColumn('actor2Id')),
  });
  const read = db
    .select(row.fields)
    .from(pairRequests)
    .where(and(eq(pairRequests.id, sql.placeholder('id')), eq(pairRequests.ownerId, sql.placeholder('ownerId'))))
    .as('row');
  const query = db.select({ row: ROW_AS_JSON }).from(read);
  return { prepared: query.prepare(statementName('pair_run_read', query)), decode: row.decode };
}

/**
 * An owner's pair, read to be run again, in one prepared statement: without its stored forecast, with the owner's
 * access facts, the pair's people (the owner's, not deleted), whether its love report is unlocked and each person's
 * weekly hours. Undefined when the owner has no such pair.
 */
export async function findPairToRun<A>(db: Db, ownerId: string, id: string, facts: PairRunFacts<A>): Promise<PairToRunRead<A> | undefined> {
  let cached = runReads.get(db);
  if (!cached || cached.facts !== facts) {
    cached = { facts, statement: buildRunRead(db, facts) };
    runReads.set(db, cached);
  }
  const [found] = await cached.statement.prepared.execute({ id, ownerId });
  if (!found) return undefined;
  type Read = PairToRun & { access: A; people: unknown[]; unlocked: boolean; hours1: number; hours2: number };
  const { access, people, unlocked, hours1, hours2, ...pair } = cached.statement.decode<Read>(found.row);
  // A person in both slots (a couple's two sides) has the same total in both.
  const hours = new Map<string, number>();
  if (pair.actor1Id) hours.set(pair.actor1Id, hours1);
  if (pair.actor2Id) hours.set(pair.actor2Id, hours2);
  return {
    pair,
    access,
    people: new Map(people.map((value) => person.decode<PairProfile>(value)).map((profile) => [profile.id, profile])),
    unlocked,
    hours,
  };
}

export async function updatePair(db: Db, id: string, patch: Partial<PairInsert>): Promise<PairRow> {
  const [row] = await db
    .update(pairRequests)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(pairRequests.id, id))
    .returning();
  return row!;
}

/**
 * Stores a run's forecast on its pair and gives the row with it, built from the row read before the run: the forecast
 * (about 23 KB of JSON) is not sent back by the database and parsed again. Undefined when the pair was deleted since.
 */
export async function storeRun(db: Db, row: PairToRun, run: Pick<PairRow, 'result' | 'kind' | 'runAt'>): Promise<PairRow | undefined> {
  const [stored] = await db
    .update(pairRequests)
    .set({ ...run, updatedAt: new Date() })
    .where(eq(pairRequests.id, row.id))
    .returning({ updatedAt: pairRequests.updatedAt });
  return stored && { ...row, ...run, updatedAt: stored.updatedAt };
}

export async function deletePair(db: Db, id: string): Promise<void> {
  await db.delete(pairRequests).where(eq(pairRequests.id, id));
}

/** Whether a team (the scenes module's table, read only) belongs to the owner. */
export async function sceneOwnedBy(db: Db, ownerId: string, sceneId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: scenes.id })
    .from(scenes)
    .where(and(eq(scenes.id, sceneId), eq(scenes.ownerId, ownerId)));
  return Boolean(row);
}

/** Hours per week of every pair request of the owner, summed per person, for these people (`hoursSql`). */
export async function weeklyHours(db: Db, ownerId: string, personIds: string[]): Promise<Map<string, number>> {
  if (personIds.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, hours: hoursSql(sql`${ownerId}`, qualified(profiles.id)) })
    .from(profiles)
    .where(inArray(profiles.id, personIds));
  return new Map(personIds.flatMap((id) => rows.filter((row) => row.id === id).map((row) => [id, row.hours] as const)));
}

/** The pair evaluations that name a profile (either person or the manager), as a sub-select of the profile's own statement. */
export const pairUsesSql = (profile: ProfileColumns): SqlFragment<number> =>
  sql<number>`(select count(*) from ${pairRequests} where ${qualified(pairRequests.actor1Id)} = ${profile.id} or ${qualified(pairRequests.actor2Id)} = ${profile.id} or ${qualified(pairRequests.managerId)} = ${profile.id})`;

/**
 * Deletes the stored forecasts of every pair that involves a profile (in a slot or as manager): the result, its shared
 * snapshots and the chat narratives; the pair itself stays, empty, for its owner. Answers the pairs' ids.
 */
export async function erasePairForecasts(db: Db, profileId: string): Promise<string[]> {
  const rows = await db
    .update(pairRequests)
    .set({ result: null, kind: null, runAt: null, updatedAt: new Date() })
    .where(or(eq(pairRequests.actor1Id, profileId), eq(pairRequests.actor2Id, profileId), eq(pairRequests.managerId, profileId)))
    .returning({ id: pairRequests.id });
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await db.delete(sharedResults).where(inArray(sharedResults.pairId, ids));
    await db.delete(chatNarratives).where(inArray(chatNarratives.pairId, ids));
  }
  return ids;
}
