/**
 * The questionnaire's answers and visibility engine without zod: one implementation for the server's checks and the
 * web forms, light enough for the public questionnaire page's first load (`questionnaire.ts` re-exports everything).
 */
import type { Locale } from './locale-core.ts';
import type { Answer, AnswerValue, Condition, Question, Step } from './questionnaire.ts';

/** The 'no answer' option value (family and education questions); chosen alone, never with other options. */
export const NO_ANSWER = 'Нет_ответа';
/** Suffix on the neuron name of the partner's answer in the couple questionnaire. */
export const PARTNER_SUFFIX = '_partner';

export type AnswerMap = ReadonlyMap<string, AnswerValue>;

export function toAnswerMap(answers: readonly Answer[]): Map<string, AnswerValue> {
  return new Map(answers.map((answer) => [answer.neuron, answer.value]));
}

export function fromAnswerMap(map: AnswerMap): Answer[] {
  return [...map].map(([neuron, value]) => ({ neuron, value }));
}

/** One place a question is answered: the question, the neuron its answer goes to, and whose answer it is. */
export type QuestionSlot = { question: Question; neuron: string; side: 'self' | 'partner' };

/** A step's questions as answer slots; in the couple questionnaire a `both` question gives one slot per partner. */
export function stepSlots(step: Step): QuestionSlot[] {
  return step.questions.flatMap((question): QuestionSlot[] =>
    question.scope === 'both'
      ? [
          { question, neuron: question.neuronName, side: 'self' },
          { question, neuron: question.neuronName + PARTNER_SUFFIX, side: 'partner' },
        ]
      : [{ question, neuron: question.neuronName, side: 'self' }],
  );
}

export function allSlots(steps: readonly Step[]): QuestionSlot[] {
  return steps.flatMap(stepSlots);
}

/** Number of an answer for `more` and `less`: a number as is, a numeric text parsed, a list by its length. */
function numericOf(value: AnswerValue): number | undefined {
  if (Array.isArray(value)) return value.length;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** equal: the answer is the value (a list answer contains it); more / less: strictly greater / smaller. An unanswered question meets no condition. */
export function conditionHolds(condition: Condition, answer: AnswerValue | undefined): boolean {
  if (answer === undefined) return false;
  if (condition.operator === 'equal') {
    const target = String(condition.value);
    return Array.isArray(answer) ? answer.some((item) => String(item) === target) : String(answer) === target;
  }
  const number = numericOf(answer);
  const limit = Number(condition.value);
  if (number === undefined || !Number.isFinite(limit)) return false;
  return condition.operator === 'more' ? number > limit : number < limit;
}

/**
 * Whether a slot is shown given the answers so far. A partner's slot reads the partner's answers of `both` questions.
 * Answers of hidden questions never count: the caller passes only visible answers (see `visibleAnswers`).
 */
export function slotVisible(slot: QuestionSlot, answers: AnswerMap, bothNeurons: ReadonlySet<string> = new Set()): boolean {
  const dependsOn = slot.question.dependsOn;
  if (!dependsOn || dependsOn.scope === 'none' || dependsOn.conditions.length === 0) return true;
  const answerOf = (neuron: string) => answers.get(slot.side === 'partner' && bothNeurons.has(neuron) ? neuron + PARTNER_SUFFIX : neuron);
  const results = dependsOn.conditions.map((condition) => conditionHolds(condition, answerOf(condition.neuronName)));
  return dependsOn.scope === 'and' ? results.every(Boolean) : results.some(Boolean);
}

function bothNeuronsOf(steps: readonly Step[]): Set<string> {
  return new Set(steps.flatMap((step) => step.questions.filter((q) => q.scope === 'both').map((q) => q.neuronName)));
}

/** The slots shown for these answers, step by step; a question whose condition reads a hidden question is hidden too. */
export function visibleSlotsByStep(steps: readonly Step[], answers: AnswerMap): QuestionSlot[][] {
  const both = bothNeuronsOf(steps);
  const shown = new Map<string, AnswerValue>();
  return steps.map((step) =>
    stepSlots(step).filter((slot) => {
      const visible = slotVisible(slot, shown, both);
      const value = answers.get(slot.neuron);
      if (visible && value !== undefined) shown.set(slot.neuron, value);
      return visible;
    }),
  );
}

/** Only the answers of visible questions. */
export function visibleAnswers(steps: readonly Step[], answers: AnswerMap): Map<string, AnswerValue> {
  const result = new Map<string, AnswerValue>();
  for (const slot of visibleSlotsByStep(steps, answers).flat()) {
    const value = answers.get(slot.neuron);
    if (value !== undefined) result.set(slot.neuron, value);
  }
  return result;
}

/** Why an answer is refused: 'invalid' (wrong shape, option or bound). */
export function answerProblem(question: Question, value: AnswerValue): 'invalid' | null {
  const inBounds = (n: number) => Number.isFinite(n) && (question.min === undefined || n >= question.min) && (question.max === undefined || n <= question.max);
  const optionValues = new Set(question.options.map((option) => String(option.value)));
  switch (question.type) {
    case 'slider':
      return typeof value === 'number' && inBounds(value) ? null : 'invalid';
    case 'formula':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'invalid';
    case 'range': {
      if (!Array.isArray(value) || value.length !== 2) return 'invalid';
      const [from, to] = value;
      return typeof from === 'number' && typeof to === 'number' && inBounds(from) && inBounds(to) && from <= to ? null : 'invalid';
    }
    case 'select':
      return !Array.isArray(value) && optionValues.has(String(value)) ? null : 'invalid';
    case 'dropdown':
    case 'multiselect': {
      if (!Array.isArray(value) || value.length === 0) return 'invalid';
      const texts = value.map(String);
      if (new Set(texts).size !== texts.length || texts.some((text) => !optionValues.has(text))) return 'invalid';
      return texts.includes(NO_ANSWER) && texts.length > 1 ? 'invalid' : null;
    }
  }
}

export function isAnswered(question: Question, value: AnswerValue | undefined): boolean {
  return value !== undefined && answerProblem(question, value) === null;
}

/** A step is valid when every visible question that is not a formula has a valid answer. */
export function stepValid(steps: readonly Step[], stepIndex: number, answers: AnswerMap): boolean {
  const slots = visibleSlotsByStep(steps, answers)[stepIndex] ?? [];
  return slots.every((slot) => slot.question.type === 'formula' || isAnswered(slot.question, answers.get(slot.neuron)));
}

/** Values of formula questions from the visible answers. */
export function computeFormulas(steps: readonly Step[], answers: AnswerMap): Map<string, AnswerValue> {
  const result = new Map(answers);
  for (const slot of allSlots(steps)) {
    if (slot.question.type !== 'formula' || !slot.question.formula) continue;
    const suffix = slot.side === 'partner' ? PARTNER_SUFFIX : '';
    const total = slot.question.formula.sum.reduce((sum, neuron) => {
      const value = result.get(neuron + suffix) ?? result.get(neuron);
      return sum + (typeof value === 'number' ? value : 0);
    }, 0);
    result.set(slot.neuron, total);
  }
  return visibleAnswers(steps, result);
}

export type AnswersIssue = { neuron: string; key: 'invalid' | 'required' };

/**
 * The server's check of an answer set: every neuron belongs to the questionnaire, every value fits its question,
 * no hidden question is answered, and, when `complete`, every visible question is answered. Formula values are
 * computed, not taken from the caller. Returns the first issue, or the cleaned answers with formulas filled in.
 */
export function checkAnswers(
  steps: readonly Step[],
  answers: readonly Answer[],
  { complete }: { complete: boolean },
): { ok: true; answers: Answer[] } | { ok: false; issue: AnswersIssue } {
  const slots = new Map(allSlots(steps).map((slot) => [slot.neuron, slot]));
  const given = new Map<string, AnswerValue>();
  for (const answer of answers) {
    const slot = slots.get(answer.neuron);
    if (!slot || given.has(answer.neuron)) return { ok: false, issue: { neuron: answer.neuron, key: 'invalid' } };
    if (slot.question.type === 'formula') continue;
    if (answerProblem(slot.question, answer.value)) return { ok: false, issue: { neuron: answer.neuron, key: 'invalid' } };
    given.set(answer.neuron, answer.value);
  }
  const visible = visibleSlotsByStep(steps, given).flat();
  const visibleNeurons = new Set(visible.map((slot) => slot.neuron));
  for (const neuron of given.keys()) {
    if (!visibleNeurons.has(neuron)) return { ok: false, issue: { neuron, key: 'invalid' } };
  }
  if (complete) {
    const missing = visible.find((slot) => slot.question.type !== 'formula' && !given.has(slot.neuron));
    if (missing) return { ok: false, issue: { neuron: missing.neuron, key: 'required' } };
  }
  return { ok: true, answers: fromAnswerMap(computeFormulas(steps, given)) };
}

/** An answer as text: option labels in the language, dropdown and list values joined by commas, a range as 'from–to'. */
export function formatAnswer(question: Question, value: AnswerValue | undefined, locale: Locale): string {
  if (value === undefined) return '';
  const label = (item: string | number) => question.options.find((option) => String(option.value) === String(item))?.label[locale] ?? String(item);
  if (question.type === 'range' && Array.isArray(value)) return `${value[0]}–${value[1]}`;
  if (Array.isArray(value)) return value.map(label).join(', ');
  return question.options.length > 0 ? label(value) : String(value);
}
