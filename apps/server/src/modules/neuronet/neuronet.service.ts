import { LOVE_DIMENSIONS, type NeuronetAudit } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../core/db.ts';
import type { Scores } from '../scoring/outputs.ts';
import type { FinalScores } from '../scoring/labels.ts';
import {
  allRatings,
  completedProfiles,
  currentModel,
  findFinalScores,
  findModel,
  findScorableProfile,
  listModels,
  saveFinalScores,
  storedScoresOf,
} from '../scoring/scoring.service.ts';
import { LOVE_RULES_VERSION } from '../scoring/love-scoring.ts';
import { LOVE_SCORED_KINDS, SCORED_KINDS } from '../scoring/scored-kinds.ts';
import { currentLabels, fairnessOf, forecastAccuracy, publishModel, scoreProfile, scorerFor, type ScoringDeps } from '../scoring/scoring.service.ts';
import { auditEntriesOfAction, recordAudit } from '../audit/audit.service.ts';
import {
  gateRefusal,
  installationAudit,
  labelBias,
  MIN_INSTALLATION_PROFILES,
  referenceAudit,
  referenceSteps,
  SERVER_AUDIT,
} from '../fairness/fairness.service.ts';
import type { ModelRow } from '../scoring/scoring.service.ts';
import type { Scorer } from '../scoring/scorer.ts';
import { errorMessage } from '@teamcast/contracts';
import { presentModel } from '../scoring/scoring.presenter.ts';
import { profileCode } from '../scoring/profile-code.ts';
import { labelAgreement } from './agreement.ts';
import { outcomeEvaluation } from '../monitor/monitor.service.ts';
import { outcomeRefusal } from '../monitor/outcome-gate.ts';

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
    labelBias: await labelBias(db),
    agreement: labelAgreement(
      (await allRatings(db)).flatMap((rating) => (rating.score === null ? [] : [{ profileId: rating.profileId, score: rating.score }])),
    ),
    justifications: (await auditEntriesOfAction(db, JUSTIFIED_PUBLISH)).map((row) => {
      const after = (row.after ?? {}) as { justification?: string; refusal?: string };
      return {
        modelId: row.entityId,
        text: after.justification ?? '',
        refusal: after.refusal ?? '',
        administratorEmail: row.administratorEmail,
        at: row.createdAt.toISOString(),
      };
    }),
    scoredKinds: [
      { model: 'neuronet' as const, version: current?.id ?? null, kinds: [...SCORED_KINDS], outputs: ['competencies', 'professionalism', 'maturity'] },
      { model: 'love-rules' as const, version: LOVE_RULES_VERSION, kinds: [...LOVE_SCORED_KINDS], outputs: [...LOVE_DIMENSIONS] },
    ],
  };
}

/** The audit-log action of a publication the bias audit or the real-outcome gate refused and an administrator justified. */
export const JUSTIFIED_PUBLISH = 'neuronet.publish_justified';

const audits = new Map<string, NeuronetAudit>();

/** The real-outcome evaluation of a scorer against the published model's (or the prior's). */
const outcomesAgainstPublished = async (db: Db, candidate: Scorer) =>
  outcomeEvaluation(db, { scorer: await scorerFor(db, await currentModel(db)) }, { scorer: candidate });

/**
 * The bias audit of a trained model or the prior, as the model page shows it (kept per model and training run), with
 * its real-outcome figures against the published model.
 */
export async function modelAudit(db: Db, id: string): Promise<NeuronetAudit> {
  const model = id === 'prior' ? undefined : await findModel(db, id);
  if (id !== 'prior' && !model) throw new AppError('model_not_found');
  const scorer = await scorerFor(db, model);
  const installation = await installationAudit(db, scorer);
  const outcomes = await outcomesAgainstPublished(db, scorer);
  // The installation's profiles change; only the reference part is kept between calls.
  const key = model ? `${model.id}:${model.trainedAt?.getTime()}` : 'prior';
  let reference = audits.get(key)?.reference;
  if (!reference) {
    reference = referenceAudit(referenceSteps(), scorer, SERVER_AUDIT);
    if (audits.size >= 16) audits.delete(audits.keys().next().value!);
    audits.set(key, { reference, installation: null, installationProfiles: 0, minProfiles: MIN_INSTALLATION_PROFILES, outcomes });
  }
  return { reference, installation: installation.audit, installationProfiles: installation.profiles, minProfiles: MIN_INSTALLATION_PROFILES, outcomes };
}

/**
 * Publishes a model through two gates, both computed now against the published model (or the prior): the bias audit
 * on the reference population, and the real outcomes of the director's monitor (monitor/outcome-gate.ts; too few of
 * them to judge lets the publish through). A refusal stands unless the administrator wrote a justification; the audit
 * log keeps it with each refusal it overrode (the fairness one is answered first when both refuse).
 */
export async function publishWithGate(deps: ScoringDeps, administratorId: string, id: string, justification: string | undefined) {
  return publishModel(deps, id, async (candidate: ModelRow) => {
    const published = await currentModel(deps.db);
    const [candidateScorer, publishedScorer] = [await scorerFor(deps.db, candidate), await scorerFor(deps.db, published)];
    const candidateAudit = referenceAudit(referenceSteps(), candidateScorer, SERVER_AUDIT);
    const publishedAudit = referenceAudit(referenceSteps(), publishedScorer, SERVER_AUDIT);
    const outcomes = await outcomeEvaluation(deps.db, { scorer: publishedScorer }, { scorer: candidateScorer });
    const refusals = [gateRefusal(candidateAudit, publishedAudit), outcomeRefusal(outcomes)].filter((refusal) => refusal !== null);
    if (refusals.length === 0) return;
    if (!justification) throw refusals[0]!;
    await recordAudit(
      deps.db,
      administratorId,
      refusals.map((refusal) => ({
        action: JUSTIFIED_PUBLISH,
        entity: 'neuronet',
        entityId: candidate.id,
        before: null,
        after: { justification, refusal: errorMessage(refusal.code, 'en', refusal.params), code: refusal.code, params: refusal.params },
      })),
    );
  });
}

const withScores = (row: { competencies: number | null; professionalism: number | null; maturity: number | null }): Scores | null =>
  row.competencies !== null && row.professionalism !== null && row.maturity !== null
    ? { competencies: row.competencies, professionalism: row.professionalism, maturity: row.maturity }
    : null;

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
  const stored = new Map(
    (
      await storedScoresOf(
        db,
        page.map((profile) => profile.id),
      )
    ).map((row) => [row.id, row]),
  );
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
