import { clamp } from './bands.ts';
import type { Rng } from './prng.ts';

/**
 * How a person works with others, from the questionnaire's work-style block (docs/forecast-model.md, section 1.2),
 * each scale in [0, 1] (the 5-point agreement answers mapped 1 → 0 … 5 → 1; a two-item scale is their mean).
 * - cooperation: helps colleagues, looks for a solution that suits both sides (agreeableness, Bell 2007);
 * - reliability: keeps commitments (conscientiousness, Barrick et al. 1998);
 * - planning: plans ahead rather than improvising (pace; a fit term: similar planners work together more easily);
 * - steadiness: stays calm under pressure (emotional stability);
 * - openness: takes up colleagues' ideas (openness to experience);
 * - directness: says so openly when disagreeing;
 * - autonomy: prefers working on his own to close collaboration (a fit term).
 */
export type WorkStyle = {
  cooperation: number;
  reliability: number;
  planning: number;
  steadiness: number;
  openness: number;
  directness: number;
  autonomy: number;
};

export type WorkStyleName = keyof WorkStyle;

export const WORK_STYLE_SCALES: readonly WorkStyleName[] = ['cooperation', 'reliability', 'planning', 'steadiness', 'openness', 'directness', 'autonomy'];

/**
 * Weights of the work-style terms of a kind (only work has them). Scales enter centred on the reference population:
 * c = clamp(2 (t − centre), −1, 1), so a person with the population's typical answers (and a person who gave none)
 * adds nothing.
 */
export type WorkStyleWeights = {
  /** The reference population's mean of each scale (fairness/reference-population.ts); a missing scale reads as this. */
  centre: WorkStyle;
  /**
   * The reference population's standard deviation of each scale: the uncertainty of a scale the person did not answer
   * (it could be anyone's), used by the band in place of the measurement error of an answered one.
   */
  spread: WorkStyle;
  /** Actor effect: how a person's own style colours every working relationship he is in. */
  actor: { cooperation: number; steadiness: number; openness: number };
  /** Partner effect: how colleagues in general fare with this person. */
  partner: { cooperation: number; reliability: number; steadiness: number };
  /** Relationship (fit) effect: similar planning and compatible autonomy preferences, each 1 − |difference| in [−1, 1]. */
  relationship: { planningFit: number; autonomyFit: number };
  /**
   * Storm depth (points, before mode and manager damping): depth × (1 − the pair's mean cooperation and steadiness)
   * × (0.5 + the product of both people's directness): early conflict is deeper between people who clash openly and
   * cope less calmly (Tuckman's storming; replaces the maturity- and dominance-based depth of the other kinds).
   */
  stormDepth: number;
};

/** A scale of a person: his answer, or the population's centre when he gave none. */
export const styleOf = (style: Partial<WorkStyle>, w: WorkStyleWeights, name: WorkStyleName): number => clamp(style[name] ?? w.centre[name], 0, 1);

/** A scale centred on the population: c = clamp(2 (t − centre), −1, 1). */
export const centred = (style: Partial<WorkStyle>, w: WorkStyleWeights, name: WorkStyleName): number =>
  clamp(2 * (styleOf(style, w, name) - w.centre[name]), -1, 1);

/** 1 − |difference| of two scale values, in [−1, 1] after rescaling (1 identical, −1 opposite ends). */
export const fitOf = (a: number, b: number): number => 1 - 2 * Math.abs(a - b);

/**
 * The scales the pair model reads between two people, each as styleOf gives it: a team reads them once per person
 * rather than once per pair (a style is an object of varying shape, slow to read by name a million times).
 */
export type PairScales = { planning: number; autonomy: number; cooperation: number; steadiness: number; directness: number };

export const pairScales = (style: Partial<WorkStyle>, w: WorkStyleWeights): PairScales => ({
  planning: styleOf(style, w, 'planning'),
  autonomy: styleOf(style, w, 'autonomy'),
  cooperation: styleOf(style, w, 'cooperation'),
  steadiness: styleOf(style, w, 'steadiness'),
  directness: styleOf(style, w, 'directness'),
});

/** The work-style storm depth of a pair (see WorkStyleWeights.stormDepth), from the two people's scales. */
export function stormOf(w: WorkStyleWeights, a: PairScales, b: PairScales): number {
  // Summed per scale first, so swapping the two people gives the same number to the bit.
  const calm = (a.cooperation + b.cooperation + (a.steadiness + b.steadiness)) / 4;
  const clash = a.directness * b.directness;
  return w.stormDepth * clamp(1 - calm, 0, 1) * (0.5 + clash);
}

/**
 * One draw of a person's work style: an answered scale moves by its measurement error `sd` (scale units), a scale he
 * did not answer by the population's spread around the centre (it could be anyone's). Always draws one normal per
 * scale, so streams stay aligned.
 */
export function sampleStyle(style: Partial<WorkStyle>, w: WorkStyleWeights, sd: number, rng: Rng): Partial<WorkStyle> {
  const out: Partial<WorkStyle> = {};
  for (const name of WORK_STYLE_SCALES) {
    const z = rng.normal();
    const error = style[name] === undefined ? w.spread[name] : sd;
    out[name] = error > 0 ? clamp(styleOf(style, w, name) + error * z, 0, 1) : styleOf(style, w, name);
  }
  return out;
}

/** A work style as sorted [scale, value] entries, for seeds that must not depend on key order. */
export const sortedStyle = (style: Partial<WorkStyle>): Array<[string, number | undefined]> =>
  Object.entries(style)
    .filter(([, v]) => v !== undefined)
    .sort(([x], [y]) => (x < y ? -1 : 1));
