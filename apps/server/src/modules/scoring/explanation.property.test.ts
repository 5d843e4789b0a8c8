import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer, ScoreExplanation } from '@teamcast/contracts';
import { generatePeople } from '../demo/demo-data.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { extractFeatures, featureSpecFromSteps } from './features.ts';
import { createNetwork } from './mlp.ts';
import { OUTPUTS } from './outputs.ts';
import { PRIOR_BASE } from './prior.ts';
import { priorExpectation } from './prior-baseline.ts';
import { createRng } from './rng.ts';
import { modelScorer, priorScorer, textsOfSteps } from './scorer.ts';

const standard = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
const spec = featureSpecFromSteps(standard);
const prior = priorScorer(textsOfSteps(standard));

/** Every output: baseline + listed contributions + others + limit is the score (the shown figures, to rounding noise). */
function expectAdditive(explanation: ScoreExplanation, scores: Record<(typeof OUTPUTS)[number], number>) {
  for (const output of OUTPUTS) {
    const sum = explanation.sums[output];
    const listed = explanation[output].reduce((total, item) => total + item.points, 0);
    expect(sum.baseline + listed + sum.others + sum.limit, output).toBeCloseTo(sum.score, 9);
    expect(sum.score, output).toBeCloseTo(scores[output], 1);
  }
}

/** Random people of the standard questionnaire (through its visibility rules), some with answers left out. */
const arbAnswers: fc.Arbitrary<Answer[]> = fc.tuple(fc.integer({ min: 1, max: 2 ** 30 }), fc.double({ min: 0, max: 1, noNaN: true })).map(([seed, keep]) => {
  const [person] = generatePeople(standard, 1, seed);
  const rng = createRng(seed ^ 0x77);
  return person!.answers.filter(() => rng.next() < 0.4 + 0.6 * keep);
});

describe('score explanations add up (SHAP-like, docs/scoring-model.md "Explanation")', () => {
  it('prior: baseline + contributions + others + limit = score for random profiles', () => {
    fc.assert(
      fc.property(arbAnswers, (answers) => {
        const { scores, explanation } = prior.score(answers);
        expectAdditive(explanation, scores);
      }),
      { numRuns: 200 },
    );
  });

  it('prior: the baseline is the reference population’s expected score, so even the lowest score is explained', () => {
    const { baseline } = priorExpectation();
    for (const output of OUTPUTS) expect(baseline[output]).toBeGreaterThan(PRIOR_BASE[output]);
    // No answers at all: K = 20, the rules' starting points. It is explained by what it lacks against the average.
    const { scores, explanation } = prior.score([]);
    expect(scores.competencies).toBe(20);
    for (const output of OUTPUTS) {
      expect(explanation[output].length, output).toBeGreaterThan(0);
      expect(explanation[output].every((item) => item.points < 0)).toBe(true);
    }
    expectAdditive(explanation, scores);
  });

  it('model: baseline + contributions + others + limit = score for random networks and profiles', () => {
    fc.assert(
      fc.property(arbAnswers, arbAnswers, fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 2, max: 12 }), (answers, referenceAnswers, seed, hidden) => {
        const net = createNetwork(spec.columns.length, hidden, 3, createRng(seed));
        // Larger output weights and biases than a fresh network's, so some scores hit the 0-100 limit.
        const params = Array.from(net.params, (value, i) => value * 3 + (i % 7 === 0 ? 0.3 : 0));
        const scorer = modelScorer('m', spec, { hidden, params, reference: Array.from(extractFeatures(spec, referenceAnswers)) });
        const { scores, explanation } = scorer.score(answers);
        expectAdditive(explanation, scores);
      }),
      { numRuns: 100 },
    );
  });
});
