import { nice, ticks } from 'd3-array';

/** A linear map from a value domain to pixels, with round tick values (d3-array's ticks) and their decimals. */
export type LinearScale = { (value: number): number; domain: [number, number]; ticks: number[]; tickDigits: number };

/**
 * The domain a chart shows: the fixed one when given, else the data's extent widened to round numbers (a flat line
 * gets one unit either side, so it sits in the middle rather than on an edge).
 */
export function chartDomain(values: Iterable<number | null | undefined>, fixed?: readonly [number, number], tickCount = 5): [number, number] {
  if (fixed) return [fixed[0], fixed[1]];
  let lo = Infinity;
  let hi = -Infinity;
  for (const value of values) {
    if (value === null || value === undefined || !Number.isFinite(value)) continue;
    if (value < lo) lo = value;
    if (value > hi) hi = value;
  }
  if (lo === Infinity) return [0, 1];
  if (lo === hi) return [lo - 1, hi + 1];
  const [a, b] = nice(lo, hi, tickCount);
  return [a, b];
}

export function linearScale(domain: [number, number], range: [number, number], tickCount = 5): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  const scale = ((value: number) => r0 + ((value - d0) / span) * (r1 - r0)) as LinearScale;
  scale.domain = domain;
  scale.ticks = ticks(d0, d1, tickCount);
  const step = scale.ticks.length > 1 ? Math.abs(scale.ticks[1]! - scale.ticks[0]!) : 1;
  scale.tickDigits = Math.max(0, Math.min(3, -Math.floor(Math.log10(step) + 1e-9)));
  return scale;
}
