import { referencePopulation } from '../fairness/reference-population.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { OUTPUTS, type Output, type Scores } from './outputs.ts';
import { PRIOR_BASE, priorScore } from './prior.ts';

/** Size and seed of the reference population the prior's explanation is measured against (the bias audit's people). */
export const BASELINE_POPULATION = { size: 1000, seed: 2026 } as const;

export type PriorExpectation = {
  /** The prior's expected score per output over the reference population, before the 0-100 limit. */
  baseline: Scores;
  /** Each answer's mean points per output over the reference population. */
  means: Record<Output, Map<string, number>>;
};

let cached: PriorExpectation | undefined;

/**
 * What the prior gives on average: the mean points of every answer over the reference population (docs/fairness.md,
 * complete answers to the shipped standard questionnaire drawn from stated distributions). Computed once per process.
 */
export function priorExpectation(): PriorExpectation {
  if (cached) return cached;
  const steps = shippedQuestionnaires.find((questionnaire) => questionnaire.kind === 'standard')!.steps;
  const people = referencePopulation(steps, BASELINE_POPULATION.size, BASELINE_POPULATION.seed);
  const means = Object.fromEntries(OUTPUTS.map((output) => [output, new Map<string, number>()])) as PriorExpectation['means'];
  for (const person of people) {
    const { contributions } = priorScore(person.answers);
    for (const output of OUTPUTS)
      for (const [neuron, points] of contributions[output]) means[output].set(neuron, (means[output].get(neuron) ?? 0) + points / people.length);
  }
  const baseline = { ...PRIOR_BASE };
  for (const output of OUTPUTS) for (const mean of means[output].values()) baseline[output] += mean;
  cached = { baseline, means };
  return cached;
}
