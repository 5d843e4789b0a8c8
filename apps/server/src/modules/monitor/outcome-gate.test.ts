import { describe, expect, it } from 'vitest';
import { errorMessage } from '@teamcast/contracts';
import { priorScorer, textsOfSteps, type Scorer } from '../scoring/scorer.ts';
import { referenceSteps } from '../fairness/fairness.service.ts';
import { referencePopulation } from '../fairness/reference-population.ts';
import { groupLevel } from './outcome-forecast.ts';
import { outcomeGate, outcomeRefusal, type OutcomePair } from './outcome-gate.ts';

/** `n` labelled months: observation 0, published band 0 ± 10 inside for the first `publishedInside`, the candidate's likewise. */
function months(n: number, publishedInside: number, candidateInside: number, candidateError = 0): OutcomePair[] {
  const point = (inside: boolean, error: number) => ({ observed: 0, forecast: error, p10: inside ? -10 : 20, p90: inside ? 10 : 40 });
  return Array.from({ length: n }, (_, i) => ({ published: point(i < publishedInside, 0), candidate: point(i < candidateInside, candidateError) }));
}

describe('the real-outcome gate rule', () => {
  it('refuses a coverage further from 0.8 by more than the sampling error of n observations', () => {
    // n = 60: tolerance 1.96·√(0.16/60) = 0.101. Published 48/60 = 0.8; candidate 36/60 = 0.6, 0.2 further away.
    const gate = outcomeGate(months(60, 48, 36), 10);
    expect(gate.coverageTolerance).toBeCloseTo(0.1012, 4);
    expect(gate).toMatchObject({ verdict: 'worse', worse: 'coverage', published: { n: 60, coverage: 0.8 }, candidate: { coverage: 0.6 } });
    const refusal = outcomeRefusal(gate)!;
    expect(refusal.code).toBe('outcomes_worse_than_published');
    expect(errorMessage(refusal.code, 'en', refusal.params)).toContain('inside the 80 % band is 60.0 % against 80.0 % (tolerance ±10.1 %');
  });

  it('lets a coverage within the sampling error through, and reads too wide a band as far from 0.8 as too narrow', () => {
    expect(outcomeGate(months(60, 48, 43), 10)).toMatchObject({ verdict: 'pass', worse: null }); // 0.717: 0.083 further
    expect(outcomeRefusal(outcomeGate(months(60, 48, 43), 10))).toBeNull();
    expect(outcomeGate(months(60, 48, 60), 10)).toMatchObject({ verdict: 'worse', worse: 'coverage' }); // 1.0: 0.2 further
    // With more observations the same drop is told apart: 0.8 → 0.717 over 250 months (tolerance 0.050).
    expect(outcomeGate(months(250, 200, 179), 40)).toMatchObject({ verdict: 'worse', worse: 'coverage' });
  });

  it('refuses a mean error that grows beyond its sampling error and at least one point', () => {
    const worse = outcomeGate(months(60, 48, 48, 3), 10);
    expect(worse).toMatchObject({ verdict: 'worse', worse: 'error', errorTolerance: 1, candidate: { meanAbsoluteError: 3 } });
    expect(errorMessage('outcomes_worse_than_published', 'ru', outcomeRefusal(worse)!.params)).toContain(
      'средняя ошибка месячного прогноза — 3.0 против 0.0 (допуск +1.0',
    );
    expect(outcomeGate(months(60, 48, 48, 0.9), 10)).toMatchObject({ verdict: 'pass' });
    // Differences that scatter widen the tolerance: half the months 6 points worse, half 4 better (mean +1, sd ≈ 5).
    const scattered = months(60, 48, 48).map((pair, i) => ({
      published: { ...pair.published, forecast: 5 },
      candidate: { ...pair.candidate, forecast: i % 2 ? 11 : 1 },
    }));
    const gate = outcomeGate(scattered, 10);
    expect(gate.errorTolerance).toBeCloseTo((1.96 * Math.sqrt((60 * 25) / 59)) / Math.sqrt(60), 6);
    expect(gate.verdict).toBe('pass');
  });

  it('judges nothing below 60 observations or 10 monitors, and says so', () => {
    for (const gate of [outcomeGate(months(59, 48, 0), 10), outcomeGate(months(120, 96, 0), 9), outcomeGate([], 0)]) {
      expect(gate).toMatchObject({ verdict: 'not_enough', worse: null, coverageTolerance: null, errorTolerance: null, minObservations: 60, minMonitors: 10 });
      expect(outcomeRefusal(gate)).toBeNull();
    }
    expect(outcomeGate([], 0).candidate).toEqual({ n: 0, coverage: null, meanAbsoluteError: null, bias: null });
  });
});

describe("a group's forecast level under a version", () => {
  const scorer = priorScorer(textsOfSteps(referenceSteps()));
  const people = referencePopulation(referenceSteps(), 3, 5).map((p, i) => ({ id: `p${i}`, age: p.age, gender: p.sex, answers: p.answers }));
  /** The prior with every score moved to one value: a model that reads nobody's answers. */
  const flat = (value: number): Scorer => ({
    modelId: `flat-${value}`,
    score: (answers) => ({ ...scorer.score(answers), scores: { competencies: value, professionalism: value, maturity: value } }),
  });

  it('is the mean monthly level over every pair of members, the same for the same scores, and null below two people', () => {
    const level = groupLevel(people, { scorer }, '2026-03');
    expect(level).toHaveLength(12);
    expect(groupLevel(people, { scorer }, '2026-03')).toEqual(level);
    expect(groupLevel(people.slice(0, 1), { scorer }, '2026-03')).toBeNull();
    // Equal scores leave no mentoring gap: two flat versions give one level, whatever the value.
    expect(groupLevel(people, { scorer: flat(20) }, '2026-03')).toEqual(groupLevel(people, { scorer: flat(90) }, '2026-03'));
  });
});
