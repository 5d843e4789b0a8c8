/** A seeded pseudo-random source (mulberry32): the same seed gives the same sequence on every machine. */
export type Rng = { next(): number; normal(): number; int(maxExclusive: number): number };

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    // Box-Muller; 1 - u keeps the logarithm finite.
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    int: (maxExclusive) => Math.floor(next() * maxExclusive),
  };
}

/** Fisher-Yates shuffle of 0..n-1 driven by the given source. */
export function shuffledIndices(n: number, rng: Rng): number[] {
  const indices = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices;
}
