import { and, desc, eq, ne } from 'drizzle-orm';
import type { QuestionnaireKind } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { questionnaires } from '../../db/schema/index.ts';

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
