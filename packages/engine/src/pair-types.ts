import type { Band, InteractionMode, Interval, PairKind, Specialist } from './types.ts';

export type PairRequest = {
  a: Specialist;
  b: Specialist;
  /** Default work. */
  kind?: PairKind;
  /** 0 office (default), 1 remote. */
  mode?: InteractionMode;
  /** Hours per week together, 0.5-10, default 5. */
  intensity?: number;
  manager?: Specialist | null;
  /** ISO date the forecast starts on; sets the month boundaries (equal slices without it). */
  startDay?: string;
};

export type PairOptions = {
  /** Uncertainty band by seeded sampling of score error; true for the default sample count. */
  band?: boolean | { samples?: number };
  /** How many explanation items to return (default 5; 0 skips the explanation and its two extra runs). */
  explainTop?: number;
};

export type CompetenceLines = { k: number[]; p: number[]; l: number[] };

export type PersonForecast = {
  id: string;
  /** This person's first impression and settled rating of the other, points. */
  firstImpression: number;
  settled: number;
  /** Yearly satisfaction, percent. */
  satisfaction: number;
  /** This person's own rating of the relationship, month by month. */
  monthly: number[];
  /** K, P, L at the end of each month. */
  competences: CompetenceLines;
};

export type RecommendationLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type ExplanationItem = {
  /**
   * `person`: one person's trait through both ways it acts (actor: how they feel; partner: how the other feels about
   * them), named once; `actor` or `partner` when only one of the two is non-zero.
   */
  factor: 'actor' | 'partner' | 'person' | 'relationship' | 'interaction' | 'manager';
  /** Whose trait it is; null for the pair's relationship and interaction settings. */
  personId: string | null;
  input: string;
  /** Approximate rating points this input adds to the shared settled rating (or to compatibility for settings). */
  points: number;
};

export type PairBand = {
  samples: number;
  daily: { p10: number[]; p90: number[] };
  compatibility: Interval;
  yearlySatisfaction: Interval;
  settled: Interval;
};

export type PairForecast = {
  paramsVersion: string;
  kind: PairKind;
  mode: InteractionMode;
  intensity: number;
  /** Shared rating for each of 365 days, [-100, 100]. */
  daily: number[];
  /** Mean shared rating per month, 12 values. */
  monthly: number[];
  /** Mean of both people's yearly satisfaction, percent. */
  yearlySatisfaction: number;
  expectations: { firstImpression: number; reality: number; gap: number; verdict: 'better' | 'as_expected' | 'worse' };
  /** Mean shared rating over the year and its condition band. */
  compatibility: { value: number; band: Band };
  /** Settled level beyond the year; trend compares it with the last month; settleDay: first day within 5 points for good. */
  outlook: { settled: number; band: Band; trend: 'improving' | 'stable' | 'declining'; settleDay: number | null };
  persons: [PersonForecast, PersonForecast];
  bestMonth: { index: number; value: number };
  worstMonth: { index: number; value: number };
  recommendation: RecommendationLevel;
  blocks: Array<{ name: string; score: number; grade: 1 | 2 | 3 | 4 | 5 }>;
  explanation: ExplanationItem[];
  band?: PairBand;
};
