import { clamp } from './bands.ts';
import type { KindWeights, Params } from './params.ts';
import { managerQuality, pairSetup, ratingAt, tauDays, type Unit } from './pair-model.ts';
import type { InteractionMode } from './types.ts';

/** Days in a pair forecast. */
export const DAYS = 365;
export const MONTHS = 12;
/** Gersick: a pair forecast spans one year, so its midpoint is day 182. */
export const MIDPOINT = 182;
/** Points within which the rating counts as settled, and beyond which expectations are met or missed. */
export const SETTLE_TOLERANCE = 5;
export const EXPECTATION_TOLERANCE = 10;
export const RECOMMENDATION_STEPS = [-50, -20, 0, 20, 50];

/** Everything fixed for one evaluation of the pair dynamics. */
export type Core = {
  settledAB: number;
  settledBA: number;
  firstAB: number;
  firstBA: number;
  storm: number;
  rho: number;
};

/** The pair's fixed numbers for one setting, with the manager applied. */
export function coreOf(
  w: KindWeights,
  a: Unit,
  b: Unit,
  m: Unit | null,
  mode: InteractionMode,
  hours: number,
  params: Params,
  terms?: Parameters<typeof pairSetup>[4],
) {
  const setup = pairSetup(w, a, b, params, terms);
  const q = m ? managerQuality(m) : 0;
  const shift = params.manager.shift * q;
  const damping = 1 - params.manager.stormDamping * Math.max(0, q);
  const core: Core = {
    settledAB: clamp(setup.settledAB + shift, -100, 100),
    settledBA: clamp(setup.settledBA + shift, -100, 100),
    firstAB: setup.firstAB,
    firstBA: setup.firstBA,
    storm: setup.storm * damping * (mode === 1 ? params.dynamics.remoteStormFactor : 1),
    rho: Math.exp(-1 / tauDays(hours, mode, params)),
  };
  return { core, setup, shift };
}

/** Fills the daily series (shared, a's view, b's view; any may be null) and returns the shared yearly mean. */
export function run(c: Core, shared: Float64Array, ab: Float64Array | null, ba: Float64Array | null, params: Params): number {
  let e = 1;
  let sum = 0;
  for (let t = 0; t < DAYS; t++) {
    if (t === MIDPOINT) e *= 1 - params.dynamics.midpointShift;
    const x = ratingAt(c.settledAB, c.firstAB, c.storm, e);
    const y = ratingAt(c.settledBA, c.firstBA, c.storm, e);
    const r = (x + y) / 2;
    shared[t] = r;
    if (ab) ab[t] = x;
    if (ba) ba[t] = y;
    sum += r;
    e *= c.rho;
  }
  return sum / DAYS;
}

/** Yearly satisfaction in percent from one daily series. */
export function meanSatisfaction(series: Float64Array): number {
  let s = 0;
  for (let t = 0; t < DAYS; t++) s += series[t]!;
  return clamp((s / DAYS + 100) / 2, 0, 100);
}

/** Shared settled level: the mean of both views once the gap is closed. */
export function settledOf(c: Core): number {
  return (ratingAt(c.settledAB, c.firstAB, c.storm, 0) + ratingAt(c.settledBA, c.firstBA, c.storm, 0)) / 2;
}
