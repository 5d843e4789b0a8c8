import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import type { Rng } from './prng.ts';
import type { Interval } from './types.ts';

/**
 * Fills `out` with one path of the pair-specific residual (docs section 7.3): a random walk on the rating scale that
 * starts as N(0, startSd²) on day 0 and whose variance grows linearly to yearSd² on the last day. `scale` shrinks it
 * (a team's mean over many independent pairs). Always draws out.length normals, so streams stay aligned.
 */
export function residualPath(out: Float64Array, rng: Rng, params: Params, scale = 1): void {
  const { startSd, yearSd } = params.band.residual;
  const n = out.length;
  const step = n > 1 ? Math.sqrt(Math.max(0, yearSd * yearSd - startSd * startSd) / (n - 1)) : 0;
  let d = startSd * rng.normal();
  for (let t = 0; t < n; t++) {
    if (t > 0) d += step * rng.normal();
    out[t] = scale * d;
  }
}

/**
 * Makes a daily band safe by construction: each day's interval contains the point forecast, is at least `minWidth`
 * wide, and is never narrower than the day before (what is uncertain at month 3 is not more certain at month 9): where
 * the sampled band is narrower, it is widened evenly on both sides and shifted to stay inside [lo, hi].
 * Modifies p10 and p90 in place.
 */
export function envelopeDaily(point: ArrayLike<number>, p10: number[], p90: number[], minWidth: number, lo: number, hi: number): void {
  let prev = 0;
  for (let t = 0; t < p10.length; t++) {
    const iv = widen(point[t]!, p10[t]!, p90[t]!, Math.max(minWidth, prev), lo, hi);
    p10[t] = iv.p10;
    p90[t] = iv.p90;
    prev = iv.p90 - iv.p10;
  }
}

/** One interval containing `point`, at least `width` wide (when [lo, hi] allows), inside [lo, hi]. */
export function widen(point: number, p10: number, p90: number, width: number, lo: number, hi: number): Interval {
  let a = Math.min(p10, point);
  let b = Math.max(p90, point);
  const need = Math.min(width, hi - lo) - (b - a);
  if (need > 0) {
    a -= need / 2;
    b += need / 2;
    if (a < lo) {
      b += lo - a;
      a = lo;
    }
    if (b > hi) {
      a -= b - hi;
      b = hi;
    }
  }
  return { p10: clamp(a, lo, hi), p90: clamp(b, lo, hi) };
}
