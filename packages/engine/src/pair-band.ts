import { clamp } from './bands.ts';
import type { KindWeights, Params } from './params.ts';
import { withScores, type Unit } from './pair-model.ts';
import { coreOf, DAYS, meanSatisfaction, run, settledOf } from './pair-dynamics.ts';
import type { PairBand } from './pair-types.ts';
import { createRng, p10p90 } from './prng.ts';
import type { InteractionMode, Interval } from './types.ts';

/** One draw of a person with K, P, L perturbed by their score error. */
function sampleUnit(u: Unit, rng: ReturnType<typeof createRng>): Unit {
  const draw = (x: number): number => clamp(x + u.scoreError * rng.normal(), 0, 100);
  return u.scoreError > 0 ? withScores(u, draw(u.k), draw(u.p), draw(u.l)) : u;
}

/**
 * 10th-90th percentile band by seeded sampling of every person's score error (docs section 7).
 * Each person draws from their own generator (seeds from the caller), so swapping the two people swaps
 * their draws and leaves the band unchanged.
 */
export function pairBand(x: {
  w: KindWeights;
  a: Unit;
  b: Unit;
  m: Unit | null;
  mode: InteractionMode;
  hours: number;
  params: Params;
  samples: number;
  seeds: { a: number; b: number; m: number };
}): PairBand {
  const rngA = createRng(x.seeds.a);
  const rngB = createRng(x.seeds.b);
  const rngM = createRng(x.seeds.m);
  const n = x.samples;
  const daily = new Float64Array(n * DAYS);
  const compat = new Float64Array(n);
  const sat = new Float64Array(n);
  const settled = new Float64Array(n);
  const shared = new Float64Array(DAYS);
  const ab = new Float64Array(DAYS);
  const ba = new Float64Array(DAYS);
  for (let i = 0; i < n; i++) {
    const a = sampleUnit(x.a, rngA);
    const b = sampleUnit(x.b, rngB);
    const m = x.m ? sampleUnit(x.m, rngM) : null;
    const { core } = coreOf(x.w, a, b, m, x.mode, x.hours, x.params);
    compat[i] = run(core, shared, ab, ba, x.params);
    daily.set(shared, i * DAYS);
    sat[i] = (meanSatisfaction(ab) + meanSatisfaction(ba)) / 2;
    settled[i] = settledOf(core);
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
  const interval = (v: Float64Array): Interval => p10p90(v);
  return { samples: n, daily: { p10, p90 }, compatibility: interval(compat), yearlySatisfaction: interval(sat), settled: interval(settled) };
}
