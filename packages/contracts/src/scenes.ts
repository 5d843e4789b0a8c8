import { z } from 'zod';
import { PagingQuerySchema, defineEndpoint } from './api.ts';
import { DEFAULT_INTENSITY, GRADES, TEAM_REQUEST_SLOTS } from './constants.ts';
import { sparseInteractions } from './scene-interactions.ts';

const GenderSchema = z.enum(['М', 'Ж']);
const GradeSchema = z.enum(GRADES);

// ---------------------------------------------------------------------------------------------- actors (spec section 3)

/**
 * Most actors a scene may hold on any plan (the spec leaves the maximum open): the department-size plans' team size
 * (payment.ts DEPARTMENT_TEAM_SIZE); each plan's own `teamSize` is checked by the server.
 */
export const MAX_SCENE_ACTORS = 1000;
/** Compare request slots (the spec does not give the count). */
export const COMPARE_SLOTS = 4;

export const EventTypeSchema = z.enum(['join', 'start', 'rejoin', 'dismiss', 'manager_join', 'lead_join', 'm_rank', 'm_disrank', 'l_rank', 'l_disrank']);

export const ActorEventSchema = z.object({
  type: EventTypeSchema,
  /** Day relative to the scene start; negative = before it (at most 730 days back). */
  date: z.number().int().min(-730).max(364),
  value: z.number(),
  /** Orders events within a day (ms since epoch as the client recorded it). */
  timestamp: z.number(),
});
export type ActorEvent = z.infer<typeof ActorEventSchema>;

/** One entry of an interaction list: holds from `date` until the next entry for the same partner. */
export const InteractionSchema = z.object({
  actorId: z.string().min(1).max(100),
  date: z.number().int().min(-730).max(364),
  /** interactionType: 0 office, 1 remote; interactionIntensive: hours per week (0.5-10). */
  value: z.number().min(0).max(10),
});
export type Interaction = z.infer<typeof InteractionSchema>;

/** An interactionType entry: its value is the mode, 0 office or 1 remote (the engine refuses anything else). */
const InteractionModeSchema = InteractionSchema.extend({ value: z.number().int().min(0).max(1) });

export const ActorSchema = z.object({
  /** The profile id of the specialist. */
  id: z.string().min(1).max(100),
  firstName: z.string().max(100).default(''),
  lastName: z.string().max(100).default(''),
  gender: GenderSchema.optional(),
  position: z.string().max(200).optional(),
  isShort: z.boolean().optional(),
  events: z.array(ActorEventSchema).max(200),
  interactionType: z.array(InteractionModeSchema).max(2000).default([]),
  interactionIntensive: z.array(InteractionSchema).max(2000).default([]),
  satisfaction: z.number().optional(),
});
export type Actor = z.infer<typeof ActorSchema>;
export type ActorInput = z.input<typeof ActorSchema>;

/** What normalising an actor list changed (the engine's event rules, spec section 4). */
export const DiffEntrySchema = z.object({
  kind: z.enum(['add', 'remove', 'update', 'rank', 'disrank', 'dismiss', 'rejoin']),
  actorId: z.string(),
  change: z.enum(['added', 'removed']).optional(),
  event: ActorEventSchema.optional(),
  list: z.enum(['interactionType', 'interactionIntensive']).optional(),
  interaction: InteractionSchema.optional(),
  field: z.string().optional(),
  reason: z.string().optional(),
});
export type DiffEntry = z.infer<typeof DiffEntrySchema>;

/** A pair request kept with a scene: two actor slots and a start day. */
export const P2pRequestSchema = z.object({
  _id: z.string().max(100).optional(),
  actors: z.array(z.string().min(1).max(100)).length(2),
  startDay: z.iso.date(),
});

export const SceneSortSchema = z.enum(['power', 'weight', 'rating', 'addedDate', 'experience']);
export const TeamOrderSchema = z.enum(['rating', 'percent']);

export const SceneSettingsSchema = z.object({
  /** Card sort; the default is the actor added date (newest first). */
  sceneSort: SceneSortSchema.default('addedDate'),
  showSceneCardTips: z.boolean().default(true),
  showSceneIndicatorTips: z.boolean().default(true),
});
export type SceneSettings = z.infer<typeof SceneSettingsSchema>;

/** 'broken' is set by the client when a scene cannot be shown; 'ok' otherwise. */
export const SceneStatusSchema = z.enum(['ok', 'broken']);
export const LifespanSchema = z.union([z.literal(1), z.literal(2)]);

// ---------------------------------------------------------------------------------------------- computed parts

export const TeamIndicatorsSchema = z.object({
  basePower: z.number(),
  peakPower: z.number(),
  totalStatisticPower: z.number(),
  cohesion: z.number(),
  competence: z.number(),
  orientation: z.enum(['КПЛ', 'ПЛК', 'ЛКП']),
  performance: z.number(),
  /** Microclimate (atmosphere) as a rating, -100 to 100. */
  microclimate: z.number(),
  atmosphere: z.enum(['depressed', 'bad', 'anxious', 'good', 'excellent']),
  teamType: z.enum(['launch', 'growth', 'support']),
  /** 0-100; null without a manager. */
  managerSuitability: z.number().nullable(),
  competencies: z.object({ k: z.number(), p: z.number(), l: z.number() }),
  /** Percent the team adds over its members working alone. */
  teamingEffect: z.number(),
});
export type TeamIndicators = z.infer<typeof TeamIndicatorsSchema>;

/** A 10th-90th percentile interval: in 8 cases out of 10 the value falls inside (docs/forecast-model.md section 7). */
export const IntervalSchema = z.object({ p10: z.number(), p90: z.number() });
export type Interval = z.infer<typeof IntervalSchema>;

/**
 * The indicators a comparison ranks: per person where team size would decide (K, P, L means, power per person), on a
 * team-level scale otherwise; read on the last forecast day, the same day as the team check's summary.
 */
export const RANKED_KEYS = ['kMean', 'pMean', 'lMean', 'powerPerPerson', 'cohesion', 'performance', 'managementFit', 'unitingEffect', 'atmosphere'] as const;
export const RankedKeySchema = z.enum(RANKED_KEYS);
export type RankedKey = z.infer<typeof RankedKeySchema>;

/** The compare-teams indicators (spec section 3): the ranked ones, then descriptive totals, counts, shares and types. */
export const CompareIndicatorsSchema = z.object({
  kMean: z.number(),
  pMean: z.number(),
  lMean: z.number(),
  powerPerPerson: z.number(),
  cohesion: z.number(),
  performance: z.number(),
  managementFit: z.number().nullable(),
  unitingEffect: z.number(),
  atmosphere: z.number(),
  teamPower: z.number(),
  maxPower: z.number(),
  avgPower: z.number(),
  monthsTogether: z.number(),
  launch: z.number(),
  growth: z.number(),
  support: z.number(),
  teamType: z.enum(['launch', 'growth', 'support']),
  leads: z.number(),
  participants: z.number(),
  managers: z.number(),
  profile: z.enum(['КПЛ', 'ПЛК', 'ЛКП']),
});
export type CompareIndicators = z.infer<typeof CompareIndicatorsSchema>;
export type CompareKey = keyof CompareIndicators;
/** Row order of the comparison table. */
export const COMPARE_KEYS = Object.keys(CompareIndicatorsSchema.shape) as CompareKey[];

/**
 * The band of a team's headline numbers on the last forecast day (the day of `summary`), with the number of Monte
 * Carlo samples it came from. `microclimate` is the atmosphere's interval on that day.
 */
export const SceneSummaryBandSchema = z.object({
  samples: z.number().int(),
  basePower: IntervalSchema,
  totalStatisticPower: IntervalSchema,
  cohesion: IntervalSchema,
  performance: IntervalSchema,
  teamingEffect: IntervalSchema,
  microclimate: IntervalSchema,
});
export type SceneSummaryBand = z.infer<typeof SceneSummaryBandSchema>;

/**
 * The band as a run's dataset carries it (`dataset.band`, the engine's SceneBand): the daily microclimate band over the
 * future days (index 0 = day 0, so day t is at [t]), the headline intervals on the last day, and every sample's ranked
 * numbers (`draws`, used for the comparison's probabilities).
 */
export const SceneDatasetBandSchema = z.object({
  samples: z.number().int(),
  microclimate: z.object({ p10: z.array(z.number()), p90: z.array(z.number()) }),
  basePower: IntervalSchema,
  totalStatisticPower: IntervalSchema,
  cohesion: IntervalSchema,
  performance: IntervalSchema,
  teamingEffect: IntervalSchema,
  draws: z.record(RankedKeySchema, z.array(z.number().nullable())),
});
export type SceneDatasetBand = z.infer<typeof SceneDatasetBandSchema>;

/** The headline band of the last forecast day from a dataset's band (the atmosphere's interval is the daily band's last day). */
export function summaryBandOf(band: SceneDatasetBand): SceneSummaryBand {
  const last = band.microclimate.p10.length - 1;
  return {
    samples: band.samples,
    basePower: band.basePower,
    totalStatisticPower: band.totalStatisticPower,
    cohesion: band.cohesion,
    performance: band.performance,
    teamingEffect: band.teamingEffect,
    microclimate: { p10: band.microclimate.p10[last]!, p90: band.microclimate.p90[last]! },
  };
}

export const JobStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

/** The latest computation of a scene. */
export const SceneRunSchema = z.object({
  ruid: z.string(),
  status: JobStatusSchema,
  /** start 0 … done 5. */
  phase: z.number().int().min(0).max(5),
  /** False when the scene changed after this run started. */
  fresh: z.boolean(),
  error: z.string().nullable(),
});
export type SceneRun = z.infer<typeof SceneRunSchema>;

export const SceneSchema = z.object({
  _id: z.string(),
  title: z.string(),
  startDay: z.iso.date(),
  /** The day the workspace is opened on, relative to the start. */
  summonDay: z.number().int(),
  lifespan: LifespanSchema,
  /** Members with only the interactions that differ from the default pair (the sparse form, scene-interactions.ts). */
  actors: z.array(ActorSchema),
  settings: SceneSettingsSchema,
  p2pRequests: z.array(P2pRequestSchema),
  status: SceneStatusSchema,
  /** Actors whose profile was deleted: 'The team has changed!' until the owner confirms their removal (fix). */
  missingActorIds: z.array(z.string()),
  /** Team indicators of the latest fresh computation; null before one finished. */
  summary: TeamIndicatorsSchema.nullable(),
  /** The band of `summary` (10th-90th percentile of each headline number); null with no summary. */
  summaryBand: SceneSummaryBandSchema.nullable(),
  lastRun: SceneRunSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Scene = z.infer<typeof SceneSchema>;

/** A written scene and what normalising its actors changed. */
export const SceneWriteResultSchema = z.object({ scene: SceneSchema, diff: z.array(DiffEntrySchema) });

// ---------------------------------------------------------------------------------------------- requests

const TitleSchema = z.string().trim().min(1).max(120);

export const SceneCreateSchema = z.object({
  title: TitleSchema,
  startDay: z.iso.date().optional(),
  summonDay: z.number().int().min(-730).max(364).default(0),
  lifespan: LifespanSchema.default(1),
  /** The sparse form; a full mesh is accepted too (its default entries are dropped). At most the plan's teamSize. */
  actors: z.array(ActorSchema).max(MAX_SCENE_ACTORS),
  settings: SceneSettingsSchema.partial().optional(),
  p2pRequests: z.array(P2pRequestSchema).max(50).default([]),
});
export type SceneCreate = z.input<typeof SceneCreateSchema>;

/**
 * An edit of a team's members as what changed (issue 30): `put` replaces the members with these ids where they stand
 * and appends the new ones in their order, `remove` drops members; the rest of the stored team stays as it is. The
 * result is normalised as a whole team sent in `actors` would be (applyActorChanges, scene-actor-changes.ts).
 */
export const ActorChangesSchema = z.object({
  put: z.array(ActorSchema).max(MAX_SCENE_ACTORS).default([]),
  remove: z.array(z.string().min(1).max(100)).max(MAX_SCENE_ACTORS).default([]),
});
export type ActorChanges = z.infer<typeof ActorChangesSchema>;

export const SceneUpdateSchema = z.object({
  title: TitleSchema.optional(),
  startDay: z.iso.date().optional(),
  summonDay: z.number().int().min(-730).max(364).optional(),
  lifespan: LifespanSchema.optional(),
  /** The whole team (sparse form); or send `actorChanges` instead, never both. */
  actors: z.array(ActorSchema).max(MAX_SCENE_ACTORS).optional(),
  actorChanges: ActorChangesSchema.optional(),
  settings: SceneSettingsSchema.partial().optional(),
  p2pRequests: z.array(P2pRequestSchema).max(50).optional(),
});
export type SceneUpdate = z.input<typeof SceneUpdateSchema>;

/** Confirms 'The team has changed!': actors of deleted profiles are removed; the rest of the body is applied as in PATCH. */
export const SceneFixSchema = z.object({
  scene: SceneUpdateSchema.optional(),
  p2pRequests: z.array(P2pRequestSchema).max(50).optional(),
  status: SceneStatusSchema.optional(),
});

export const SceneCopySchema = z.object({
  title: TitleSchema,
  startDay: z.iso.date().optional(),
  summonDay: z.number().int().min(-730).max(364).optional(),
});

export const SceneListQuerySchema = PagingQuerySchema.extend({ search: z.string().trim().max(100).optional() });

export const SceneIdsSchema = z.object({ sceneIds: z.array(z.string().min(1).max(100)).min(1).max(1000) });
export const CompareRequestSchema = z.object({ sceneIds: z.array(z.string().min(1).max(100)).min(2).max(COMPARE_SLOTS) });

/** A profile as the actor picker shows it: eligible means completed and scored, so it can take part in a forecast. */
export const SceneProfileSchema = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  position: z.string().nullable(),
  age: z.number().nullable(),
  gender: GenderSchema.nullable(),
  grade: GradeSchema.nullable(),
  isDemo: z.boolean(),
  eligible: z.boolean(),
});
export type SceneProfile = z.infer<typeof SceneProfileSchema>;

export const SceneProfilesQuerySchema = PagingQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  /** true: only profiles that can take part in a forecast. */
  eligible: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** A team comparison: the scenes, each one's indicators once computed, and the best scene of each row. */
export const ComparisonSchema = z.object({
  _id: z.string(),
  sceneIds: z.array(z.string()),
  scenes: z.array(z.object({ _id: z.string(), title: z.string(), indicators: CompareIndicatorsSchema.nullable() })),
  /** Scenes still computing for this comparison (their phases arrive over the gate). */
  pending: z.array(z.object({ sceneId: z.string(), ruid: z.string() })),
  /** Per indicator, the ids of the best scenes; null where no direction applies or while pending. */
  best: z.record(z.string(), z.array(z.string()).nullable()),
  /**
   * Per ranked indicator (RANKED_KEYS), the probability (0-1) that each scene holds the best value, from the scenes'
   * band samples; the values of a row sum to 1, and with two teams it is the probability that one is better than the
   * other. null where fewer than two scenes have the indicator (management fit without managers); empty while pending.
   */
  probabilityBest: z.record(z.string(), z.record(z.string(), z.number()).nullable()),
  createdAt: z.iso.datetime(),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

// ---------------------------------------------------------------------------------------------- team request helper

/**
 * Actors of a fast team check (team request, up to 4 slots): everyone starts on day 0 and each two work together
 * at `intensity` hours per week in `mode` (0 office, 1 remote); in the sparse form, so the default pairs carry nothing.
 */
export function teamActors(profileIds: readonly string[], options: { intensity?: number; mode?: 0 | 1; timestamp?: number } = {}): Actor[] {
  const hours = options.intensity ?? DEFAULT_INTENSITY;
  const mode = options.mode ?? 0;
  const timestamp = options.timestamp ?? 0;
  const full = profileIds.slice(0, TEAM_REQUEST_SLOTS).map((id, i, ids): Actor => ({
    id,
    firstName: '',
    lastName: '',
    events: [{ type: 'start', date: 0, value: 0, timestamp }],
    interactionIntensive: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: hours })),
    interactionType: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: mode })),
  }));
  return sparseInteractions(full);
}

/** Events a fast team check uses: everyone starts (or joins) on day 0. */
const TEAM_CHECK_EVENTS: ReadonlySet<string> = new Set(['start', 'join']);

/**
 * Whether a team needs the manager's simulator rather than the fast team check (the capability table's `simulator`
 * versus `teamCheck`): more people than the check's slots, any event other than starting or joining on day 0
 * (dismiss, rejoin, manager or lead joins and ranks), or an interaction that changes after day 0.
 */
export function usesSimulator(actors: readonly Pick<Actor, 'events' | 'interactionType' | 'interactionIntensive'>[]): boolean {
  if (actors.length > TEAM_REQUEST_SLOTS) return true;
  return actors.some(
    (actor) =>
      actor.events.some((event) => !TEAM_CHECK_EVENTS.has(event.type) || event.date !== 0) ||
      actor.interactionType.some((entry) => entry.date !== 0) ||
      actor.interactionIntensive.some((entry) => entry.date !== 0),
  );
}

// ---------------------------------------------------------------------------------------------- endpoints (Scene service)

const IdParams = z.object({ id: z.string().min(1).max(100) });

export const sceneProfilesEndpoint = defineEndpoint({
  group: 'scene',
  method: 'GET',
  path: '/profiles',
  summary: "The owner's profiles to pick actors from (search, paging); eligible = completed and scored",
  query: SceneProfilesQuerySchema,
  result: z.object({ items: z.array(SceneProfileSchema), total: z.number().int() }),
});

export const sceneCreateEndpoint = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/scene',
  summary: 'Creates a team scene (counts against the plan team cap); actors are normalised and the diff returned',
  body: SceneCreateSchema,
  result: SceneWriteResultSchema,
});

export const sceneUpdateEndpoint = defineEndpoint({
  group: 'scene',
  method: 'PATCH',
  path: '/scene/:id',
  summary: 'Updates a scene; actors are normalised and the diff returned',
  params: IdParams,
  body: SceneUpdateSchema,
  result: SceneWriteResultSchema,
});

export const sceneFixEndpoint = defineEndpoint({
  group: 'scene',
  method: 'PATCH',
  path: '/scene/:id/fix',
  summary: 'Confirms a changed team: removes actors whose profile was deleted, applies scene, p2pRequests and status',
  params: IdParams,
  body: SceneFixSchema,
  result: SceneWriteResultSchema,
});

export const scenesListEndpoint = defineEndpoint({
  group: 'scene',
  method: 'GET',
  path: '/scenes',
  summary: "The owner's teams, newest first (search, limit, offset)",
  query: SceneListQuerySchema,
  result: z.object({ items: z.array(SceneSchema), total: z.number().int() }),
});

export const sceneGetEndpoint = defineEndpoint({
  group: 'scene',
  method: 'GET',
  path: '/scene/:id',
  summary: 'One scene',
  params: IdParams,
  result: SceneSchema,
});

export const scenesBulkDeleteEndpoint = defineEndpoint({
  group: 'scene',
  method: 'DELETE',
  path: '/scene/bulk',
  summary: 'Deletes the listed scenes of the owner',
  body: SceneIdsSchema,
  result: z.object({ deleted: z.number().int() }),
});

export const scenesDeleteAllEndpoint = defineEndpoint({
  group: 'scene',
  method: 'DELETE',
  path: '/scene/all',
  summary: "Deletes all the owner's teams",
  result: z.object({ deleted: z.number().int() }),
});

export const sceneCopyEndpoint = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/scene/:id/copy',
  summary: 'Copies a scene under a new title (counts against the team cap)',
  params: IdParams,
  body: SceneCopySchema,
  result: SceneWriteResultSchema,
});

export const sceneRunEndpoint = defineEndpoint({
  group: 'scene',
  method: 'PUT',
  path: '/scene/:id/run',
  summary: 'Queues the computation of a scene; phases arrive over the gate as sceneComputePhase',
  params: IdParams,
  result: z.object({ ruid: z.string() }),
});

export const sceneSnapshotEndpoint = defineEndpoint({
  group: 'scene',
  method: 'GET',
  path: '/scene/snapshot/:sceneId',
  summary: 'An unguessable url, valid 15 minutes, of the computed dataset of a finished run',
  params: z.object({ sceneId: z.string().min(1).max(100) }),
  query: z.object({ ruid: z.string().min(1).max(100) }),
  result: z.object({ url: z.string(), expiresAt: z.iso.datetime() }),
});

export const scenesCompareEndpoint = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/scenes/compare',
  summary: 'Compares 2-4 teams; scenes without a fresh computation are queued and listed as pending',
  body: CompareRequestSchema,
  result: ComparisonSchema,
});

export const scenesCompareGetEndpoint = defineEndpoint({
  group: 'scene',
  method: 'GET',
  path: '/scenes/compare/:id',
  summary: 'A stored team comparison with its current indicators',
  params: IdParams,
  result: ComparisonSchema,
});

export const sandboxGetEndpoint = defineEndpoint({
  group: 'scene',
  method: 'GET',
  path: '/sandbox',
  summary: "The owner's sandbox scene (not counted as a team); null when none",
  result: SceneSchema.nullable(),
});

export const sandboxCreateEndpoint = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/sandbox',
  summary: "Creates or replaces the owner's sandbox scene",
  body: SceneCreateSchema,
  result: SceneWriteResultSchema,
});

export const sandboxUpdateEndpoint = defineEndpoint({
  group: 'scene',
  method: 'PATCH',
  path: '/sandbox',
  summary: "Updates the owner's sandbox scene",
  body: SceneUpdateSchema,
  result: SceneWriteResultSchema,
});

/** Path of the plain dataset download; the token is the credential. */
export const SCENE_DATASET_PATH = '/api/scene/dataset/:token';
