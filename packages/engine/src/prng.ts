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

/**
 * Moves the k-th smallest of values[from..to] to index k, smaller or equal values before it and greater or equal after
 * (Hoare's selection, middle pivot). Expected linear time; the band asks for four order statistics of each of 365
 * columns, and a full sort of each was a seventh of a pair forecast's time.
 */
function select(values: Float64Array, k: number, from: number, to: number): void {
  let left = from;
  let right = to;
  while (right > left) {
    const pivot = values[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

/** The smallest of values[from..to]. */
function minimum(values: Float64Array, from: number, to: number): number {
  let least = values[from]!;
  for (let i = from + 1; i <= to; i++) if (values[i]! < least) least = values[i]!;
  return least;
}

/**
 * The q-th percentile by linear interpolation between the two order statistics around q × (n - 1), as on the sorted
 * values, for q ascending in calls on the same array: values before `from` are already the smaller ones. Reorders values.
 */
function percentileFrom(values: Float64Array, q: number, from: number): { value: number; next: number } {
  const last = values.length - 1;
  const pos = q * last;
  const lo = Math.floor(pos);
  const hi = Math.min(last, lo + 1);
  select(values, lo, from, last);
  const low = values[lo]!;
  const high = hi === lo ? low : minimum(values, hi, last);
  return { value: low + (high - low) * (pos - lo), next: lo };
}

/**
 * The 10th and 90th percentiles: the same numbers as interpolating on the sorted values (property-tested against the
 * sort), found by selection. Reorders `values` in place (pass a scratch copy). With a NaN among them (no ordering
 * holds) it sorts, as before.
 */
export function p10p90(values: Float64Array): { p10: number; p90: number } {
  if (values.length === 0) return { p10: Number.NaN, p90: Number.NaN };
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i]!)) {
      values.sort();
      return { p10: fromSorted(values, 0.1), p90: fromSorted(values, 0.9) };
    }
  }
  const p10 = percentileFrom(values, 0.1, 0);
  return { p10: p10.value, p90: percentileFrom(values, 0.9, p10.next).value };
}

/** Percentile of already sorted values by linear interpolation; q in [0, 1]. */
export function fromSorted(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
