import crypto from 'node:crypto';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { QuestionnaireKind, QuestionnaireStatus, Step } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { profiles, questionnaires } from '../../db/schema/index.ts';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;

export async function listQuestionnaires(db: Db, filter: { kind?: QuestionnaireKind; status?: QuestionnaireStatus }): Promise<QuestionnaireRow[]> {
  const where = and(filter.kind ? eq(questionnaires.kind, filter.kind) : undefined, filter.status ? eq(questionnaires.status, filter.status) : undefined);
  return db.select().from(questionnaires).where(where).orderBy(desc(questionnaires.createdAt), desc(questionnaires.id));
}

/** Profiles answered with each questionnaire, or with the one given. */
export async function profileCounts(db: Db, questionnaireId?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: profiles.questionnaireId, n: count() })
    .from(profiles)
    .where(and(ne(profiles.state, 'deleted'), questionnaireId ? eq(profiles.questionnaireId, questionnaireId) : undefined))
    .groupBy(profiles.questionnaireId);
  return new Map(rows.filter((row) => row.id).map((row) => [row.id!, row.n]));
}

export async function findQuestionnaire(db: Db, id: string): Promise<QuestionnaireRow | undefined> {
  const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, id));
  return row;
}

/** The questionnaire new profiles of a kind are answered with: the newest one that is not inactive. */
export async function activeQuestionnaire(db: Db, kind: QuestionnaireKind): Promise<QuestionnaireRow | undefined> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.kind, kind), ne(questionnaires.status, 'inactive')))
    .orderBy(desc(questionnaires.createdAt), desc(questionnaires.id))
    .limit(1);
  return row;
}

export async function insertQuestionnaire(
  db: Db,
  values: { name: string; kind: QuestionnaireKind; dataSource: string; steps: Step[]; version?: number; previousId?: string },
): Promise<QuestionnaireRow> {
  const [row] = await db
    .insert(questionnaires)
    .values({ id: crypto.randomUUID(), ...values })
    .returning();
  return row!;
}

export async function updateQuestionnaire(
  db: Db,
  id: string,
  patch: Partial<Pick<QuestionnaireRow, 'name' | 'status' | 'steps' | 'computedAt'>>,
): Promise<QuestionnaireRow | undefined> {
  const [row] = await db
    .update(questionnaires)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(questionnaires.id, id))
    .returning();
  return row;
}

export async function deleteQuestionnaire(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(questionnaires).where(eq(questionnaires.id, id)).returning({ id: questionnaires.id });
  return rows.length > 0;
}

export async function kindsPresent(db: Db): Promise<Set<string>> {
  const rows = await db.selectDistinct({ kind: questionnaires.kind }).from(questionnaires);
  return new Set(rows.map((row) => row.kind));
}
