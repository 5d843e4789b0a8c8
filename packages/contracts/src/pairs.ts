import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { sharedResultRoute } from './public-routes.ts';
import { ForecastAccuracySchema } from './scoring.ts';
import { DEFAULT_INTENSITY, INTENSITY_OPTIONS, INTERACTION_WARNING_HOURS, PAIR_SLOTS } from './constants.ts';

/*
 * Pair compatibility (spec sections 1-3, 5, 7, 9): the p2p request of two profile slots, its run on the engine's
 * pair forecast, and the result as the owner sees it. Paths are relative to the scene service (/api/scene).
 */

/** Pair kinds: work (the default), and the love variant's LOVE and FRIEND. */
export const PairKindSchema = z.enum(['work', 'LOVE', 'FRIEND'], { error: 'invalid' });
export type PairKind = z.infer<typeof PairKindSchema>;

/** What a run may ask for: the love kinds; without it the work forecast runs. */
export const LoveTypeSchema = z.enum(['LOVE', 'FRIEND'], { error: 'invalid' });

export const ConditionBandSchema = z.enum(['depressed', 'bad', 'anxious', 'good', 'excellent']);
export type ConditionBand = z.infer<typeof ConditionBandSchema>;

const ProfileIdSchema = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'maxLength' });
/** A slot holds a profile id, or null while it is empty. */
export const PairSlotInputSchema = ProfileIdSchema.nullable();

/**
 * Which person of a couple profile a slot holds: its first person ('self', the default) or the partner. Any other
 * profile holds one person, so 'partner' is refused for it. Both slots may hold one couple profile with two sides:
 * the couple itself.
 */
export const SlotSideSchema = z.enum(['self', 'partner'], { error: 'invalid' });
export type SlotSide = z.infer<typeof SlotSideSchema>;

/** ISO calendar date, YYYY-MM-DD. */
export const StartDaySchema = z.iso.date({ error: 'invalid' });

/** Interaction mode: 0 office (default), 1 remote. */
export const InteractionModeSchema = z.union([z.literal(0), z.literal(1)], { error: 'invalid' });
/** Hours per week: one of the spec's choices 0.5, 1, 2 … 10. */
export const IntensitySchema = z.number({ error: 'invalid' }).refine((hours) => (INTENSITY_OPTIONS as readonly number[]).includes(hours), { error: 'invalid' });

export const PairCreateSchema = z.object({
  actors: z.array(PairSlotInputSchema, { error: 'required' }).length(PAIR_SLOTS, { error: 'invalid' }),
  /** Defaults to the first day of the current month. */
  startDay: StartDaySchema.optional(),
  mode: InteractionModeSchema.default(0),
  intensity: IntensitySchema.default(DEFAULT_INTENSITY),
  managerId: PairSlotInputSchema.optional(),
  /** Sides of the two slots (couple profiles only); default both 'self'. */
  sides: z.array(SlotSideSchema).length(PAIR_SLOTS, { error: 'invalid' }).optional(),
});
export type PairCreate = z.input<typeof PairCreateSchema>;

export const PairUpdateSchema = z.object({
  actors: z.array(PairSlotInputSchema, { error: 'invalid' }).length(PAIR_SLOTS, { error: 'invalid' }).optional(),
  startDay: StartDaySchema.optional(),
  mode: InteractionModeSchema.optional(),
  intensity: IntensitySchema.optional(),
  managerId: PairSlotInputSchema.optional(),
  sides: z.array(SlotSideSchema).length(PAIR_SLOTS, { error: 'invalid' }).optional(),
});
export type PairUpdate = z.input<typeof PairUpdateSchema>;

export const PairRunSchema = z.object({ type: LoveTypeSchema.optional() });

/** A person in a slot, as the pair screen shows them. */
export const PairActorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarName: z.string().nullable(),
  gender: z.enum(['М', 'Ж']).nullable(),
  age: z.number().nullable(),
  isDemo: z.boolean(),
  /** Completed and scored: the pair can run with this person (work kind for a work profile, LOVE and FRIEND for a love or couple profile). */
  filled: z.boolean(),
  /** The questionnaire kind of the profile; a love or couple profile takes part in LOVE and FRIEND only, a work one in work only. */
  kind: z.enum(['standard', 'short', 'love', 'couple']).optional(),
  /** The couple profile's person in this slot. */
  side: SlotSideSchema.optional(),
});
export type PairActor = z.infer<typeof PairActorSchema>;

const CompetenceLinesSchema = z.object({ k: z.array(z.number()), p: z.array(z.number()), l: z.array(z.number()) });

/** The part of a result everyone sees, also before a love pair is unlocked. */
export const PairSummarySchema = z.object({
  /** Mean shared rating over the year, -100…100, and its condition band. */
  compatibility: z.object({ value: z.number(), band: ConditionBandSchema }),
  /** Mean of both people's yearly satisfaction, percent. */
  yearlySatisfaction: z.number(),
  /** Recommendation level 1 (worst) … 6 (best). */
  recommendation: z.number().int().min(1).max(6),
});
export type PairSummary = z.infer<typeof PairSummarySchema>;

/** The full report: sent only for work pairs and for love pairs that are unlocked. */
export const PairDetailsSchema = z.object({
  expectations: z.object({ firstImpression: z.number(), reality: z.number(), gap: z.number(), verdict: z.enum(['better', 'as_expected', 'worse']) }),
  outlook: z.object({ settled: z.number(), band: ConditionBandSchema, trend: z.enum(['improving', 'stable', 'declining']), settleDay: z.number().nullable() }),
  /** Mean shared rating per month, 12 values, -100…100. */
  monthly: z.array(z.number()),
  /**
   * 10th and 90th percentile of each month's rating from every source of error the engine knows (scores, parameters,
   * the pair's own unpredictable part; docs/forecast-model.md section 7): never zero wide, never narrower later.
   */
  monthlyBand: z.object({ p10: z.array(z.number()), p90: z.array(z.number()) }).nullable(),
  /** The same 80 % band for the headline numbers: compatibility (yearly mean), yearly satisfaction, settled level. */
  headlineBand: z
    .object({
      compatibility: z.object({ p10: z.number(), p90: z.number() }),
      yearlySatisfaction: z.object({ p10: z.number(), p90: z.number() }),
      settled: z.object({ p10: z.number(), p90: z.number() }),
    })
    .nullable()
    .optional(),
  /** First day of each of the 12 months, ISO dates. */
  months: z.array(z.string()),
  bestMonth: z.object({ index: z.number().int(), value: z.number() }),
  worstMonth: z.object({ index: z.number().int(), value: z.number() }),
  persons: z.array(
    z.object({
      _id: z.string(),
      satisfaction: z.number(),
      firstImpression: z.number(),
      settled: z.number(),
      monthly: z.array(z.number()),
      /** The person's K/P/L lines: expertise, null while the owner's plan hides it. */
      competences: CompetenceLinesSchema.nullable(),
    }),
  ),
  /** Heading buckets of the kind with score 0-100 and grade 1-5. */
  blocks: z.array(z.object({ name: z.string(), score: z.number(), grade: z.number().int().min(1).max(5) })),
  explanation: z.array(z.object({ factor: z.string(), personId: z.string().nullable(), input: z.string(), points: z.number() })),
});
export type PairDetails = z.infer<typeof PairDetailsSchema>;

export const PairResultSchema = z.object({
  kind: PairKindSchema,
  runAt: z.iso.datetime(),
  summary: PairSummarySchema,
  /** A love report not yet unlocked: details are withheld by the server, not only hidden. */
  locked: z.boolean(),
  /** The owner's plan hides expertise: the people's K/P/L lines and the explanation are withheld (absent: false). */
  expertiseHidden: z.boolean().default(false),
  details: PairDetailsSchema.nullable(),
  /** The forecast accuracy as `GET /api/scoring/accuracy` gives it: a figure only when validated, else the reason. */
  accuracy: ForecastAccuracySchema,
  paramsVersion: z.string(),
});
export type PairResult = z.infer<typeof PairResultSchema>;

/** A person whose pair requests add up to more than INTERACTION_WARNING_HOURS a week. */
export const InteractionWarningSchema = z.object({ personId: z.string(), hours: z.number(), limit: z.literal(INTERACTION_WARNING_HOURS) });

export const PairRequestSchema = z.object({
  _id: z.string(),
  sceneId: z.string().nullable(),
  actors: z.array(PairActorSchema.nullable()),
  manager: PairActorSchema.nullable(),
  startDay: z.string(),
  mode: InteractionModeSchema,
  intensity: z.number(),
  /** Both slots hold filled profiles. */
  ready: z.boolean(),
  result: PairResultSchema.nullable(),
  warnings: z.array(InteractionWarningSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PairRequest = z.infer<typeof PairRequestSchema>;

const IdParams = z.object({ id: z.string().min(1).max(100) });

export const pairCreateEndpoint = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/p2p',
  summary: 'Creates a pair request of two profile slots; start day defaults to the first day of the current month',
  body: PairCreateSchema,
  result: PairRequestSchema,
});

export const pairCreateInSceneEndpoint = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/p2p/:sceneId',
  summary: "Creates a pair request inside one of the owner's scenes",
  params: z.object({ sceneId: z.string().min(1).max(100) }),
  body: PairCreateSchema,
  result: PairRequestSchema,
});

export const pairGetEndpoint = defineEndpoint({
  group: 'scene',
  method: 'GET',
  path: '/p2p/:id',
  summary: 'A pair request with its latest result (love details only once unlocked)',
  params: IdParams,
  result: PairRequestSchema,
});

export const pairUpdateEndpoint = defineEndpoint({
  group: 'scene',
  method: 'PATCH',
  path: '/p2p/:id',
  summary: 'Changes slots or interaction settings; a change of inputs clears the stored result',
  params: IdParams,
  body: PairUpdateSchema,
  result: PairRequestSchema,
});

export const pairDeleteEndpoint = defineEndpoint({
  group: 'scene',
  method: 'DELETE',
  path: '/p2p/:id',
  summary: 'Deletes a pair request, its result, shared links and its history entry',
  params: IdParams,
  result: z.object({ deleted: z.literal(true) }),
});

export const pairRunEndpoint = defineEndpoint({
  group: 'scene',
  method: 'PUT',
  path: '/p2p/:id/run',
  summary: "Runs the pair forecast on both profiles' current scores and answers and stores the result",
  params: IdParams,
  body: PairRunSchema,
  result: PairRequestSchema,
});

// ------------------------------------------------------------------------------------------------ shared result

/** Parts of a love result the sharer may put behind the link; `summary` is always there. */
export const SharePartSchema = z.enum(['names', 'expectations', 'outlook', 'chart', 'blocks'], { error: 'invalid' });
export type SharePart = z.infer<typeof SharePartSchema>;

export const ShareCreateSchema = z.object({ parts: z.array(SharePartSchema).max(5).default([]) });

export const SharedResultSchema = z.object({
  kind: PairKindSchema,
  /** First names, only when the sharer chose to share them. */
  names: z.array(z.string()).nullable(),
  summary: PairSummarySchema,
  expectations: PairDetailsSchema.shape.expectations.nullable(),
  outlook: PairDetailsSchema.shape.outlook.nullable(),
  chart: z
    .object({
      monthly: z.array(z.number()),
      months: z.array(z.string()),
      bestMonth: PairDetailsSchema.shape.bestMonth,
      worstMonth: PairDetailsSchema.shape.worstMonth,
    })
    .nullable(),
  blocks: PairDetailsSchema.shape.blocks.nullable(),
  sharedAt: z.iso.datetime(),
});
export type SharedResult = z.infer<typeof SharedResultSchema>;

export const pairShareEndpoint = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/p2p/:id/share',
  summary: 'Creates an unguessable link to a snapshot of the chosen parts of a love or friendship result',
  params: IdParams,
  body: ShareCreateSchema,
  result: z.object({ data: z.string(), parts: z.array(SharePartSchema) }),
});

export const sharedResultEndpoint = defineEndpoint({
  ...sharedResultRoute,
  summary: 'A shared love result: only the parts its sharer chose',
  params: z.object({ data: z.string().min(1).max(100) }),
  result: SharedResultSchema,
});
