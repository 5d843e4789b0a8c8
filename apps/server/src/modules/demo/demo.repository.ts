import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { QuestionnaireKind } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { estimators, owners, profileEstimates, profiles, questionnaires, scenes } from '../../db/schema/index.ts';

/** Rows per insert: a few hundred profiles with their answers stay well under the driver's parameter limit. */
const CHUNK = 100;

async function insertInChunks<T>(items: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) await insert(items.slice(start, start + CHUNK));
}

/** The questionnaire new profiles of a kind are answered with (null before the questionnaires are seeded). */
export async function activeQuestionnaireId(db: Db, kind: QuestionnaireKind): Promise<string | null> {
  const [row] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(and(eq(questionnaires.kind, kind), ne(questionnaires.status, 'inactive')))
    .orderBy(desc(questionnaires.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export async function ownerExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: owners.id }).from(owners).where(eq(owners.email, email));
  return row !== undefined;
}

export async function insertOwners(db: Db, rows: Array<typeof owners.$inferInsert>): Promise<void> {
  await db.insert(owners).values(rows);
}

export async function insertEstimator(db: Db, row: typeof estimators.$inferInsert): Promise<void> {
  await db.insert(estimators).values(row);
}

export async function insertProfiles(db: Db, rows: Array<typeof profiles.$inferInsert>): Promise<void> {
  await insertInChunks(rows, (chunk) => db.insert(profiles).values(chunk));
}

export async function insertEstimates(db: Db, rows: Array<typeof profileEstimates.$inferInsert>): Promise<void> {
  await insertInChunks(rows, (chunk) => db.insert(profileEstimates).values(chunk));
}

export async function insertScene(db: Db, row: typeof scenes.$inferInsert): Promise<void> {
  await db.insert(scenes).values(row);
}

/** The scored demo profiles of a team, as the engine's person is made from them. */
export async function scoredProfiles(db: Db, ids: string[]) {
  const rows = await db.select().from(profiles).where(inArray(profiles.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)!);
}
