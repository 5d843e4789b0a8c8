import { z } from 'zod';
import { CursorQuerySchema, defineEndpoint, NextCursorSchema, PagingQuerySchema } from './api.ts';
import { GRADES } from './constants.ts';
import { OutcomeGateSchema } from './monitor.ts';
import { LocalizedTextSchema, QuestionnaireKindSchema } from './questionnaire.ts';

// ---------------------------------------------------------------------------------------------------------------------
// Scores, explanations, model records (docs/scoring-model.md).

const GradeValueSchema = z.enum(GRADES);

/** One score on the 0-100 scale. */
export const ScoreValueSchema = z.number({ error: 'required' }).min(0, { error: 'scoreRange' }).max(100, { error: 'scoreRange' });

/** Qualification (competencies) K, professionalism P and maturity L, each 0-100. */
export const KplScoresSchema = z.object({ competencies: ScoreValueSchema, professionalism: ScoreValueSchema, maturity: ScoreValueSchema });
export type KplScores = z.infer<typeof KplScoresSchema>;

/** What moved one output: a question and the points its answer added (negative: took away). */
export const ContributionSchema = z.object({ neuron: z.string(), question: LocalizedTextSchema, points: z.number() });
export type Contribution = z.infer<typeof ContributionSchema>;

/**
 * How one score adds up (docs/scoring-model.md, "Explanation"): baseline + the listed contributions + others + limit =
 * score, exactly (every figure rounded to 0.1 point, `others` takes the rounding). Like SHAP values for an additive
 * model: the baseline is the expected score of the reference population, a contribution is what an answer adds or
 * takes away against that expectation, so every score is explained, a low one by what pulled it down.
 */
export const ScoreSumSchema = z.object({
  /** The expected score of the reference population (prior) or of the average training profile (model). */
  baseline: z.number(),
  /** The sum of the contributions of every answer not listed (the list holds the largest few). */
  others: z.number(),
  /** What the 0-100 scale cut off (0 unless the sum fell outside the scale). */
  limit: z.number(),
  /** The score explained. */
  score: z.number(),
});
export type ScoreSum = z.infer<typeof ScoreSumSchema>;

/**
 * Why a profile has its scores. `prior`: each rule's points against the reference population's mean; `model`:
 * integrated gradients from the average training profile, summed per question. The largest contributions first, at
 * most 5 per output, and per output the sum that makes them add up to the score.
 */
export const ScoreExplanationSchema = z.object({
  source: z.enum(['prior', 'model']),
  modelId: z.string().nullable(),
  competencies: z.array(ContributionSchema),
  professionalism: z.array(ContributionSchema),
  maturity: z.array(ContributionSchema),
  sums: z.object({ competencies: ScoreSumSchema, professionalism: ScoreSumSchema, maturity: ScoreSumSchema }),
});
export type ScoreExplanation = z.infer<typeof ScoreExplanationSchema>;

/** The love model's three dimensions of one person (docs/love-model.md), each 0-100. */
export const LOVE_DIMENSIONS = ['intimacy', 'passion', 'commitment'] as const;
export type LoveDimension = (typeof LOVE_DIMENSIONS)[number];

/** One person's love scores and the share (0-1) of the scored love questions shown that were answered. */
export const LovePersonScoresSchema = z.object({
  intimacy: ScoreValueSchema,
  passion: ScoreValueSchema,
  commitment: ScoreValueSchema,
  completeness: z.number().min(0).max(1),
});
export type LovePersonScores = z.infer<typeof LovePersonScoresSchema>;

/**
 * Love scores of a love profile (one person) or a couple profile (the first person, then the partner). `rules`
 * names the version of the documented rules that gave them.
 */
export const LoveScoresSchema = z.object({ rules: z.string(), people: z.array(LovePersonScoresSchema).min(1).max(2) });
export type LoveScores = z.infer<typeof LoveScoresSchema>;

/** Why a love or couple profile has its love scores: the rules' points per answer, per person and dimension. */
export const LoveExplanationSchema = z.object({
  source: z.literal('love-rules'),
  modelId: z.null(),
  people: z
    .array(z.object({ intimacy: z.array(ContributionSchema), passion: z.array(ContributionSchema), commitment: z.array(ContributionSchema) }))
    .min(1)
    .max(2),
});
export type LoveExplanation = z.infer<typeof LoveExplanationSchema>;

/** A profile's explanation: the work scores' (standard, short) or the love scores' (love, couple). */
export const ProfileExplanationSchema = z.union([ScoreExplanationSchema, LoveExplanationSchema]);
export type ProfileExplanation = z.infer<typeof ProfileExplanationSchema>;

export const OutputMetricsSchema = z.object({ mae: z.number(), r2: z.number() });
export const MetricsSchema = z.object({ competencies: OutputMetricsSchema, professionalism: OutputMetricsSchema, maturity: OutputMetricsSchema });
export type ScoringMetrics = z.infer<typeof MetricsSchema>;

/** Share of a group whose grade is MIDDLE or higher. */
export const FairnessGroupSchema = z.object({ dimension: z.enum(['gender', 'age']), group: z.string(), count: z.number().int(), middleOrHigher: z.number() });
/** Grade outcomes by group and the four-fifths ratios (lowest group's rate over the highest's; null with fewer than two groups of 5+). */
export const FairnessSchema = z.object({
  groups: z.array(FairnessGroupSchema),
  genderRatio: z.number().nullable(),
  ageRatio: z.number().nullable(),
  /** A ratio below 0.8. */
  warning: z.boolean(),
});
export type Fairness = z.infer<typeof FairnessSchema>;

/**
 * Outcomes the bias audit counts (docs/fairness.md): a work pair forecast whose compatibility is "good" or better
 * (band good or excellent, compatibility ≥ 20), a recommendation of level k or higher (k = 2..6), a grade of MIDDLE or higher.
 */
export const AUDIT_OUTCOMES = ['workGood', 'level2', 'level3', 'level4', 'level5', 'level6', 'gradeMiddle'] as const;
export const AuditOutcomeSchema = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof AuditOutcomeSchema>;
export const AUDIT_DIMENSIONS = ['sex', 'age', 'family', 'sexAge'] as const;
export const AuditDimensionSchema = z.enum(AUDIT_DIMENSIONS);
export type AuditDimension = z.infer<typeof AuditDimensionSchema>;

/** An impact ratio (group rate / highest group rate) with its bootstrap 95 % interval; null when not assessed. */
export const ImpactRatioSchema = z.object({ ratio: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() });
export type ImpactRatio = z.infer<typeof ImpactRatioSchema>;

export const AuditGroupSchema = z.object({
  dimension: AuditDimensionSchema,
  group: z.string(),
  /** People in the group, and work pairs they are part of. */
  n: z.number().int(),
  pairs: z.number().int(),
  /** Whether the group is large enough for its ratios (at least the audit's minGroupSize people). */
  assessed: z.boolean(),
  meanCompatibility: z.number().nullable(),
  rates: z.record(AuditOutcomeSchema, z.number()),
  ratios: z.record(AuditOutcomeSchema, ImpactRatioSchema),
});
export type AuditGroup = z.infer<typeof AuditGroupSchema>;

/** A group whose impact ratio is below 0.8 with an interval that does not reach 0.8. */
export const AuditFindingSchema = z.object({
  dimension: AuditDimensionSchema,
  group: z.string(),
  outcome: AuditOutcomeSchema,
  ratio: z.number(),
  low: z.number(),
  high: z.number(),
  /** For a grade finding: the input that separates the group from the highest one most (by the scorer's explanation points). */
  input: z.string().nullable(),
  /** A grade finding whose input is a documented job-related one (docs/fairness.md); it does not fail the audit. */
  justified: z.boolean(),
});
export type AuditFinding = z.infer<typeof AuditFindingSchema>;

/** One estimator's labels against the rated people's age: Pearson r of his overall rating, and the partial r with experience held fixed. */
export const EstimatorLabelBiasSchema = z.object({
  estimatorId: z.string(),
  name: z.string(),
  labels: z.number().int(),
  ageCorrelation: z.number().nullable(),
  /** Correlation of his ratings with age beyond what years of work experience explain. */
  partialAgeCorrelation: z.number().nullable(),
  /** |partial r| ≥ 0.3 with at least 20 labels. */
  flagged: z.boolean(),
});
export type EstimatorLabelBias = z.infer<typeof EstimatorLabelBiasSchema>;

export const BiasAuditSchema = z.object({
  /** 'reference': the documented generated population; 'installation': this installation's completed non-demo profiles. */
  population: z.enum(['reference', 'installation']),
  modelId: z.string().nullable(),
  seed: z.number().int(),
  size: z.number().int(),
  partnersPerPerson: z.number().int(),
  minGroupSize: z.number().int(),
  bootstrap: z.number().int(),
  groups: z.array(AuditGroupSchema),
  /** Findings that fail the audit (work outcomes, and grade findings without a job-related input). */
  failures: z.array(AuditFindingSchema),
  /** Grade findings explained by a documented job-related input. */
  justified: z.array(AuditFindingSchema),
  passed: z.boolean(),
});
export type BiasAudit = z.infer<typeof BiasAuditSchema>;

export const ModelStatusSchema = z.enum(['training', 'trained', 'failed']);

export const TrainingOptionsSchema = z.object({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  epochs: z.number().int().min(10).max(3000).optional(),
  hidden: z.number().int().min(2).max(64).optional(),
});

/** A figure with its bootstrap 95 % confidence interval. */
export const EstimateIntervalSchema = z.object({ value: z.number(), low: z.number(), high: z.number() });

/**
 * How a scorer did against estimators' labels on people it never saw (docs/scoring-model.md, "Accuracy"): the held-out
 * profiles, how many distinct people they are, the mean absolute error (mean over K, P, L, score points) and the mean
 * R², each with a bootstrap 95 % interval over people.
 */
export const EvaluationSchema = z.object({ profiles: z.number().int(), persons: z.number().int(), mae: EstimateIntervalSchema, r2: EstimateIntervalSchema });
export type Evaluation = z.infer<typeof EvaluationSchema>;

export const ScoringModelSchema = z.object({
  _id: z.string(),
  family: z.string(),
  featureVersion: z.string(),
  status: ModelStatusSchema,
  /** Training progress 0..1. */
  progress: z.number(),
  loss: z.number().nullable(),
  error: z.string().nullable(),
  options: z.object({ seed: z.number(), epochs: z.number(), hidden: z.number() }),
  profilesCount: z.number().int(),
  estimatorsCount: z.number().int(),
  trainCount: z.number().int(),
  testCount: z.number().int(),
  metrics: z.object({ model: MetricsSchema, prior: MetricsSchema }).nullable(),
  /** The model and the prior on the held-out people (split by person); null for a model trained before this measure. */
  evaluation: z.object({ model: EvaluationSchema, prior: EvaluationSchema }).nullable(),
  /** Trained or tested on labels of demo profiles (generated, not evidence): its figures are a demonstration. */
  isDemo: z.boolean(),
  /** Labelled demo profiles among those it was trained and tested on. */
  demoLabels: z.number().int(),
  fairness: z.object({ model: FairnessSchema, prior: FairnessSchema }).nullable(),
  isCurrent: z.boolean(),
  createdAt: z.iso.datetime(),
  trainedAt: z.iso.datetime().nullable(),
  uploadedAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
});
export type ScoringModel = z.infer<typeof ScoringModelSchema>;

/** Fewest held-out people a figure must rest on before it is shown as 'more than {value} %'. */
export const MIN_ACCURACY_PERSONS = 50;

/**
 * Why there is no 'more than {value} %' figure: `no_evaluation`, nothing on this installation has been measured
 * against estimators' labels of real people (a fresh install); `demo_labels`, the figure comes from demo labels, which a
 * generator made, so it is a demonstration only; `too_few`, real labels, but fewer held-out people than
 * MIN_ACCURACY_PERSONS.
 */
export const AccuracyReasonSchema = z.enum(['no_evaluation', 'demo_labels', 'too_few']);
export type AccuracyReason = z.infer<typeof AccuracyReasonSchema>;

/**
 * The forecast accuracy (docs/scoring-model.md, "Accuracy"). `value` is the 'more than {value} %' figure,
 * floor(100 − the upper end of the MAE interval), given only for a figure measured on real labels of at least
 * `minPersons` held-out people; otherwise null and `reason` says why. `evaluation` is what was measured, shown as a
 * demonstration when `demo` is true.
 */
export const ForecastAccuracySchema = z.object({
  value: z.number().int().nullable(),
  reason: AccuracyReasonSchema.nullable(),
  source: z.enum(['model', 'prior', 'none']),
  modelId: z.string().nullable(),
  demo: z.boolean(),
  evaluation: EvaluationSchema.nullable(),
  minPersons: z.number().int(),
});
export type ForecastAccuracy = z.infer<typeof ForecastAccuracySchema>;

export const forecastAccuracyEndpoint = defineEndpoint({
  group: 'system',
  method: 'GET',
  path: '/scoring/accuracy',
  summary: "Forecast accuracy: the scorer's error on held-out people; 'more than {value}%' only for real labels of enough people, else null with the reason",
  result: ForecastAccuracySchema,
});

const IdParams = z.object({ id: z.string().min(1).max(100) });

export const ownerProfileExplanationEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/profiles/:id/explanation',
  summary: "The answers that moved the profile's scores most (work or love scores by its kind); null until it is scored",
  params: IdParams,
  result: ProfileExplanationSchema.nullable(),
});

// ---------------------------------------------------------------------------------------------------------------------
// Estimator workspace (spec section 7, Estimator).

export const ESTIMATOR_FILTERS = ['all', 'notEstimated', 'estimated', 'skipNormal', 'skipSuspicious', 'view'] as const;
export const EstimatorFilterSchema = z.enum(ESTIMATOR_FILTERS);
export type EstimatorFilter = z.infer<typeof EstimatorFilterSchema>;
export const SkipStatusSchema = z.enum(['normal', 'suspicious']);
export type SkipStatus = z.infer<typeof SkipStatusSchema>;

const QueryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const EstimatorProfilesQuerySchema = PagingQuerySchema.extend({
  filter: EstimatorFilterSchema.default('all'),
  gradeFilter: GradeValueSchema.optional(),
  /** Only profiles with (true) or without (false) a note. */
  existComment: QueryFlag.optional(),
  /** Only profiles without a main estimate. */
  onlyUnrated: QueryFlag.optional(),
  estimateStatus: z.enum(['estimated', 'notEstimated']).optional(),
  skipStatus: SkipStatusSchema.optional(),
  sort: z.enum(['updatedAt', 'createdAt']).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
  cursor: CursorQuerySchema,
});
export type EstimatorProfilesQuery = z.input<typeof EstimatorProfilesQuerySchema>;

/** The estimator's own work on a profile. */
export const EstimateSchema = z.object({
  score: z.number().nullable(),
  scorePrecise: KplScoresSchema.nullable(),
  note: z.string(),
  skipStatus: SkipStatusSchema.nullable(),
  assignedAt: z.iso.datetime(),
  viewedAt: z.iso.datetime().nullable(),
  ratedAt: z.iso.datetime().nullable(),
});
export type Estimate = z.infer<typeof EstimateSchema>;

/** A profile as an estimator sees it: no names or contacts, a short code instead. */
export const EstimatorProfileItemSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: QuestionnaireKindSchema,
  age: z.number().nullable(),
  gender: z.enum(['М', 'Ж']).nullable(),
  position: z.string().nullable(),
  isDemo: z.boolean(),
  /** The model's grade and scores: null while withheld. */
  grade: GradeValueSchema.nullable(),
  scores: KplScoresSchema.nullable(),
  /**
   * Estimators label blind (issue 25): the model's grade, scores and explanation are withheld until the estimator has
   * saved a rating (main or precise) of this profile, so his label is not anchored on the model's output.
   */
  modelWithheld: z.boolean(),
  estimate: EstimateSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type EstimatorProfileItem = z.infer<typeof EstimatorProfileItemSchema>;

/** One answer in the request's language. */
export const ShownAnswerSchema = z.object({ step: z.string(), neuron: z.string(), question: z.string(), answer: z.string() });

export const EstimatorProfileViewSchema = EstimatorProfileItemSchema.extend({
  answers: z.array(ShownAnswerSchema),
  /** Null while the model's view is withheld (see modelWithheld). */
  explanation: ScoreExplanationSchema.nullable(),
});
export type EstimatorProfileView = z.infer<typeof EstimatorProfileViewSchema>;

export const estimatorProfilesEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'GET',
  path: '/profiles',
  summary: 'Profiles assigned to the estimator, with filters; updatedAt ascending by default',
  query: EstimatorProfilesQuerySchema,
  result: z.object({ items: z.array(EstimatorProfileItemSchema), total: z.number().int(), nextCursor: NextCursorSchema }),
});

export const estimatorProfileEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'GET',
  path: '/profiles/:id',
  summary: "One assigned profile with its answers; marks it viewed; the model's scores and explanation only once the estimator has saved a rating",
  params: IdParams,
  result: EstimatorProfileViewSchema,
});

export const estimatorRateEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'PUT',
  path: '/profiles/:id/rate',
  summary: 'Main estimate: the overall level 0-100',
  params: IdParams,
  body: z.object({ score: ScoreValueSchema }),
  result: EstimateSchema,
});

export const estimatorRatePreciseEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'PUT',
  path: '/profiles/:id/rate-precise',
  summary: 'Precise estimate: competencies, professionalism and maturity 0-100',
  params: IdParams,
  body: z.object({ scorePrecise: KplScoresSchema }),
  result: EstimateSchema,
});

export const estimatorNoteEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'PATCH',
  path: '/notes/:id',
  summary: "Sets the estimator's note (comment) on an assigned profile; empty removes it",
  params: IdParams,
  body: z.object({ content: z.string().trim().max(2000, { error: 'maxLength' }) }),
  result: EstimateSchema,
});

export const estimatorSkipEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'PATCH',
  path: '/profiles/:id',
  summary: 'Postpones (normal) or marks suspect (suspicious) an assigned profile; null clears it',
  params: IdParams,
  body: z.object({ skipStatus: SkipStatusSchema.nullable() }),
  result: EstimateSchema,
});

export const estimatorAssignmentEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'POST',
  path: '/profiles/assignment',
  summary: 'Assigns the next batch of completed profiles (the estimator’s nextProfileBatch); answers how many were assigned',
  result: z.object({ batchSize: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------------------------
// Administrator: neuronet and final scores (spec section 7, Administrator).

/**
 * How well estimators agree on the profiles two or more of them rated (overall rating): the mean absolute difference
 * between two ratings of one profile and the one-way intraclass correlation ICC(1,1) (docs/scoring-model.md).
 */
export const LabelAgreementSchema = z.object({
  /** Profiles rated by two or more estimators, their ratings, and the pairs of ratings compared. */
  profiles: z.number().int(),
  ratings: z.number().int(),
  pairs: z.number().int(),
  meanAbsoluteDifference: z.number().nullable(),
  icc: z.number().nullable(),
  /** Koo & Li (2016) bands of the ICC: poor < 0.5 ≤ moderate < 0.75 ≤ good < 0.9 ≤ excellent; none without an ICC. */
  level: z.enum(['none', 'poor', 'moderate', 'good', 'excellent']),
});
export type LabelAgreement = z.infer<typeof LabelAgreementSchema>;

export const NeuronetOverviewSchema = z.object({
  items: z.array(ScoringModelSchema),
  currentModelId: z.string().nullable(),
  /** Profiles with a label (estimators' or final scores) and estimators who gave them: what training would use now. */
  labelledProfiles: z.number().int(),
  estimators: z.number().int(),
  /** Grade outcomes of the prior over all scored profiles, shown when no model is current. */
  priorFairness: FairnessSchema,
  accuracy: ForecastAccuracySchema,
  /** Each estimator's labels against the rated people's age (docs/fairness.md). */
  labelBias: z.array(EstimatorLabelBiasSchema),
  /** Agreement between estimators: whether the labels are reliable enough to train on. */
  agreement: LabelAgreementSchema,
  /** Written justifications administrators gave to publish a model the bias audit refused, newest first. */
  justifications: z.array(
    z.object({ modelId: z.string(), text: z.string(), refusal: z.string(), administratorEmail: z.string().nullable(), at: z.iso.datetime() }),
  ),
  /**
   * Which profile kinds each model scores, and into which scores: the trained scoring model (or the prior before one
   * is published: `version` null) scores the work questionnaires; the love model's rules the love and couple ones.
   */
  scoredKinds: z.array(
    z.object({
      model: z.enum(['neuronet', 'love-rules']),
      version: z.string().nullable(),
      kinds: z.array(QuestionnaireKindSchema),
      outputs: z.array(z.string()),
    }),
  ),
});

export const neuronetModelsEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/neuronet/models',
  summary: 'Scoring models, newest first, with the current one and what training would use',
  result: NeuronetOverviewSchema,
});

export const neuronetModelEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/neuronet/models/:id',
  summary: 'One model with its training progress, metrics and fairness report',
  params: IdParams,
  result: ScoringModelSchema,
});

export const neuronetCreateModelEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/neuronet/models',
  summary: 'Creates a candidate model and starts training it in the background',
  body: TrainingOptionsSchema,
  result: ScoringModelSchema,
});

export const neuronetTrainEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/neuronet/models/:id/train',
  summary: 'Trains an unpublished model again on the current labels, in the background',
  params: IdParams,
  result: ScoringModelSchema,
});

export const neuronetUploadEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/neuronet/models/:id/upload',
  summary: "Writes the trained model's artifact to storage",
  params: IdParams,
  result: ScoringModelSchema,
});

/** A written reason to publish a model the bias audit refuses; kept in the audit log and shown on the model page. */
export const PublishJustificationSchema = z.string().trim().min(20, { error: 'minLength' }).max(4000, { error: 'maxLength' });

export const neuronetPublishEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/neuronet/models/:id/publish',
  summary:
    'Makes an uploaded model current and rescores every completed profile with it; refused (409) when the bias audit fails or the real outcomes of the monitor are worse than the published model’s, unless a justification is given',
  params: IdParams,
  body: z.object({ justification: PublishJustificationSchema.optional() }).nullish(),
  result: z.object({ model: ScoringModelSchema, profilesRescored: z.number().int() }),
});

export const NeuronetAuditSchema = z.object({
  /** The documented reference population, scored now by the model ('prior': the rules). */
  reference: BiasAuditSchema,
  /** This installation's completed non-demo profiles: null while fewer than minProfiles. */
  installation: BiasAuditSchema.nullable(),
  installationProfiles: z.number().int(),
  minProfiles: z.number().int(),
  /** The model against the published one (or the prior) on the director's monitor's real outcomes. */
  outcomes: OutcomeGateSchema,
});
export type NeuronetAudit = z.infer<typeof NeuronetAuditSchema>;

export const neuronetAuditEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/neuronet/models/:id/audit',
  summary: "The bias audit of a trained model ('prior' for the rules): reference population and, with enough, this installation's profiles",
  params: IdParams,
  result: NeuronetAuditSchema,
});

export const NeuronetPredictionSchema = z.object({
  profileId: z.string(),
  modelId: z.string().nullable(),
  scores: KplScoresSchema,
  grade: GradeValueSchema,
  explanation: ScoreExplanationSchema,
});

export const neuronetPredictEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/neuronet/predict/:id',
  summary: "Scores one profile with a chosen model ('prior' for the rules) without storing the result",
  params: IdParams,
  body: z.object({ modelId: z.string().min(1).max(100) }),
  result: NeuronetPredictionSchema,
});

export const NeuronetProfileSchema = z.object({
  _id: z.string(),
  code: z.string(),
  isDemo: z.boolean(),
  /** The training label: estimators' ratings averaged with biases removed, or the final scores. */
  label: KplScoresSchema.nullable(),
  estimatorsCount: z.number().int(),
  /** The stored scores (current model or prior). */
  current: KplScoresSchema.nullable(),
  grade: GradeValueSchema.nullable(),
  /** The chosen model's prediction, when a modelId is given. */
  predicted: KplScoresSchema.nullable(),
});

export const neuronetProfilesEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/neuronet/profiles',
  summary: "Labelled profiles with their labels, current scores and a chosen model's predictions",
  query: PagingQuerySchema.extend({ modelId: z.string().max(100).optional() }),
  result: z.object({ items: z.array(NeuronetProfileSchema), total: z.number().int() }),
});

export const FinalScoresResultSchema = z.object({ finalScore: z.number().nullable(), finalScorePrecise: KplScoresSchema.nullable() });

export const adminFinalScoreEndpoint = defineEndpoint({
  group: 'admin',
  method: 'PUT',
  path: '/profiles/:id/final-score',
  summary: "The administrator's final overall score 0-100; overrides estimators' labels and sets the grade",
  params: IdParams,
  body: z.object({ score: ScoreValueSchema.nullable() }),
  result: FinalScoresResultSchema,
});

export const adminFinalScorePreciseEndpoint = defineEndpoint({
  group: 'admin',
  method: 'PUT',
  path: '/profiles/:id/final-score-precise',
  summary: "The administrator's final K, P, L; overrides estimators' labels and the shown scores",
  params: IdParams,
  body: z.object({ scorePrecise: KplScoresSchema.nullable() }),
  result: FinalScoresResultSchema,
});
