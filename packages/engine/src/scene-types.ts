import type { DiffEntry } from './diff-actors.ts';
import type { Params } from './params.ts';
import type { RankedKey } from './scene-summary.ts';
import type { Actor, Band, EventType, Interval, Mood, Orientation, Phase, Specialist, TeamType } from './types.ts';

export type SceneInput = {
  /** ISO date of day 0; sets the monthly render days ('' = no calendar: months are 365 / 12-day slices). */
  startDay: string;
  /** Team lifespan in years (1 or 2): places Gersick's midpoint. */
  lifespan: 1 | 2;
  actors: Actor[];
  /** Scores of every actor, matched by id. */
  specialists: Specialist[];
  /** Display settings (sceneSort, tips); carried, not read. */
  settings?: Record<string, unknown>;
};

/** Which pair ratings to keep: every day, render days only, none (the last day is always kept); auto = daily while pairs x days stays small. */
export type PairDetail = 'auto' | 'daily' | 'render' | 'none';

export type SceneOptions = {
  params?: Params;
  onPhase?: (phase: Phase) => void;
  pairDetail?: PairDetail;
  /** Uncertainty band by seeded sampling of score error; true for the default sample count. */
  band?: boolean | { samples?: number };
};

/** Per-actor per-day metrics, actor-major: value of actor a on day index d at [a * days + d]. */
export type ActorColumns = {
  expertise: Float32Array;
  power: Float32Array;
  importance: Float32Array;
  integration: Float32Array;
  support: Float32Array;
  satisfaction: Float32Array;
  personalRateByPeak: Float32Array;
  inGroupRateByPeak: Float32Array;
  /** Index into MOODS; 255 while inactive. */
  mood: Uint8Array;
  /** 1 on days the actor is active. */
  active: Uint8Array;
  /** 1 on days the actor's explicit interactions exceed the overload threshold (50 h/week). */
  overloaded: Uint8Array;
};

/** Team metrics per day index. managerSuitability is NaN without an active manager. */
export type TeamColumns = {
  basePower: Float32Array;
  peakPower: Float32Array;
  totalStatisticPower: Float32Array;
  cohesion: Float32Array;
  competence: Float32Array;
  performance: Float32Array;
  microclimate: Float32Array;
  managerSuitability: Float32Array;
  teamingEffect: Float32Array;
  kTotal: Float32Array;
  pTotal: Float32Array;
  lTotal: Float32Array;
  /** Index into ORIENTATIONS, TEAM_TYPES. */
  orientation: Uint8Array;
  teamType: Uint8Array;
  /** Actor index or -1. */
  manager: Int32Array;
  lead: Int32Array;
  activeCount: Int32Array;
};

/** Mood column codes: index into this list; 255 = inactive. */
export const MOODS: readonly Mood[] = ['depressed', 'bad', 'anxious', 'good', 'excellent', 'unclear'];
/** Orientation column codes. */
export const ORIENTATIONS: readonly Orientation[] = ['КПЛ', 'ПЛК', 'ЛКП'];
/** Team type column codes. */
export const TEAM_TYPES: readonly TeamType[] = ['launch', 'growth', 'support'];

/** Shared pair ratings (mean of both views), day-major: stored day s, pair p at [s * pairCount + p]; NaN when inactive. */
export type PairColumns = { days: Int32Array; ratings: Float32Array; pairCount: number };

export type TeamIndicators = {
  basePower: number;
  peakPower: number;
  totalStatisticPower: number;
  cohesion: number;
  competence: number;
  orientation: Orientation;
  performance: number;
  /** Microclimate (atmosphere): hours-weighted mean pair rating, [-100, 100]. */
  microclimate: number;
  atmosphere: Band;
  teamType: TeamType;
  /** 0-100, null without a manager. */
  managerSuitability: number | null;
  competencies: { k: number; p: number; l: number };
  /** Percent the team adds over its members working alone; negative when uniting costs. */
  teamingEffect: number;
};

export type GroupEvent = {
  day: number;
  type: EventType | 'midpoint' | 'atmosphere' | 'overload';
  actorId: string | null;
  band?: Band;
};

export type FinalStats = {
  /** Actors active on any future day. */
  participants: number;
  managers: number;
  leads: number;
  /** Mean time the final team's pairs have spent together, months. */
  monthsTogether: number;
  maxPower: number;
  avgPower: number;
  /** Means over the 365 future days. */
  averages: TeamIndicators;
  bestMonth: { index: number; microclimate: number };
  worstMonth: { index: number; microclimate: number };
};

export type SceneExplanationItem = {
  /** `person`: a trait acting both as actor and as partner, named once (its points added). */
  factor: 'actor' | 'partner' | 'person' | 'interaction' | 'manager';
  personId: string | null;
  /** Trait name, or `pair:<id>` for an interaction with that partner. */
  input: string;
  /** Approximate points of the final microclimate this input accounts for. */
  points: number;
};

export type SceneBand = {
  samples: number;
  /** 10th and 90th percentile of the daily microclimate over future days. */
  microclimate: { p10: number[]; p90: number[] };
  basePower: Interval;
  totalStatisticPower: Interval;
  cohesion: Interval;
  performance: Interval;
  teamingEffect: Interval;
  /** Each sample's ranked numbers on the last day (scene-summary.ts rankedAt), in sample order; null where undefined (no manager). */
  draws: Record<RankedKey, Array<number | null>>;
};

export type SceneResult = {
  paramsVersion: string;
  startDay: string;
  lifespan: 1 | 2;
  /** Day offset of day index 0 (negative when the past is reconstructed). */
  firstDay: number;
  /** Number of simulated days: past days + 365. */
  days: number;
  actorIds: string[];
  /** The normalised actors and what normalising changed. */
  actors: Actor[];
  diff: DiffEntry[];
  actorColumns: ActorColumns;
  teamColumns: TeamColumns;
  pairs: PairColumns;
  /** Monthly timeline points (day offsets), past and future. */
  renderDays: number[];
  groupEvents: GroupEvent[];
  /** Team indicators on the last forecast day. */
  summary: TeamIndicators;
  finalStats: FinalStats;
  explanation: SceneExplanationItem[];
  band?: SceneBand;
};
