/** Seeded randomness: the seed is a hash of the input, so the same input draws the same samples. */

/** FNV-1a, 32-bit, over a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Rng = { next: () => number; normal: () => number };

/** mulberry32: uniform in [0, 1); normal() is Box-Muller with the spare value discarded for simplicity. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (): number => {
    const u = 1 - next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  return { next, normal };
}

/** Percentile of already sorted values by linear interpolation; q in [0, 1]. */
function fromSorted(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The 10th and 90th percentiles; sorts `values` in place (pass a scratch copy). */
export function p10p90(values: Float64Array): { p10: number; p90: number } {
  values.sort();
  return { p10: fromSorted(values, 0.1), p90: fromSorted(values, 0.9) };
}
