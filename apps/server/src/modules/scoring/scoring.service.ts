import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  EvaluationSchema,
  MIN_ACCURACY_PERSONS,
  type Fairness,
  type ForecastAccuracy,
  type ProfileExplanation,
  type QuestionnaireKind,
  type ScoreExplanation,
  type Step,
} from '@teamcast/contracts';
import { z } from 'zod';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { Storage } from '../../core/storage.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { accuracyFromError } from './accuracy.ts';
import { fairnessReport } from './fairness.ts';
import { extractFeatures, featureSpecFromSteps, isCurrentFeatureSpec, type FeatureSpec } from './features.ts';
import { groupsOf, personKeyOf } from './evaluation.ts';
import { combineLabels } from './labels.ts';
import { LOVE_SCORED_KINDS, SCORED_KINDS } from './scored-kinds.ts';
import { gradeOf, gradeOfOverall, scoresToVector, type Grade, type Scores } from './outputs.ts';
import { priorScore } from './prior.ts';
import {
  accuracySource,
  activeStandardSteps,
  allFinalScores,
  allRatings,
  completedProfiles,
  currentModel,
  failInterruptedTraining,
  findExplanation,
  findFinalScores,
  findModel,
  findScorableProfile,
  insertModel,
  makeCurrent,
  updateModel,
  writeScores,
  type ModelRow,
  type ScorableProfile,
  questionnaireSteps,
  writeLoveScores,
} from './scoring.repository.ts';
import { presentExplanation, presentProfileExplanation } from './scoring.presenter.ts';
import { loveTextsOf, scoreLoveProfile } from './love-scoring.ts';
import { modelScorer, priorScorer, textsOfSteps, type ModelParameters, type Scorer } from './scorer.ts';
import { DEFAULT_TRAINING, type TrainingData, type TrainingOptions } from './train.ts';
import type { Trainer } from './trainer.ts';

// The scoring module's reads that other modules need (the administrator's model page, the bias audit), offered through
// its service: no module imports another's repository (eslint.config.js).
export {
  allRatings,
  completedProfiles,
  currentModel,
  findFinalScores,
  findModel,
  findScorableProfile,
  listModels,
  saveFinalScores,
  storedScoresOf,
  type ModelRow,
} from './scoring.repository.ts';

/** The family of every model trained here: a multi-output perceptron over the features of the standard questionnaire. */
export const MODEL_FAMILY = 'mlp-kpl';
/** Fewest labelled profiles training accepts. */
export const MIN_LABELLED = 20;

const EvaluationPairSchema = z.object({ model: EvaluationSchema, prior: EvaluationSchema });

export type ScoringDeps = { db: Db; storage: Storage; trainer: Trainer; log: FastifyBaseLogger };

const standardSteps = async (db: Db) => (await activeStandardSteps(db)) ?? shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;

const runtimeCache = new Map<string, Scorer>();

/** The scorer of a trained model (cached per model and training time), or the prior when `model` is absent. */
export async function scorerFor(db: Db, model: ModelRow | undefined): Promise<Scorer> {
  if (!model) return priorScorer(textsOfSteps(await standardSteps(db)));
  if (!model.parameters || model.status !== 'trained') throw new AppError('model_not_ready');
  if (!isCurrentFeatureSpec(model.featureSpec as FeatureSpec)) throw new AppError('model_outdated');
  const key = `${model.id}:${model.trainedAt?.getTime()}`;
  let scorer = runtimeCache.get(key);
  if (!scorer) {
    scorer = modelScorer(model.id, model.featureSpec as FeatureSpec, model.parameters as ModelParameters);
    // A handful of models are in use at a time (current and candidates); older entries are dropped.
    if (runtimeCache.size >= 16) runtimeCache.delete(runtimeCache.keys().next().value!);
    runtimeCache.set(key, scorer);
  }
  return scorer;
}

/**
 * The current model's scorer, or the prior before any model is published. A current model of an older feature format
 * (it reads age, sex or family answers) is not used: profiles are scored by the prior until a new model is published.
 */
export async function currentScorer(db: Db): Promise<Scorer> {
  const model = await currentModel(db);
  return scorerFor(db, model && isCurrentFeatureSpec(model.featureSpec as FeatureSpec) ? model : undefined);
}

/** Scores shown on a profile and its grade: the administrator's final precise scores replace the prediction, his final score sets the grade. */
function applyFinal(scores: Scores, final: Awaited<ReturnType<typeof findFinalScores>>): { scores: Scores; grade: Grade } {
  const shown = final?.precise ?? scores;
  return { scores: shown, grade: final?.score != null ? gradeOfOverall(final.score) : gradeOf(shown) };
}

const isScorable = (profile: ScorableProfile) => profile.state === 'ack_a' && (SCORED_KINDS as readonly string[]).includes(profile.kind);

async function scoreOne(db: Db, profile: ScorableProfile, scorer: Scorer, at: Date): Promise<void> {
  const { scores, explanation, completeness } = scorer.score(profile.answers);
  const { scores: shown, grade } = applyFinal(scores, await findFinalScores(db, profile.id));
  await writeScores(db, profile.id, { scores: shown, grade, completeness, modelId: scorer.modelId, explanation, at });
}

const isLoveScorable = (profile: ScorableProfile): profile is ScorableProfile & { kind: 'love' | 'couple' } =>
  profile.state === 'ack_a' && (LOVE_SCORED_KINDS as readonly string[]).includes(profile.kind);

/** The steps a profile was answered with: its questionnaire's, else (none stored) the shipped questionnaire of its kind. */
export async function stepsOfProfile(db: Db, profile: { questionnaireId: string | null; kind: QuestionnaireKind }): Promise<Step[]> {
  return (
    (profile.questionnaireId ? await questionnaireSteps(db, profile.questionnaireId) : undefined) ??
    shippedQuestionnaires.find((q) => q.kind === profile.kind)!.steps
  );
}

/** Love scores by the love model's rules (love-scoring.ts); question texts from the questionnaire it was filled from. */
async function scoreLove(db: Db, profile: ScorableProfile & { kind: 'love' | 'couple' }, at: Date): Promise<void> {
  const steps = await stepsOfProfile(db, profile);
  const { scores, explanation } = scoreLoveProfile(profile.kind, profile.answers, loveTextsOf(steps));
  await writeLoveScores(db, profile.id, { scores, explanation, at });
}

/**
 * Scores one profile and stores its scores and explanation: a standard or short profile with the current model (or
 * the prior), K, P, L and grade; a love or couple profile with the love model's rules, its love scores. The
 * profiles module calls it when a profile is completed or its answers change. Returns false for a profile that is
 * not completed.
 */
export async function scoreProfile(db: Db, profileId: string): Promise<boolean> {
  const profile = await findScorableProfile(db, profileId);
  if (profile && isLoveScorable(profile)) {
    await scoreLove(db, profile, new Date());
    return true;
  }
  if (!profile || !isScorable(profile)) return false;
  await scoreOne(db, profile, await currentScorer(db), new Date());
  return true;
}

/**
 * A profile's stored explanation. One stored in an older form (before explanations carried their sums) is brought up
 * to date by scoring the profile again with the current scorer; null while the profile is not scored.
 */
export async function explanationOf(db: Db, profileId: string): Promise<ScoreExplanation | null> {
  const stored = await findExplanation(db, profileId);
  if (stored === null) return null;
  const explanation = presentExplanation(stored);
  if (explanation) return explanation;
  return (await scoreProfile(db, profileId)) ? presentExplanation(await findExplanation(db, profileId)) : null;
}

/**
 * A profile's explanation of either kind (work or love scores) for its owner; one stored in an older form (before the
 * additive sums) is brought up to date by scoring the profile again, as `explanationOf` does for work scores.
 */
export async function profileExplanationOf(db: Db, profileId: string): Promise<ProfileExplanation | null> {
  const stored = await findExplanation(db, profileId);
  if (stored === null) return null;
  const explanation = presentProfileExplanation(stored);
  if (explanation) return explanation;
  return (await scoreProfile(db, profileId)) ? presentProfileExplanation(await findExplanation(db, profileId)) : null;
}

/** Rescores completed profiles (all, or the listed ones) with the current model; answers how many were scored. */
export async function rescoreProfiles(db: Db, ids?: readonly string[]): Promise<number> {
  const scorer = await currentScorer(db);
  const at = new Date();
  const list = await completedProfiles(db, ids);
  for (const profile of list) await scoreOne(db, profile, scorer, at);
  return list.length;
}

/** Scores one profile with a chosen model ('prior' for the rules) without storing anything. */
export async function predictProfile(
  db: Db,
  profileId: string,
  modelId: string,
): Promise<{ scores: Scores; grade: Grade; explanation: ScoreExplanation; modelId: string | null }> {
  const profile = await findScorableProfile(db, profileId);
  if (!profile || !(SCORED_KINDS as readonly string[]).includes(profile.kind) || profile.state === 'deleted') throw new AppError('profile_not_found');
  if (profile.state !== 'ack_a') throw new AppError('profile_not_completed');
  let model: ModelRow | undefined;
  if (modelId !== 'prior') {
    model = await findModel(db, modelId);
    if (!model) throw new AppError('model_not_found');
  }
  const { scores, explanation } = (await scorerFor(db, model)).score(profile.answers);
  return { scores, grade: gradeOf(scores), explanation, modelId: model?.id ?? null };
}

/** Grade outcomes of a scorer over every completed profile. */
export async function fairnessOf(db: Db, scorer: Scorer, profiles?: ScorableProfile[]): Promise<Fairness> {
  const list = profiles ?? (await completedProfiles(db));
  return fairnessReport(list.map((profile) => ({ gender: profile.gender, age: profile.age, grade: gradeOf(scorer.score(profile.answers).scores) })));
}

/** Labels per profile from the estimators' ratings and the administrators' final scores, and how many estimators gave them. */
export async function currentLabels(db: Db) {
  return combineLabels(await allRatings(db), await allFinalScores(db));
}

/**
 * What training would use now: labelled completed profiles as features, labels and the prior's scores, each with its
 * person (so the split keeps a person on one side), and how many of them are demo profiles.
 */
export async function trainingData(db: Db, spec: FeatureSpec): Promise<{ data: TrainingData; profiles: number; estimators: number; demoLabels: number }> {
  const { labels, estimatorsUsed } = await currentLabels(db);
  const profiles = (await completedProfiles(db, [...labels.keys()])).filter((profile) => labels.has(profile.id));
  const d = spec.columns.length;
  const data: TrainingData = {
    n: profiles.length,
    d,
    features: new Float64Array(profiles.length * d),
    labels: new Float64Array(profiles.length * 3),
    prior: new Float64Array(profiles.length * 3),
    groups: groupsOf(profiles.map(personKeyOf)),
  };
  profiles.forEach((profile, row) => {
    data.features.set(extractFeatures(spec, profile.answers), row * d);
    data.labels.set(scoresToVector(labels.get(profile.id)!), row * 3);
    data.prior.set(scoresToVector(priorScore(profile.answers).scores), row * 3);
  });
  return { data, profiles: profiles.length, estimators: estimatorsUsed, demoLabels: profiles.filter((profile) => profile.isDemo).length };
}

type TrainingRequest = { seed?: number | undefined; epochs?: number | undefined; hidden?: number | undefined };

function trainingOptionsOf(request: TrainingRequest): TrainingOptions {
  return {
    ...DEFAULT_TRAINING,
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
    ...(request.epochs ? { epochs: request.epochs } : {}),
    ...(request.hidden ? { hidden: request.hidden } : {}),
  };
}

/** Trains a model record in the background: data is read now, the network is trained in the worker thread. */
async function runTraining(deps: ScoringDeps, model: ModelRow): Promise<void> {
  const spec = model.featureSpec as FeatureSpec;
  const { data, profiles, estimators, demoLabels } = await trainingData(deps.db, spec);
  if (data.n < MIN_LABELLED) throw new AppError('not_enough_labels', { count: MIN_LABELLED });
  let lastWrite = 0;
  const trained = await deps.trainer.train(data, model.options as TrainingOptions, ({ fraction, loss }) => {
    const now = Date.now();
    // At most a few progress writes per second.
    if (now - lastWrite < 250 && fraction < 1) return;
    lastWrite = now;
    void updateModel(deps.db, model.id, { progress: Math.min(1, fraction), loss }, true).catch(() => {});
  });
  const parameters: ModelParameters = { hidden: trained.hidden, params: trained.params, reference: trained.reference };
  const scorer = modelScorer(model.id, spec, parameters);
  const all = await completedProfiles(deps.db);
  const fairness = { model: await fairnessOf(deps.db, scorer, all), prior: await fairnessOf(deps.db, priorScorer(new Map()), all) };
  await updateModel(deps.db, model.id, {
    status: 'trained',
    progress: 1,
    loss: trained.finalLoss,
    error: null,
    parameters,
    metrics: trained.metrics,
    evaluation: trained.evaluation,
    // Labels of demo profiles were made by a generator: a model trained or tested on any of them is a demonstration.
    isDemo: demoLabels > 0,
    demoLabels,
    fairness,
    profilesCount: profiles,
    estimatorsCount: estimators,
    trainCount: trained.trainCount,
    testCount: trained.testCount,
    trainedAt: new Date(),
  });
}

function startTraining(deps: ScoringDeps, model: ModelRow): void {
  deps.trainer.track(
    runTraining(deps, model).catch(async (error: unknown) => {
      const message = error instanceof AppError ? error.code : error instanceof Error ? error.message : String(error);
      deps.log.warn({ err: error, modelId: model.id }, 'scoring: training failed');
      await updateModel(deps.db, model.id, { status: 'failed', error: message.slice(0, 500) }).catch(() => {});
    }),
  );
}

async function assertEnoughLabels(db: Db): Promise<void> {
  const { labels } = await currentLabels(db);
  const completed = await completedProfiles(db, [...labels.keys()]);
  if (completed.length < MIN_LABELLED) throw new AppError('not_enough_labels', { count: MIN_LABELLED });
}

/** Creates a candidate model over the active standard questionnaire's features and starts training it. */
export async function createModel(deps: ScoringDeps, administratorId: string, request: TrainingRequest): Promise<ModelRow> {
  await assertEnoughLabels(deps.db);
  const spec = featureSpecFromSteps(await standardSteps(deps.db));
  const model = await insertModel(deps.db, {
    id: crypto.randomUUID(),
    family: MODEL_FAMILY,
    featureVersion: spec.version,
    featureSpec: spec,
    options: trainingOptionsOf(request),
    status: 'training',
    createdBy: administratorId,
  });
  startTraining(deps, model);
  return model;
}

/** Trains an unpublished model again (same options and features) on the current labels. */
export async function retrainModel(deps: ScoringDeps, id: string): Promise<ModelRow> {
  const model = await findModel(deps.db, id);
  if (!model) throw new AppError('model_not_found');
  if (model.status === 'training') throw new AppError('model_training');
  if (model.publishedAt) throw new AppError('model_published');
  await assertEnoughLabels(deps.db);
  // A model of an older feature format is retrained on the current layout (protected answers left out).
  const spec = isCurrentFeatureSpec(model.featureSpec as FeatureSpec) ? undefined : featureSpecFromSteps(await standardSteps(deps.db));
  const reset = await updateModel(deps.db, id, {
    status: 'training',
    progress: 0,
    loss: null,
    error: null,
    uploadedAt: null,
    artifactKey: null,
    artifactSha256: null,
    ...(spec ? { featureSpec: spec, featureVersion: spec.version } : {}),
  });
  startTraining(deps, reset!);
  return reset!;
}

const artifactOf = (model: ModelRow) =>
  Buffer.from(
    JSON.stringify({
      id: model.id,
      family: model.family,
      featureVersion: model.featureVersion,
      featureSpec: model.featureSpec,
      options: model.options,
      parameters: model.parameters,
      metrics: model.metrics,
      trainedAt: model.trainedAt,
    }),
  );

/** Writes the trained model's artifact (features, parameters, metrics as JSON) to storage. */
export async function uploadModel(deps: ScoringDeps, id: string): Promise<ModelRow> {
  const model = await findModel(deps.db, id);
  if (!model) throw new AppError('model_not_found');
  if (model.status === 'training') throw new AppError('model_training');
  if (model.status !== 'trained') throw new AppError('model_not_ready');
  const artifact = artifactOf(model);
  const key = `scoring-model-${model.id}`;
  await deps.storage.put(key, artifact);
  return (await updateModel(deps.db, id, {
    artifactKey: key,
    artifactSha256: crypto.createHash('sha256').update(artifact).digest('hex'),
    uploadedAt: new Date(),
  }))!;
}

/**
 * Makes an uploaded model current (its stored artifact must match the record) and rescores every completed profile.
 * `gate` runs once the model is known to be publishable and before anything changes; it refuses by throwing.
 */
export async function publishModel(
  deps: ScoringDeps,
  id: string,
  gate: (model: ModelRow) => Promise<void> = async () => {},
): Promise<{ model: ModelRow; profilesRescored: number }> {
  const model = await findModel(deps.db, id);
  if (!model) throw new AppError('model_not_found');
  if (model.status !== 'trained') throw new AppError(model.status === 'training' ? 'model_training' : 'model_not_ready');
  if (!isCurrentFeatureSpec(model.featureSpec as FeatureSpec)) throw new AppError('model_outdated');
  if (!model.uploadedAt || !model.artifactKey) throw new AppError('model_not_uploaded');
  const stored = await deps.storage.get(model.artifactKey);
  if (!stored || crypto.createHash('sha256').update(stored).digest('hex') !== model.artifactSha256) throw new AppError('model_not_uploaded');
  await gate(model);
  const published = await makeCurrent(deps.db, id, new Date());
  return { model: published, profilesRescored: await rescoreProfiles(deps.db) };
}

/**
 * The forecast accuracy (docs/scoring-model.md, "Accuracy"): the current model's evaluation on held-out people, else the
 * prior's on the held-out people of the newest trained model. 'More than {value} %' only for real labels of at least
 * MIN_ACCURACY_PERSONS people, from the upper end of the error's interval; otherwise null with the reason.
 */
export async function forecastAccuracy(db: Db): Promise<ForecastAccuracy> {
  const row = await accuracySource(db);
  const none = { value: null, minPersons: MIN_ACCURACY_PERSONS } as const;
  if (!row) return { ...none, reason: 'no_evaluation', source: 'none', modelId: null, demo: false, evaluation: null };
  const source = row.isCurrent ? 'model' : 'prior';
  const modelId = row.isCurrent ? row.id : null;
  const stored = EvaluationPairSchema.safeParse(row.evaluation);
  // A model trained before evaluations were kept has no figure by person: nothing validated.
  if (!stored.success) return { ...none, reason: row.isDemo ? 'demo_labels' : 'no_evaluation', source, modelId, demo: row.isDemo, evaluation: null };
  const evaluation = stored.data[source];
  if (row.isDemo) return { ...none, reason: 'demo_labels', source, modelId, demo: true, evaluation };
  if (evaluation.persons < MIN_ACCURACY_PERSONS) return { ...none, reason: 'too_few', source, modelId, demo: false, evaluation };
  return { value: accuracyFromError(evaluation.mae.high), reason: null, minPersons: MIN_ACCURACY_PERSONS, source, modelId, demo: false, evaluation };
}

export { failInterruptedTraining };
