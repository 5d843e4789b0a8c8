import crypto from 'node:crypto';
import type { Answer, AnswerValue, LocalizedText, Step } from '@teamcast/contracts';
import { imputeAnswers } from './imputation.ts';
import { PROTECTED_NEURONS } from './protected-inputs.ts';
import { WORK_STYLE_NEURONS } from './work-style.ts';

/**
 * How one question becomes columns of the feature vector:
 * - number (slider, formula): the value scaled to 0..1 by the question's bounds, plus a 'missing' flag;
 * - range: both ends scaled, plus a 'missing' flag;
 * - choice (select): one column per option (the 'no answer' option is an option like the others), plus 'missing';
 * - set (dropdown, multiselect): one column per option set to 1 when chosen, plus 'missing'.
 * 'missing' is 1 when the question was hidden or not answered, so absence is a signal of its own. A 'no answer' is
 * read as the reference population's typical answer (imputation.ts), never as an answer of its own.
 */
export type FeatureDef =
  | { neuron: string; text: LocalizedText; kind: 'number'; min: number; max: number }
  | { neuron: string; text: LocalizedText; kind: 'range'; min: number; max: number }
  | { neuron: string; text: LocalizedText; kind: 'choice' | 'set'; options: string[] };

/**
 * Version of how answers become features. 2: protected answers (age, sex, family status and their proxies) are no
 * features, and 'no answer' is imputed. 3: the work-style block is no feature either (it feeds work forecasts, not
 * K, P, L). A stored layout of an older format is refused (isCurrentFeatureSpec): the model must be trained again.
 */
export const FEATURE_FORMAT = 3;

/** The feature layout a model was trained with; its version is a hash of the format and layout, stored with the model. */
export type FeatureSpec = { version: string; format: number; features: FeatureDef[]; columns: string[] };

/**
 * Neurons never used as features: the protected ones, so a model cannot score people by them (they only serve audits),
 * and the work-style block, which describes how a person works with others rather than what he can do.
 */
export const EXCLUDED_NEURONS: ReadonlySet<string> = new Set([...PROTECTED_NEURONS, ...WORK_STYLE_NEURONS]);

/** Whether a stored layout is of the current format and reads no protected answer. */
export function isCurrentFeatureSpec(spec: Partial<FeatureSpec> | null | undefined): boolean {
  return spec?.format === FEATURE_FORMAT && Array.isArray(spec.features) && spec.features.every((def) => !EXCLUDED_NEURONS.has(def.neuron));
}

const width = (def: FeatureDef) => (def.kind === 'number' ? 2 : def.kind === 'range' ? 3 : def.options.length + 1);

function columnsOf(def: FeatureDef): string[] {
  switch (def.kind) {
    case 'number':
      return [def.neuron, `${def.neuron}:missing`];
    case 'range':
      return [`${def.neuron}:from`, `${def.neuron}:to`, `${def.neuron}:missing`];
    default:
      return [...def.options.map((option) => `${def.neuron}=${option}`), `${def.neuron}:missing`];
  }
}

/** The feature layout of a questionnaire's own (not partner) questions, in questionnaire order. */
export function featureSpecFromSteps(steps: readonly Step[]): FeatureSpec {
  const maxOf = new Map<string, number>();
  const features: FeatureDef[] = [];
  for (const question of steps.flatMap((step) => step.questions)) {
    if (EXCLUDED_NEURONS.has(question.neuronName) || question.scope === 'pair') continue;
    const base = { neuron: question.neuronName, text: question.text };
    switch (question.type) {
      case 'slider':
        features.push({ ...base, kind: 'number', min: question.min ?? 0, max: question.max ?? 100 });
        maxOf.set(question.neuronName, question.max ?? 100);
        break;
      case 'formula': {
        // A sum's upper bound is the sum of its parts' upper bounds.
        const max = (question.formula?.sum ?? []).reduce((sum, neuron) => sum + (maxOf.get(neuron) ?? 0), 0) || 100;
        features.push({ ...base, kind: 'number', min: 0, max });
        maxOf.set(question.neuronName, max);
        break;
      }
      case 'range':
        features.push({ ...base, kind: 'range', min: question.min ?? 0, max: question.max ?? 100 });
        break;
      case 'select':
        features.push({ ...base, kind: 'choice', options: question.options.map((option) => String(option.value)) });
        break;
      case 'dropdown':
      case 'multiselect':
        features.push({ ...base, kind: 'set', options: question.options.map((option) => String(option.value)) });
        break;
    }
  }
  const layout = JSON.stringify({ format: FEATURE_FORMAT, features: features.map((def) => ({ ...def, text: undefined })) });
  const version = `f-${crypto.createHash('sha256').update(layout).digest('hex').slice(0, 12)}`;
  return { version, format: FEATURE_FORMAT, features, columns: features.flatMap(columnsOf) };
}

const scale = (value: number, min: number, max: number) => (max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0);

/** Writes one feature's columns for an answer (undefined when hidden or unanswered). */
function writeFeature(def: FeatureDef, value: AnswerValue | undefined, out: Float64Array, at: number): void {
  const missingAt = at + width(def) - 1;
  switch (def.kind) {
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) out[at] = scale(value, def.min, def.max);
      else out[missingAt] = 1;
      return;
    case 'range':
      if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') {
        out[at] = scale(value[0], def.min, def.max);
        out[at + 1] = scale(value[1], def.min, def.max);
      } else out[missingAt] = 1;
      return;
    default: {
      const chosen = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
      let any = false;
      def.options.forEach((option, index) => {
        if (chosen.includes(option)) {
          out[at + index] = 1;
          any = true;
        }
      });
      if (!any) out[missingAt] = 1;
    }
  }
}

/** A profile's answers as the fixed-length vector of a feature layout (values in 0..1), 'no answer' imputed. */
export function extractFeatures(spec: FeatureSpec, answers: readonly Answer[]): Float64Array {
  const byNeuron = new Map(imputeAnswers(answers).answers.map((answer) => [answer.neuron, answer.value]));
  const out = new Float64Array(spec.columns.length);
  let at = 0;
  for (const def of spec.features) {
    writeFeature(def, byNeuron.get(def.neuron), out, at);
    at += width(def);
  }
  return out;
}

/** Index ranges of each feature's columns, so contributions can be summed per question. */
export function featureRanges(spec: FeatureSpec): { def: FeatureDef; from: number; to: number }[] {
  let at = 0;
  return spec.features.map((def) => {
    const range = { def, from: at, to: at + width(def) };
    at = range.to;
    return range;
  });
}
