/** Business constants of spec section 9, in one place. */

/** Hours per week of interaction above which the user is warned. */
export const INTERACTION_WARNING_HOURS = 50;
/** Intensity choices in hours per week. */
export const INTENSITY_OPTIONS = [0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const DEFAULT_INTENSITY = 5;
/** Interaction type: 0 office (default), 1 remote. */
export const INTERACTION_TYPES = { office: 0, remote: 1 } as const;

export const PAGE_SIZES = [50, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Team lifespan in years. */
export const TEAM_LIFESPANS = [1, 2] as const;
export const SCENE_DAYS = 365;
export const PAST_DAYS = 730;
export const YEAR_DAYS = 364;
export const MIN_SPECIALISTS = 2;

export const QUESTIONNAIRE_STEPS = 4;

export const HISTORY_MAX = 15;
export const TEAM_REQUEST_SLOTS = 4;
export const PAIR_SLOTS = 2;
export const ESTIMATOR_COMPARE_SLOTS = 2;

/** Websocket keep-alive and reconnect, in milliseconds. */
export const GATE_PING_INTERVAL_MS = 180_000;
export const GATE_RECONNECT_MS = 5_000;

export const UNDO_MEMORY = 2;
export const DEFAULT_SCENE_SCALE = 1.0;

/** Age bands for avatars: up to 20, 21-35, 36-50, over 50. */
export const AVATAR_AGE_BANDS = [
  { max: 20, band: 'upTo20' },
  { max: 35, band: '21to35' },
  { max: 50, band: '36to50' },
  { max: Number.POSITIVE_INFINITY, band: 'over50' },
] as const;
export const AVATAR_COUNT = 19;

/** Loader progress moves at random within these bands, in percent. */
export const LOADER_BANDS = [
  [10, 20],
  [35, 45],
  [65, 75],
  [85, 95],
] as const;

/** Lazy route chunks give up after this long, in milliseconds. */
export const CHUNK_TIMEOUT_MS = 120_000;

export const GRADES = ['JUNIOR', 'JUNIOR PLUS', 'MIDDLE', 'MIDDLE PLUS', 'SENIOR', 'SENIOR PLUS'] as const;

/** Pair rating condition bands, rating in [-100, 100]. */
export const CONDITION_BANDS = [
  { band: 'depressed', min: -100, max: -80 },
  { band: 'bad', min: -80, max: -20 },
  { band: 'anxious', min: -20, max: 20 },
  { band: 'good', min: 20, max: 80 },
  { band: 'excellent', min: 80, max: 100 },
] as const;

/** Team roles. */
export const TEAM_ROLES = { employee: 0, lead: 1, manager: 2 } as const;

/** Scene compute phases by priority; a phase only advances upward. */
export const COMPUTE_PHASES = { start: 0, init: 1, units: 2, render: 3, transfer: 4, done: 5 } as const;
