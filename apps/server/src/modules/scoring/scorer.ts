import type { Answer, ScoreExplanation } from '@teamcast/contracts';
import { additiveOutput } from './additive.ts';
import { imputeAnswers } from './imputation.ts';
import { extractFeatures, featureRanges, featureSpecFromSteps, type FeatureSpec } from './features.ts';
import { integratedGradient, predict, type Network } from './mlp.ts';
import { OUTPUTS, type Output, type Scores } from './outputs.ts';
import { priorScore } from './prior.ts';
import { priorExpectation } from './prior-baseline.ts';
import { predictScaled } from './train.ts';

/** A trained model's parameters as stored in its record and artifact. */
export type ModelParameters = { hidden: number; params: number[]; reference: number[] };

/** What a scorer gives for one profile's answers. */
export type ScoreResult = {
  scores: Scores;
  explanation: ScoreExplanation;
  /** Share (0-1) of the work questions shown that carry a real answer (a 'no answer' was imputed); imputation.ts. */
  completeness: number;
};

/** Something that scores answers: the prior, or a trained model. Protected answers are never read. */
export type Scorer = { modelId: string | null; score(answers: readonly Answer[]): ScoreResult };

type QuestionTexts = Map<string, { ru: string; en: string }>;

/**
 * The prior as a scorer; question texts come from the questionnaire whose answers it reads. Explanation: each answer's
 * points minus its mean points over the reference population, against the population's expected score (exact: the
 * prior is additive).
 */
export function priorScorer(texts: QuestionTexts): Scorer {
  return {
    modelId: null,
    score(answers) {
      const { scores, contributions } = priorScore(answers);
      const { baseline, means } = priorExpectation();
      const explanation = { source: 'prior' as const, modelId: null, sums: {} } as ScoreExplanation;
      for (const output of OUTPUTS) {
        const points = new Map<string, number>();
        for (const neuron of new Set([...contributions[output].keys(), ...means[output].keys()])) {
          points.set(neuron, (contributions[output].get(neuron) ?? 0) - (means[output].get(neuron) ?? 0));
        }
        // baseline + Σ points = PRIOR_BASE + Σ answer points: the prior's sum before the 0-100 limit.
        const { contributions: top, sum } = additiveOutput(baseline[output], points, scores[output], texts);
        explanation[output] = top;
        explanation.sums[output] = sum;
      }
      return { scores, explanation, completeness: imputeAnswers(answers).completeness };
    },
  };
}

export const textsOfSpec = (spec: FeatureSpec): QuestionTexts => new Map(spec.features.map((def) => [def.neuron, def.text]));

export const textsOfSteps = (steps: Parameters<typeof featureSpecFromSteps>[0]): QuestionTexts => textsOfSpec(featureSpecFromSteps(steps));

/** Steps of the integrated-gradients path from the reference to the input (midpoint rule). */
export const INTEGRATION_STEPS = 32;

/**
 * A trained model as a scorer. Explanation: integrated gradients (Sundararajan et al. 2017) from the reference (the
 * mean training input) to the profile's input, summed over each question's columns and scaled to score points, against
 * the network's output at the reference. The path integral adds up to output − output at reference; what the finite
 * steps leave over is shared out in proportion to each question's size, so the sum is exact.
 */
export function modelScorer(modelId: string, spec: FeatureSpec, parameters: ModelParameters): Scorer {
  const d = spec.columns.length;
  const net: Network = { inputs: d, hidden: parameters.hidden, outputs: 3, params: Float64Array.from(parameters.params) };
  const ranges = featureRanges(spec);
  const texts = textsOfSpec(spec);
  const reference = Float64Array.from(parameters.reference);
  const atReference = predict(net, reference);
  return {
    modelId,
    score(answers) {
      const x = extractFeatures(spec, answers);
      const [competencies, professionalism, maturity] = predictScaled(net, x);
      const scores = { competencies: competencies!, professionalism: professionalism!, maturity: maturity! };
      const raw = predict(net, x);
      const integrated = integratedGradient(net, reference, x, INTEGRATION_STEPS);
      const explanation = { source: 'model' as const, modelId, sums: {} } as ScoreExplanation;
      OUTPUTS.forEach((output: Output, k) => {
        const points = new Map<string, number>();
        for (const { def, from, to } of ranges) {
          let sum = 0;
          for (let i = from; i < to; i++) sum += integrated[k * d + i]!;
          points.set(def.neuron, (points.get(def.neuron) ?? 0) + sum * 100);
        }
        const total = [...points.values()].reduce((a, b) => a + b, 0);
        const size = [...points.values()].reduce((a, b) => a + Math.abs(b), 0);
        const leftOver = (raw[k]! - atReference[k]!) * 100 - total;
        if (size > 0) for (const [neuron, value] of points) points.set(neuron, value + (leftOver * Math.abs(value)) / size);
        const { contributions, sum } = additiveOutput(atReference[k]! * 100 + (size > 0 ? 0 : leftOver), points, scores[output], texts);
        explanation[output] = contributions;
        explanation.sums[output] = sum;
      });
      return { scores, explanation, completeness: imputeAnswers(answers).completeness };
    },
  };
}
