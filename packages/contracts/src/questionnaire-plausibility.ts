/**
 * Cross-field plausibility rules of the questionnaires, beside their visibility conditions (`questionnaire-logic.ts`):
 * one answer may be at most another answer plus an offset (work experience at most age − 14, and the like). Rules
 * name neurons, so they hold in every questionnaire that asks both questions, edited versions included. The form
 * shows a broken rule on the checked question and the server refuses the answers with the same field error
 * (`validation-core.ts` holds the texts). Zod-free, for the public questionnaire page's first load.
 */
import type { AnswerValue, Step } from './questionnaire.ts';
import { PARTNER_SUFFIX, allSlots, visibleAnswers, type AnswerMap } from './questionnaire-logic.ts';

/** Youngest age at which work, a business or a child of one's own is plausible, in years. */
export const ADULT_AGE_OFFSET = 14;

/** Message keys of broken rules (texts in `validationMessages`). */
export type PlausibilityKey = 'experienceOverAge' | 'managementOverExperience' | 'businessOverAge' | 'childOlderThanParent' | 'togetherOverAge';

export type PlausibilityRule = {
  key: PlausibilityKey;
  /** The answer checked (the error is shown on it); of a range answer, its upper end. */
  neuron: string;
  /** It may be at most this answer plus `offset` years. */
  atMost: { neuron: string; offset: number };
};

/** Every rule, listed in docs/questionnaires.md. */
export const PLAUSIBILITY_RULES: readonly PlausibilityRule[] = [
  { key: 'experienceOverAge', neuron: 'С_Стаж', atMost: { neuron: 'С_Возр', offset: -ADULT_AGE_OFFSET } },
  { key: 'managementOverExperience', neuron: 'С_Руков_Стаж', atMost: { neuron: 'С_Стаж', offset: 0 } },
  { key: 'businessOverAge', neuron: 'С_Бизнес_Лет', atMost: { neuron: 'С_Возр', offset: -ADULT_AGE_OFFSET } },
  { key: 'childOlderThanParent', neuron: 'С_Дети_Возр', atMost: { neuron: 'С_Возр', offset: -ADULT_AGE_OFFSET } },
  { key: 'togetherOverAge', neuron: 'С_Партнёр_Стаж', atMost: { neuron: 'С_Возр', offset: 0 } },
  { key: 'togetherOverAge', neuron: 'С_Партнёр_Стаж', atMost: { neuron: 'С_Партнёр_Возр', offset: 0 } },
  { key: 'togetherOverAge', neuron: 'П_Стаж', atMost: { neuron: 'С_Возр', offset: 0 } },
  { key: 'togetherOverAge', neuron: 'П_Стаж', atMost: { neuron: 'С_Возр' + PARTNER_SUFFIX, offset: 0 } },
];

export type PlausibilityIssue = { neuron: string; key: PlausibilityKey; params: { limit: number } };

/** The number a rule compares: a number as is, the upper end of a range; nothing for other answers. */
function upperOf(value: AnswerValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'number')) return Math.max(...(value as number[]));
  return undefined;
}

/**
 * The rules these answers break, one issue per checked answer (the strictest limit), in questionnaire order. Only
 * visible answers count, and a rule whose two answers are not both given does not apply. A partner's answer in the
 * couple questionnaire is checked against the partner's own answers.
 */
export function plausibilityIssues(steps: readonly Step[], answers: AnswerMap, rules: readonly PlausibilityRule[] = PLAUSIBILITY_RULES): PlausibilityIssue[] {
  const visible = visibleAnswers(steps, answers);
  const limits = new Map<string, { key: PlausibilityKey; limit: number }>();
  const check = (rule: PlausibilityRule, neuron: string, boundNeuron: string) => {
    const value = upperOf(visible.get(neuron));
    const bound = upperOf(visible.get(boundNeuron));
    if (value === undefined || bound === undefined) return;
    const limit = bound + rule.atMost.offset;
    const known = limits.get(neuron);
    if (value > limit && (!known || limit < known.limit)) limits.set(neuron, { key: rule.key, limit: Math.max(limit, 0) });
  };
  for (const rule of rules) {
    check(rule, rule.neuron, rule.atMost.neuron);
    // A rule between two answers each partner gives holds for the partner's pair of answers too.
    if (!rule.neuron.endsWith(PARTNER_SUFFIX) && !rule.atMost.neuron.endsWith(PARTNER_SUFFIX)) {
      check(rule, rule.neuron + PARTNER_SUFFIX, rule.atMost.neuron + PARTNER_SUFFIX);
    }
  }
  return allSlots(steps)
    .map((slot) => slot.neuron)
    .flatMap((neuron) => {
      const broken = limits.get(neuron);
      return broken ? [{ neuron, key: broken.key, params: { limit: broken.limit } }] : [];
    });
}
