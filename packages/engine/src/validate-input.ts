import { EngineError } from './errors.ts';
import { GRADES } from './pair-model.ts';
import type { Specialist } from './types.ts';
import { WORK_STYLE_SCALES } from './work-style.ts';

const inRange = (x: unknown, lo: number, hi: number): boolean => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi;

/** Throws invalid_input unless K, P, L are in [0, 100], age (when given) in [0, 120], the grade known, traits in [0, 1]. */
export function validateSpecialist(s: Specialist, where: string): void {
  if (typeof s?.id !== 'string') throw new EngineError('invalid_input', `${where}: id`);
  for (const key of ['k', 'p', 'l'] as const) {
    if (!inRange(s[key], 0, 100)) throw new EngineError('invalid_input', `${where}.${key} must be in [0, 100]`);
  }
  if (s.age !== undefined && !inRange(s.age, 0, 120)) throw new EngineError('invalid_input', `${where}.age must be in [0, 120]`);
  if (!(GRADES as readonly unknown[]).includes(s.grade)) throw new EngineError('invalid_input', `${where}.grade ${String(s.grade)} is unknown`);
  if (s.scoreError !== undefined && !inRange(s.scoreError, 0, 100)) throw new EngineError('invalid_input', `${where}.scoreError`);
  if (s.completeness !== undefined && !inRange(s.completeness, 0, 1)) throw new EngineError('invalid_input', `${where}.completeness`);
  for (const [name, v] of Object.entries(s.traits ?? {})) {
    if (v !== undefined && !inRange(v, 0, 1)) throw new EngineError('invalid_input', `${where}.traits.${name} must be in [0, 1]`);
  }
  if (s.workStyle !== undefined && (typeof s.workStyle !== 'object' || s.workStyle === null)) throw new EngineError('invalid_input', `${where}.workStyle`);
  for (const [name, v] of Object.entries(s.workStyle ?? {})) {
    if (!(WORK_STYLE_SCALES as readonly string[]).includes(name)) throw new EngineError('invalid_input', `${where}.workStyle.${name} is unknown`);
    if (v !== undefined && !inRange(v, 0, 1)) throw new EngineError('invalid_input', `${where}.workStyle.${name} must be in [0, 1]`);
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

/** Interaction mode: 0 office, 1 remote; anything else (7, '1', null) is refused rather than read as office. */
export function validateMode(mode: unknown, where: string): void {
  if (mode !== 0 && mode !== 1) throw new EngineError('invalid_input', `${where} must be 0 (office) or 1 (remote)`);
}
