/** Plain, JSON-serialisable data shared by the server, the web client and the engine (spec section 3). */
import type { WorkStyle } from './work-style.ts';

export type Grade = 'JUNIOR' | 'JUNIOR PLUS' | 'MIDDLE' | 'MIDDLE PLUS' | 'SENIOR' | 'SENIOR PLUS';

/** Gender as the questionnaire stores it (С_Пол). */
export type Gender = 'М' | 'Ж';

/**
 * Questionnaire-derived traits, each normalised to [0, 1] by the caller (see docs/forecast-model.md).
 * A missing trait counts as 0.5 (unknown, neutral).
 */
export type Traits = {
  /** Managerial experience: 0 none, 1 ten or more years of leading people. */
  managerialExperience: number;
  /** Total work experience: 0 none, 1 twenty or more years. */
  workExperience: number;
  /** Has run own business: 0 never, 1 yes (intermediate values allowed for partial answers). */
  entrepreneurship: number;
  /** Relocations: 0 never moved, 1 moved three or more times. */
  relocation: number;
  /** Family stability from cohabitation, partner duration, children: 0 unstable, 1 stable. Not read by work forecasts. */
  familyStability: number;
};

export type TraitName = keyof Traits;

/** A scored person as the engine sees them. */
export type Specialist = {
  id: string;
  /** Qualification K, 0-100, from the scoring model. */
  k: number;
  /** Professionalism P, 0-100. */
  p: number;
  /** Maturity L, 0-100. */
  l: number;
  /**
   * Age in years. Read only by kinds whose age weights are not zero (LOVE, FRIEND); work forecasts never read it,
   * so a work caller may leave it out.
   */
  age?: number;
  /** Carried for display; no formula reads it. */
  gender?: Gender;
  grade: Grade;
  traits?: Partial<Traits>;
  /**
   * How the person works with others (work-style block, each scale in [0, 1]); read by work forecasts only. A scale
   * left out takes the reference population's value (params `kinds.work.style.centre`).
   */
  workStyle?: Partial<WorkStyle>;
  /** Scoring model's held-out error (standard deviation, score points) of K, P and L; 0 when unknown. */
  scoreError?: number;
  /** Share 0-1 of the questionnaire answered for these scores; below 1 the score error widens (docs section 7.1). */
  completeness?: number;
};

export type PairKind = 'work' | 'LOVE' | 'FRIEND';

/** Interaction mode: 0 office, 1 remote. */
export type InteractionMode = 0 | 1;

/** Team roles: employee 0, lead 1, manager 2. */
export type Role = 0 | 1 | 2;

export type EventType = 'join' | 'start' | 'rejoin' | 'dismiss' | 'manager_join' | 'lead_join' | 'm_rank' | 'm_disrank' | 'l_rank' | 'l_disrank';

export type ActorEvent = {
  type: EventType;
  /** Day relative to the scene start; negative = before the start (at most 730 days back). */
  date: number;
  /** Opaque value kept as given; the engine reads the type only. */
  value: number;
  /** Orders events within a day (milliseconds since epoch as the client recorded it). */
  timestamp: number;
};

/** One entry of an actor's interaction list: holds from `date` until the next entry for the same partner. */
export type Interaction = {
  actorId: string;
  date: number;
  /** interactionType: 0 office, 1 remote; interactionIntensive: hours per week (0.5-10). */
  value: number;
};

export type Actor = {
  id: string;
  firstName: string;
  lastName: string;
  gender?: Gender;
  position?: string;
  isShort?: boolean;
  events: ActorEvent[];
  interactionType: Interaction[];
  interactionIntensive: Interaction[];
  satisfaction?: number;
};

/** Condition band of a rating in [-100, 100]. */
export type Band = 'depressed' | 'bad' | 'anxious' | 'good' | 'excellent';

/** Specialist mood: a band, or unclear when there is nothing to judge by yet. */
export type Mood = Band | 'unclear';

/** Team orientation: the order of the K, P, L totals, written as the spec writes it. */
export type Orientation = 'КПЛ' | 'ПЛК' | 'ЛКП';

export type TeamType = 'launch' | 'growth' | 'support';

/** Compute phases: start 0, init 1, units 2, render 3, transfer 4, done 5. */
export type Phase = 0 | 1 | 2 | 3 | 4 | 5;

/** A 10th-90th percentile band with the sample count it came from. */
export type Interval = { p10: number; p90: number };
