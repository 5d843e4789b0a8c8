import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import { sampleParams } from './param-priors.ts';
import { withScores, type Unit } from './pair-model.ts';
import { coreOf, DAYS, meanSatisfaction, run, settledOf } from './pair-dynamics.ts';
import type { PairBand } from './pair-types.ts';
import { createRng, p10p90, type Rng } from './prng.ts';
import type { InteractionMode, PairKind } from './types.ts';
import { sampleStyle, type WorkStyleWeights } from './work-style.ts';
import { envelopeDaily, residualPath, widen } from './uncertainty.ts';

/**
 * One draw of a person with K, P, L perturbed by their score error (always three normals, so streams stay aligned)
 * and, for a kind that reads work style (`style` given), every work-style scale perturbed by its measurement error
 * (one more normal per scale; kinds without work style draw none, so their streams are unchanged).
 */
export function sampleUnit(u: Unit, rng: Rng, style?: WorkStyleWeights): Unit {
  const zk = rng.normal();
  const zp = rng.normal();
  const zl = rng.normal();
  const ws = style ? sampleStyle(u.ws, style, u.styleError, rng) : u.ws;
  const v = ws === u.ws ? u : { ...u, ws };
  if (u.scoreError <= 0) return v;
  const draw = (x: number, z: number): number => clamp(x + u.scoreError * z, 0, 100);
  return withScores(v, draw(u.k, zk), draw(u.p, zp), draw(u.l, zl));
}

/**
 * 10th-90th percentile band by seeded Monte Carlo over every source of error (docs section 7): each sample redraws
 * every person's K, P, L from their score error, the tunable parameters from their priors, and a pair-specific
 * residual path; the band is then made to contain the point forecast, be at least `minWidth` wide and never narrow
 * with the horizon. Each person draws from their own generator and the parameters and residual from one seeded by the
 * pair (seeds from the caller), so swapping the two people leaves the band unchanged.
 */
export function pairBand(x: {
  kind: PairKind;
  a: Unit;
  b: Unit;
  m: Unit | null;
  mode: InteractionMode;
  hours: number;
  params: Params;
  samples: number;
  seeds: { a: number; b: number; m: number; pair: number };
  point: { daily: ArrayLike<number>; compatibility: number; yearlySatisfaction: number; settled: number };
}): PairBand {
  const rngA = createRng(x.seeds.a);
  const rngB = createRng(x.seeds.b);
  const rngM = createRng(x.seeds.m);
  const rngPair = createRng(x.seeds.pair);
  const n = x.samples;
  const daily = new Float64Array(n * DAYS);
  const compat = new Float64Array(n);
  const sat = new Float64Array(n);
  const settled = new Float64Array(n);
  const shared = new Float64Array(DAYS);
  const ab = new Float64Array(DAYS);
  const ba = new Float64Array(DAYS);
  const residual = new Float64Array(DAYS);
  for (let i = 0; i < n; i++) {
    const params = x.params.band.parameterUncertainty ? sampleParams(x.params, rngPair) : x.params;
    residualPath(residual, rngPair, x.params);
    const style = x.params.kinds[x.kind].style;
    const a = sampleUnit(x.a, rngA, style);
    const b = sampleUnit(x.b, rngB, style);
    const m = x.m ? sampleUnit(x.m, rngM, style) : null;
    const { core } = coreOf(params.kinds[x.kind], a, b, m, x.mode, x.hours, params);
    run(core, shared, ab, ba, params);
    let sum = 0;
    let shift = 0;
    for (let t = 0; t < DAYS; t++) {
      const r = clamp(shared[t]! + residual[t]!, -100, 100);
      daily[i * DAYS + t] = r;
      sum += r;
      shift += r - shared[t]!;
    }
    compat[i] = sum / DAYS;
    sat[i] = clamp((meanSatisfaction(ab) + meanSatisfaction(ba)) / 2 + shift / DAYS / 2, 0, 100);
    settled[i] = clamp(settledOf(core) + residual[DAYS - 1]!, -100, 100);
  }
  const p10: number[] = [];
  const p90: number[] = [];
  const column = new Float64Array(n);
  for (let t = 0; t < DAYS; t++) {
    for (let i = 0; i < n; i++) column[i] = daily[i * DAYS + t]!;
    const band = p10p90(column);
    p10.push(band.p10);
    p90.push(band.p90);
  }
  const min = x.params.band.minWidth;
  envelopeDaily(x.point.daily, p10, p90, min, -100, 100);
  const interval = (v: Float64Array, point: number, lo: number, hi: number) => {
    const iv = p10p90(v);
    return widen(point, iv.p10, iv.p90, min, lo, hi);
  };
  return {
    samples: n,
    daily: { p10, p90 },
    compatibility: interval(compat, x.point.compatibility, -100, 100),
    yearlySatisfaction: interval(sat, x.point.yearlySatisfaction, 0, 100),
    settled: interval(settled, x.point.settled, -100, 100),
  };
}
