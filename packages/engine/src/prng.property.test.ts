import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromSorted, p10p90 } from './prng.ts';

/** The percentiles as they were computed before selection: sort a copy, interpolate. */
function bySorting(values: Float64Array): { p10: number; p90: number } {
  const sorted = Float64Array.from(values).sort();
  return { p10: fromSorted(sorted, 0.1), p90: fromSorted(sorted, 0.9) };
}

describe('p10p90', () => {
  it('gives the same numbers as interpolating on the sorted values, to the bit (ties, zeros of both signs, infinities)', () => {
    const value = fc.oneof(
      fc.double({ noNaN: true }),
      fc.constantFrom(0, -0, 1, -1, 100, -100, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
      fc.integer({ min: -3, max: 3 }),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 200 }), (list) => {
        const values = Float64Array.from(list);
        const expected = bySorting(values);
        const actual = p10p90(values);
        expect(Object.is(actual.p10, expected.p10) || (Number.isNaN(actual.p10) && Number.isNaN(expected.p10))).toBe(true);
        expect(Object.is(actual.p90, expected.p90) || (Number.isNaN(actual.p90) && Number.isNaN(expected.p90))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives the band sizes the engine uses (64 and 256 samples) the same numbers, and falls back to the sort with a NaN', () => {
    fc.assert(
      fc.property(fc.constantFrom(64, 256), fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 256, maxLength: 256 }), (n, list) => {
        const values = Float64Array.from(list.slice(0, n));
        expect(p10p90(Float64Array.from(values))).toEqual(bySorting(values));
      }),
    );
    const withNaN = Float64Array.from([3, Number.NaN, 1, 2]);
    expect(p10p90(Float64Array.from(withNaN))).toEqual(bySorting(withNaN));
    expect(p10p90(new Float64Array(0))).toEqual({ p10: Number.NaN, p90: Number.NaN });
  });
});
