import { EngineError } from './errors.ts';
import type { Specialist } from './types.ts';

const inRange = (x: unknown, lo: number, hi: number): boolean => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi;

/** Throws invalid_input unless K, P, L are in [0, 100], age in [0, 120], traits in [0, 1]. */
export function validateSpecialist(s: Specialist, where: string): void {
  if (typeof s?.id !== 'string') throw new EngineError('invalid_input', `${where}: id`);
  for (const key of ['k', 'p', 'l'] as const) {
    if (!inRange(s[key], 0, 100)) throw new EngineError('invalid_input', `${where}.${key} must be in [0, 100]`);
  }
  if (!inRange(s.age, 0, 120)) throw new EngineError('invalid_input', `${where}.age must be in [0, 120]`);
  if (s.scoreError !== undefined && !inRange(s.scoreError, 0, 100)) throw new EngineError('invalid_input', `${where}.scoreError`);
  for (const [name, v] of Object.entries(s.traits ?? {})) {
    if (v !== undefined && !inRange(v, 0, 1)) throw new EngineError('invalid_input', `${where}.traits.${name} must be in [0, 1]`);
  }
}

/** Band sample counts: whole numbers from 1 to `max` (a bound on memory and time). */
export function validateSamples(samples: number, max: number, where: string): void {
  if (!Number.isInteger(samples) || samples < 1 || samples > max) throw new EngineError('invalid_input', `${where} must be a whole number in [1, ${max}]`);
}

/** Intensity in hours per week: the spec's choices run 0.5 to 10. */
export function validateIntensity(h: number, where: string): void {
  if (!inRange(h, 0.5, 10)) throw new EngineError('invalid_input', `${where} must be in [0.5, 10] hours per week`);
}
