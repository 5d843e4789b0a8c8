import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Answer, LoveExplanation, LoveScores, Step } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { profileEstimates, profileExplanations, profileFinalScores, profiles, questionnaires, scoringModels } from '../../db/schema/index.ts';
import { SCORED_KINDS } from './scored-kinds.ts';
import type { FinalScores, Rating } from './labels.ts';
import type { Grade, Scores } from './outputs.ts';

export type ModelRow = typeof scoringModels.$inferSelect;
export type ModelInsert = typeof scoringModels.$inferInsert;

/** What scoring reads of a profile. */
export type ScorableProfile = {
  id: string;
  kind: string;
  state: string;
  answers: Answer[];
  age: number | null;
  gender: 'М' | 'Ж' | null;
  isDemo: boolean;
  questionnaireId: string | null;
  /** What tells one person from another in a training split (evaluation.ts personKeyOf). */
  ownerId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
};

const scorableColumns = {
  id: profiles.id,
  kind: profiles.kind,
  state: profiles.state,
  answers: profiles.answers,
  age: profiles.age,
  gender: profiles.gender,
  isDemo: profiles.isDemo,
  questionnaireId: profiles.questionnaireId,
  ownerId: profiles.ownerId,
  email: profiles.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
};

const completedScored = and(eq(profiles.state, 'ack_a'), inArray(profiles.kind, [...SCORED_KINDS]));

export async function findScorableProfile(db: Db, id: string): Promise<ScorableProfile | undefined> {
  const [row] = await db.select(scorableColumns).from(profiles).where(eq(profiles.id, id));
  return row;
}

/** Completed profiles of the scored kinds; all of them, or those listed. */
export async function completedProfiles(db: Db, ids?: readonly string[]): Promise<ScorableProfile[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select(scorableColumns)
    .from(profiles)
    .where(ids ? and(completedScored, inArray(profiles.id, [...ids])) : completedScored)
    .orderBy(profiles.createdAt, profiles.id);
}

/** The steps of the active standard questionnaire, whose questions define the feature layout of new models. */
export async function activeStandardSteps(db: Db): Promise<Step[] | undefined> {
  const [row] = await db
    .select({ steps: questionnaires.steps })
    .from(questionnaires)
    .where(and(eq(questionnaires.kind, 'standard'), ne(questionnaires.status, 'inactive')))
    .orderBy(desc(questionnaires.createdAt), desc(questionnaires.id))
    .limit(1);
  return row?.steps;
}

export type StoredScores = { scores: Scores; grade: Grade; completeness: number; modelId: string | null; explanation: unknown; at: Date };

/** Writes a profile's scores, grade and explanation (the profile's updated_at is left alone: scoring is not an edit). */
export async function writeScores(db: Db, profileId: string, stored: StoredScores): Promise<void> {
  await db
    .update(profiles)
    .set({ ...stored.scores, grade: stored.grade, scoreCompleteness: stored.completeness, modelId: stored.modelId, scoredAt: stored.at })
    .where(eq(profiles.id, profileId));
  await db
    .insert(profileExplanations)
    .values({ profileId, modelId: stored.modelId, explanation: stored.explanation, scoredAt: stored.at })
    .onConflictDoUpdate({ target: profileExplanations.profileId, set: { modelId: stored.modelId, explanation: stored.explanation, scoredAt: stored.at } });
}

/**
 * Writes a love or couple profile's love scores and explanation. The work scores stay null (no K, P, L), the
 * completeness is the mean over its people, and the grade stays null: a love profile has no work grade.
 */
export async function writeLoveScores(db: Db, profileId: string, stored: { scores: LoveScores; explanation: LoveExplanation; at: Date }): Promise<void> {
  const completeness = stored.scores.people.reduce((sum, person) => sum + person.completeness, 0) / stored.scores.people.length;
  await db
    .update(profiles)
    .set({ loveScores: stored.scores, scoreCompleteness: completeness, modelId: null, scoredAt: stored.at })
    .where(eq(profiles.id, profileId));
  await db
    .insert(profileExplanations)
    .values({ profileId, modelId: null, explanation: stored.explanation, scoredAt: stored.at })
    .onConflictDoUpdate({ target: profileExplanations.profileId, set: { modelId: null, explanation: stored.explanation, scoredAt: stored.at } });
}

/** The steps of a questionnaire by id (the one a profile was filled from). */
export async function questionnaireSteps(db: Db, id: string): Promise<Step[] | undefined> {
  const [row] = await db.select({ steps: questionnaires.steps }).from(questionnaires).where(eq(questionnaires.id, id));
  return row?.steps;
}

export async function findExplanation(db: Db, profileId: string): Promise<unknown> {
  const [row] = await db.select({ explanation: profileExplanations.explanation }).from(profileExplanations).where(eq(profileExplanations.profileId, profileId));
  return row?.explanation ?? null;
}

export async function storedScoresOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: profiles.id,
      competencies: profiles.competencies,
      professionalism: profiles.professionalism,
      maturity: profiles.maturity,
      grade: profiles.grade,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]));
}

/** Every rating given on a completed profile of a scored kind. */
export async function allRatings(db: Db): Promise<Rating[]> {
  const rows = await db
    .select({
      profileId: profileEstimates.profileId,
      estimatorId: profileEstimates.estimatorId,
      score: profileEstimates.score,
      competencies: profileEstimates.competencies,
      professionalism: profileEstimates.professionalism,
      maturity: profileEstimates.maturity,
    })
    .from(profileEstimates)
    .innerJoin(profiles, eq(profiles.id, profileEstimates.profileId))
    .where(and(completedScored, sql`(${profileEstimates.score} is not null or ${profileEstimates.competencies} is not null)`));
  return rows.map((row) => ({
    profileId: row.profileId,
    estimatorId: row.estimatorId,
    score: row.score,
    precise:
      row.competencies !== null && row.professionalism !== null && row.maturity !== null
        ? { competencies: row.competencies, professionalism: row.professionalism, maturity: row.maturity }
        : null,
  }));
}

export async function allFinalScores(db: Db): Promise<Map<string, FinalScores>> {
  const rows = await db.select().from(profileFinalScores);
  return new Map(rows.map((row) => [row.profileId, finalOf(row)]));
}

function finalOf(row: typeof profileFinalScores.$inferSelect): FinalScores {
  return {
    score: row.score,
    precise:
      row.competencies !== null && row.professionalism !== null && row.maturity !== null
        ? { competencies: row.competencies, professionalism: row.professionalism, maturity: row.maturity }
        : null,
  };
}

export async function findFinalScores(db: Db, profileId: string): Promise<FinalScores | undefined> {
  const [row] = await db.select().from(profileFinalScores).where(eq(profileFinalScores.profileId, profileId));
  return row ? finalOf(row) : undefined;
}

/**
 * Stores the administrator's final scores and mirrors them on the profile: final_score is the overall, and
 * final_score_precise the mean of the precise K, P, L.
 */
export async function saveFinalScores(db: Db, profileId: string, administratorId: string, final: FinalScores): Promise<void> {
  const values = {
    score: final.score,
    competencies: final.precise?.competencies ?? null,
    professionalism: final.precise?.professionalism ?? null,
    maturity: final.precise?.maturity ?? null,
    administratorId,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(profileFinalScores)
      .values({ profileId, ...values })
      .onConflictDoUpdate({ target: profileFinalScores.profileId, set: values });
    const precise = final.precise ? (final.precise.competencies + final.precise.professionalism + final.precise.maturity) / 3 : null;
    await tx.update(profiles).set({ finalScore: final.score, finalScorePrecise: precise }).where(eq(profiles.id, profileId));
  });
}

// Models

/**
 * The accuracy's source (`accuracySource`) is kept per database handle for a second: every pair answer, the published
 * accuracy and the estimator's page read it, and it changes only when a model is trained or published. Every write to
 * the models in this process forgets it at once (`changingModels`); a model written by another process shows within
 * the second.
 */
const ACCURACY_SOURCE_MS = 1_000;
type AccuracySourceRow = { id: string; isCurrent: boolean; isDemo: boolean; evaluation: unknown };
const accuracySources = new WeakMap<Db, { at: number; row: Promise<AccuracySourceRow | undefined> }>();

/** Runs a write to the models, then forgets the kept accuracy source (a read that began during the write included). */
async function changingModels<T>(db: Db, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    accuracySources.delete(db);
  }
}

export async function insertModel(db: Db, values: ModelInsert): Promise<ModelRow> {
  const [row] = await changingModels(db, () => db.insert(scoringModels).values(values).returning());
  return row!;
}

export async function findModel(db: Db, id: string): Promise<ModelRow | undefined> {
  const [row] = await db.select().from(scoringModels).where(eq(scoringModels.id, id));
  return row;
}

export async function listModels(db: Db): Promise<ModelRow[]> {
  return db.select().from(scoringModels).orderBy(desc(scoringModels.createdAt), desc(scoringModels.id));
}

export async function currentModel(db: Db): Promise<ModelRow | undefined> {
  const [row] = await db.select().from(scoringModels).where(eq(scoringModels.isCurrent, true));
  return row;
}

/**
 * What the forecast accuracy is read from, in one query and without the models' parameters: the current model when it
 * has metrics, else the newest trained one, a model on real labels before a demo one. Kept a second (ACCURACY_SOURCE_MS);
 * callers at once share one read.
 */
export function accuracySource(db: Db, now = Date.now()): Promise<AccuracySourceRow | undefined> {
  const kept = accuracySources.get(db);
  if (kept && now >= kept.at && now - kept.at < ACCURACY_SOURCE_MS) return kept.row;
  const row = db
    .select({ id: scoringModels.id, isCurrent: scoringModels.isCurrent, isDemo: scoringModels.isDemo, evaluation: scoringModels.evaluation })
    .from(scoringModels)
    .where(isNotNull(scoringModels.metrics))
    .orderBy(desc(scoringModels.isCurrent), scoringModels.isDemo, desc(scoringModels.trainedAt))
    .limit(1)
    .then(([first]) => first);
  const entry = { at: now, row };
  accuracySources.set(db, entry);
  // A failed read is not kept: the next caller reads again.
  row.catch(() => accuracySources.get(db) === entry && accuracySources.delete(db));
  return row;
}

export async function updateModel(db: Db, id: string, patch: Partial<ModelInsert>, onlyWhileTraining = false): Promise<ModelRow | undefined> {
  const [row] = await changingModels(db, () =>
    db
      .update(scoringModels)
      .set(patch)
      .where(onlyWhileTraining ? and(eq(scoringModels.id, id), eq(scoringModels.status, 'training')) : eq(scoringModels.id, id))
      .returning(),
  );
  return row;
}

/** Makes one model current, in one transaction so there is never more than one. */
export async function makeCurrent(db: Db, id: string, at: Date): Promise<ModelRow> {
  return changingModels(db, () =>
    db.transaction(async (tx) => {
      await tx
        .update(scoringModels)
        .set({ isCurrent: false })
        .where(and(eq(scoringModels.isCurrent, true), ne(scoringModels.id, id)));
      const [row] = await tx.update(scoringModels).set({ isCurrent: true, publishedAt: at }).where(eq(scoringModels.id, id)).returning();
      return row!;
    }),
  );
}

/** Training runs cut short by a stopped process: marked failed so they can be trained again. */
export async function failInterruptedTraining(db: Db): Promise<void> {
  await changingModels(db, () => db.update(scoringModels).set({ status: 'failed', error: 'interrupted' }).where(eq(scoringModels.status, 'training')));
}

/** Whether an owner has this profile (not deleted); another owner's id answers false. */
export async function ownerHasProfile(db: Db, ownerId: string, profileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.ownerId, ownerId), inArray(profiles.state, ['ack_q', 'answered', 'ack_a'])));
  return Boolean(row);
}

/** Deletes everything scored about a profile: the estimators' ratings, the final scores and the explanation. */
export async function deleteProfileScoring(db: Db, profileId: string): Promise<void> {
  await db.delete(profileEstimates).where(eq(profileEstimates.profileId, profileId));
  await db.delete(profileFinalScores).where(eq(profileFinalScores.profileId, profileId));
  await db.delete(profileExplanations).where(eq(profileExplanations.profileId, profileId));
}
