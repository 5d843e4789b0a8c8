import { AppError } from '../../core/errors.ts';
import type { Db } from '../../core/db.ts';
import type { Scores } from '../scoring/outputs.ts';
import type { FinalScores } from '../scoring/labels.ts';
import { allRatings, completedProfiles, currentModel, findFinalScores, findModel, findScorableProfile, listModels, saveFinalScores, storedScoresOf } from '../scoring/scoring.repository.ts';
import { currentLabels, fairnessOf, forecastAccuracy, scoreProfile, scorerFor } from '../scoring/scoring.service.ts';
import { presentModel } from '../scoring/scoring.presenter.ts';
import { profileCode } from '../scoring/profile-code.ts';

/** The neuronet page's data: models, the current one, what training would use now, and the prior's fairness. */
export async function overview(db: Db) {
  const [models, current, { labels, estimatorsUsed }] = await Promise.all([listModels(db), currentModel(db), currentLabels(db)]);
  const completed = await completedProfiles(db);
  const labelled = completed.filter((profile) => labels.has(profile.id)).length;
  return {
    items: models.map(presentModel),
    currentModelId: current?.id ?? null,
    labelledProfiles: labelled,
    estimators: estimatorsUsed,
    priorFairness: await fairnessOf(db, await scorerFor(db, undefined), completed),
    accuracy: await forecastAccuracy(db),
  };
}

const withScores = (row: { competencies: number | null; professionalism: number | null; maturity: number | null }): Scores | null =>
  row.competencies !== null && row.professionalism !== null && row.maturity !== null ? { competencies: row.competencies, professionalism: row.professionalism, maturity: row.maturity } : null;

/** Labelled profiles, one page, with labels, stored scores and (with a model) that model's predictions. */
export async function neuronetProfiles(db: Db, query: { limit: number; offset: number; modelId?: string | undefined }) {
  const { labels } = await currentLabels(db);
  const ratings = new Map<string, number>();
  for (const rating of await allRatings(db)) ratings.set(rating.profileId, (ratings.get(rating.profileId) ?? 0) + 1);
  const completed = (await completedProfiles(db, [...labels.keys()])).filter((profile) => labels.has(profile.id));
  const page = completed.slice(query.offset, query.offset + query.limit);
  let scorer: Awaited<ReturnType<typeof scorerFor>> | undefined;
  if (query.modelId) {
    const model = query.modelId === 'prior' ? undefined : await findModel(db, query.modelId);
    if (query.modelId !== 'prior' && !model) throw new AppError('model_not_found');
    scorer = await scorerFor(db, model);
  }
  const stored = new Map((await storedScoresOf(db, page.map((profile) => profile.id))).map((row) => [row.id, row]));
  return {
    total: completed.length,
    items: page.map((profile) => {
      const row = stored.get(profile.id);
      return {
        _id: profile.id,
        code: profileCode(profile.id),
        isDemo: profile.isDemo,
        label: labels.get(profile.id) ?? null,
        estimatorsCount: ratings.get(profile.id) ?? 0,
        current: row ? withScores(row) : null,
        grade: row?.grade ?? null,
        predicted: scorer ? scorer.score(profile.answers).scores : null,
      };
    }),
  };
}

/** Sets or clears one of the administrator's final scores and rescores the profile so its shown scores and grade follow. */
export async function setFinalScores(db: Db, administratorId: string, profileId: string, patch: Partial<FinalScores>) {
  const profile = await findScorableProfile(db, profileId);
  if (!profile || profile.state === 'deleted' || profile.state === 'delete_keep') throw new AppError('profile_not_found');
  const existing = (await findFinalScores(db, profileId)) ?? { score: null, precise: null };
  const next: FinalScores = { ...existing, ...patch };
  await saveFinalScores(db, profileId, administratorId, next);
  await scoreProfile(db, profileId);
  return { finalScore: next.score, finalScorePrecise: next.precise };
}
