import type { Band } from './types.ts';

/**
 * Condition band of a rating in [-100, 100] (spec section 3). Boundaries belong to the better band,
 * except that 100 is excellent and -100 depressed.
 */
export function bandOf(rating: number): Band {
  if (rating < -80) return 'depressed';
  if (rating < -20) return 'bad';
  if (rating < 20) return 'anxious';
  if (rating < 80) return 'good';
  return 'excellent';
}

/** Heading grade 1-5 of a block score in [0, 100]: 0-19 is 1, ..., 80-100 is 5. */
export function gradeOf(score: number): 1 | 2 | 3 | 4 | 5 {
  return Math.min(5, Math.max(1, 1 + Math.floor(score / 20))) as 1 | 2 | 3 | 4 | 5;
}

/** x limited to [lo, hi]. */
export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
