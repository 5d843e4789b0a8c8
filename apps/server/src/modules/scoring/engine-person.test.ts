import { describe, expect, it } from 'vitest';
import { forecastPair } from '@teamcast/engine';
import { enginePersonOf, type PersonProfile } from './engine-person.ts';
import { WORK_STYLE_NEURONS } from './work-style.ts';

/** The whole work-style block, every item answered 4 (agree). */
const styleAnswers = [...WORK_STYLE_NEURONS].map((neuron) => ({ neuron, value: 4 }));

const profile = (id: string, scoreCompleteness: number | null, answers = styleAnswers): PersonProfile => ({
  id,
  age: 30,
  gender: 'Ж',
  answers,
  competencies: 60,
  professionalism: 55,
  maturity: 50,
  grade: 'MIDDLE',
  scoreCompleteness,
});

describe('enginePersonOf: score completeness', () => {
  it('carries the stored completeness to the engine: personal as stored, work as the mean with the work-style block', () => {
    expect(enginePersonOf(profile('a', 0.6), 'personal').completeness).toBe(0.6);
    expect(enginePersonOf(profile('a', null), 'personal')).not.toHaveProperty('completeness');
    // Work: the career record's completeness and the block's (all answered: 1), averaged.
    expect(enginePersonOf(profile('a', 0.6), 'work').completeness).toBeCloseTo(0.8, 12);
    expect(enginePersonOf(profile('a', null), 'work').completeness).toBe(1);
    // Half the block unanswered: its completeness 0.5.
    expect(enginePersonOf(profile('a', 1, styleAnswers.slice(0, 4)), 'work').completeness).toBe(0.75);
    expect(enginePersonOf(profile('a', 1, []), 'work')).toMatchObject({ completeness: 0.5, workStyle: {} });
  });

  it('reads the work-style scales from the answers (1 → 0 … 5 → 1; a two-item scale is their mean) for work only', () => {
    const answers = styleAnswers.map((answer) =>
      answer.neuron === 'С_Стиль_Помощь' ? { ...answer, value: 5 } : answer.neuron === 'С_Стиль_Самостоятельность' ? { ...answer, value: 1 } : answer,
    );
    expect(enginePersonOf(profile('a', 1, answers), 'work').workStyle).toEqual({
      cooperation: 0.875,
      reliability: 0.75,
      planning: 0.75,
      steadiness: 0.75,
      openness: 0.75,
      directness: 0.75,
      autonomy: 0,
    });
    expect(enginePersonOf(profile('a', 1, answers), 'personal')).not.toHaveProperty('workStyle');
  });

  it('so a pair of half-answered questionnaires gets a wider band than the same pair fully answered', () => {
    const width = (c: number | null): number => {
      const f = forecastPair({ a: enginePersonOf(profile('a', c), 'work'), b: enginePersonOf(profile('b', c), 'work') }, undefined, { band: { samples: 256 } });
      return f.band!.compatibility.p90 - f.band!.compatibility.p10;
    };
    expect(width(0.3)).toBeGreaterThan(width(1) + 2);
  });
});
