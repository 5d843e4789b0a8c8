import type { Answer, ScoreExplanation } from '@teamcast/contracts';
import { imputeAnswers } from './imputation.ts';
import { extractFeatures, featureRanges, featureSpecFromSteps, type FeatureSpec } from './features.ts';
import { inputGradient, type Network } from './mlp.ts';
import { OUTPUTS, type Output, type Scores } from './outputs.ts';
import { priorScore } from './prior.ts';
import { predictScaled } from './train.ts';

/** Contributions shown per output. */
export const TOP_CONTRIBUTIONS = 5;

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

const round1 = (value: number) => Math.round(value * 10) / 10;

function topContributions(points: Map<string, number>, texts: QuestionTexts) {
  return [...points]
    .filter(([, value]) => Math.abs(value) >= 0.05)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, TOP_CONTRIBUTIONS)
    .map(([neuron, value]) => ({ neuron, question: texts.get(neuron) ?? { ru: neuron, en: neuron }, points: round1(value) }));
}

/** The prior as a scorer; question texts come from the questionnaire whose answers it reads. */
export function priorScorer(texts: QuestionTexts): Scorer {
  return {
    modelId: null,
    score(answers) {
      const { scores, contributions } = priorScore(answers);
      const explanation = { source: 'prior' as const, modelId: null } as ScoreExplanation;
      for (const output of OUTPUTS) explanation[output] = topContributions(contributions[output], texts);
      return { scores, explanation, completeness: imputeAnswers(answers).completeness };
    },
  };
}

export const textsOfSpec = (spec: FeatureSpec): QuestionTexts => new Map(spec.features.map((def) => [def.neuron, def.text]));

export const textsOfSteps = (steps: Parameters<typeof featureSpecFromSteps>[0]): QuestionTexts => textsOfSpec(featureSpecFromSteps(steps));

/**
 * A trained model as a scorer. Explanation: gradient × (input − reference) per column, where the reference is the
 * mean training input, summed over each question's columns and scaled to score points.
 */
export function modelScorer(modelId: string, spec: FeatureSpec, parameters: ModelParameters): Scorer {
  const d = spec.columns.length;
  const net: Network = { inputs: d, hidden: parameters.hidden, outputs: 3, params: Float64Array.from(parameters.params) };
  const ranges = featureRanges(spec);
  const texts = textsOfSpec(spec);
  return {
    modelId,
    score(answers) {
      const x = extractFeatures(spec, answers);
      const [competencies, professionalism, maturity] = predictScaled(net, x);
      const jacobian = inputGradient(net, x);
      const explanation = { source: 'model' as const, modelId } as ScoreExplanation;
      OUTPUTS.forEach((output: Output, k) => {
        const points = new Map<string, number>();
        for (const { def, from, to } of ranges) {
          let sum = 0;
          for (let i = from; i < to; i++) sum += jacobian[k * d + i]! * (x[i]! - parameters.reference[i]!);
          points.set(def.neuron, sum * 100);
        }
        explanation[output] = topContributions(points, texts);
      });
      return { scores: { competencies: competencies!, professionalism: professionalism!, maturity: maturity! }, explanation, completeness: imputeAnswers(answers).completeness };
    },
  };
}
