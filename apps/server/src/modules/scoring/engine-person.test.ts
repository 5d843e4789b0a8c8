import { describe, expect, it } from 'vitest';
import { forecastPair } from '@teamcast/engine';
import { enginePersonOf, type PersonProfile } from './engine-person.ts';

const profile = (id: string, scoreCompleteness: number | null): PersonProfile => ({
  id,
  age: 30,
  gender: 'Ж',
  answers: [],
  competencies: 60,
  professionalism: 55,
  maturity: 50,
  grade: 'MIDDLE',
  scoreCompleteness,
});

describe('enginePersonOf: score completeness', () => {
  it('carries the stored completeness to the engine, for work and personal forecasts, and leaves it out before scoring stored one', () => {
    expect(enginePersonOf(profile('a', 0.6), 'work').completeness).toBe(0.6);
    expect(enginePersonOf(profile('a', 0.6), 'personal').completeness).toBe(0.6);
    expect(enginePersonOf(profile('a', null), 'work')).not.toHaveProperty('completeness');
  });

  it('so a pair of half-answered questionnaires gets a wider band than the same pair fully answered', () => {
    const width = (c: number | null): number => {
      const f = forecastPair({ a: enginePersonOf(profile('a', c), 'work'), b: enginePersonOf(profile('b', c), 'work') }, undefined, { band: { samples: 256 } });
      return f.band!.compatibility.p90 - f.band!.compatibility.p10;
    };
    expect(width(0.3)).toBeGreaterThan(width(1) + 2);
  });
});
