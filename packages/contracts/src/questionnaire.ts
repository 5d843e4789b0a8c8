import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import type { Locale } from './locale.ts';

/** Kinds of questionnaire: the standard 4 steps, its short variant, the love one and the couple one. */
export const QUESTIONNAIRE_KINDS = ['standard', 'short', 'love', 'couple'] as const;
export const QuestionnaireKindSchema = z.enum(QUESTIONNAIRE_KINDS);
export type QuestionnaireKind = z.infer<typeof QuestionnaireKindSchema>;

export const QuestionnaireStatusSchema = z.enum(['created', 'computed', 'inactive']);
export type QuestionnaireStatus = z.infer<typeof QuestionnaireStatusSchema>;

/** slider: one number; range: [from, to]; select: one option; dropdown and multiselect: several options; formula: computed. */
export const QuestionTypeSchema = z.enum(['slider', 'formula', 'dropdown', 'select', 'multiselect', 'range']);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

/** The 'no answer' option value (family and education questions); chosen alone, never with other options. */
export const NO_ANSWER = 'Нет_ответа';
/** Suffix on the neuron name of the partner's answer in the couple questionnaire. */
export const PARTNER_SUFFIX = '_partner';

export const LocalizedTextSchema = z.object({ ru: z.string().trim().min(1), en: z.string().trim().min(1) });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

const OptionValueSchema = z.union([z.string().min(1).max(100), z.number()]);

export const QuestionOptionSchema = z.object({
  value: OptionValueSchema,
  label: LocalizedTextSchema,
  /** Options with the same group are shown together under one heading. */
  groupId: z.string().max(50).optional(),
});
export type QuestionOption = z.infer<typeof QuestionOptionSchema>;

export const ConditionOperatorSchema = z.enum(['equal', 'more', 'less']);
export const ConditionSchema = z.object({
  /** Neuron of the question whose answer is tested (without the partner suffix). */
  neuronName: z.string().min(1),
  operator: ConditionOperatorSchema,
  value: OptionValueSchema,
});
export type Condition = z.infer<typeof ConditionSchema>;

/** How conditions combine: all (and), at least one (or), or none: the question is shown for any answers. */
export const ConditionScopeSchema = z.enum(['and', 'or', 'none']);
export const DependsOnSchema = z.object({ scope: ConditionScopeSchema, conditions: z.array(ConditionSchema).max(20) });
export type DependsOn = z.infer<typeof DependsOnSchema>;

/** self: one answer; both: asked of each partner (couple); pair: one answer about the couple. */
export const QuestionScopeSchema = z.enum(['self', 'both', 'pair']);

/** A formula adds up other numeric answers (a hidden or unanswered one counts 0). */
export const FormulaSchema = z.object({ sum: z.array(z.string().min(1)).min(1).max(20) });

export const QuestionSchema = z.object({
  /** The feature key the scoring model reads. */
  neuronName: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((name) => !name.endsWith(PARTNER_SUFFIX), { error: 'invalid' }),
  type: QuestionTypeSchema,
  text: LocalizedTextSchema,
  hint: LocalizedTextSchema.optional(),
  options: z.array(QuestionOptionSchema).max(100).default([]),
  /** Bounds of slider and range answers. */
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  formula: FormulaSchema.optional(),
  dependsOn: DependsOnSchema.optional(),
  scope: QuestionScopeSchema.default('self'),
});
export type Question = z.infer<typeof QuestionSchema>;

export const StepSchema = z.object({
  key: z.string().trim().min(1).max(40),
  title: LocalizedTextSchema,
  questions: z.array(QuestionSchema).min(1).max(100),
});
export type Step = z.infer<typeof StepSchema>;

/** Checks that a definition hangs together: unique neurons, conditions and formulas on earlier questions, bounds and options present. */
export function definitionProblems(steps: Step[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, Question>();
  for (const step of steps) {
    for (const question of step.questions) {
      const name = question.neuronName;
      if (seen.has(name)) problems.push(`${name}: neuron name used twice`);
      for (const condition of question.dependsOn?.conditions ?? []) {
        if (!seen.has(condition.neuronName)) problems.push(`${name}: condition on ${condition.neuronName}, which is not an earlier question`);
      }
      if (question.type === 'formula') {
        if (!question.formula) problems.push(`${name}: formula question without a formula`);
        for (const ref of question.formula?.sum ?? []) {
          if (!seen.has(ref)) problems.push(`${name}: formula uses ${ref}, which is not an earlier question`);
        }
      }
      if ((question.type === 'slider' || question.type === 'range') && (question.min === undefined || question.max === undefined || question.min > question.max)) {
        problems.push(`${name}: ${question.type} needs min <= max`);
      }
      if (['select', 'dropdown', 'multiselect'].includes(question.type) && question.options.length < 2) problems.push(`${name}: needs at least 2 options`);
      seen.set(name, question);
    }
  }
  return problems;
}

export const StepsSchema = z
  .array(StepSchema)
  .min(1)
  .max(20)
  .superRefine((steps, ctx) => {
    for (const problem of definitionProblems(steps)) ctx.addIssue({ code: 'custom', message: 'invalid', params: { problem } });
  });

/** A questionnaire as anonymous visitors and owners receive it. */
export const QuestionnaireDefinitionSchema = z.object({
  _id: z.string(),
  kind: QuestionnaireKindSchema,
  name: z.string(),
  steps: z.array(StepSchema),
});
export type QuestionnaireDefinition = z.infer<typeof QuestionnaireDefinitionSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Answers and the visibility engine: one implementation for the server's checks and the web forms.

export const AnswerValueSchema = z.union([z.number(), z.string().max(200), z.array(z.union([z.number(), z.string().max(200)])).max(100)]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** One answer: the value and the neuron it feeds (partner answers carry the `_partner` suffix). */
export const AnswerSchema = z.object({ neuron: z.string().min(1).max(80), value: AnswerValueSchema });
export type Answer = z.infer<typeof AnswerSchema>;
export const AnswersSchema = z.array(AnswerSchema).max(500);

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

// ---------------------------------------------------------------------------------------------------------------------
// Administrator calls (spec section 7: GET/POST /questionnaire, GET/PATCH/DELETE /questionnaire/{id}).

export const AdminQuestionnaireSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: QuestionnaireKindSchema,
  status: QuestionnaireStatusSchema,
  /** Where the definition came from: 'shipped' for the seeded ones, 'administrator' for added ones. */
  dataSource: z.string(),
  steps: z.array(StepSchema),
  /** Profiles answered with this questionnaire. */
  profilesCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  computedAt: z.iso.datetime().nullable(),
});
export type AdminQuestionnaire = z.infer<typeof AdminQuestionnaireSchema>;

export const AdminQuestionnaireListItemSchema = AdminQuestionnaireSchema.omit({ steps: true }).extend({ questionsCount: z.number().int() });

const QuestionnaireNameSchema = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(120, { error: 'maxLength' });

export const AdminQuestionnaireCreateSchema = z.object({
  name: QuestionnaireNameSchema,
  kind: QuestionnaireKindSchema,
  steps: StepsSchema,
});

export const AdminQuestionnaireUpdateSchema = z.object({
  name: QuestionnaireNameSchema.optional(),
  /** Only `inactive` or `created` may be set by hand; `computed` comes from recalculate. */
  status: z.enum(['created', 'inactive']).optional(),
  steps: StepsSchema.optional(),
});

const IdParams = z.object({ id: z.string().min(1).max(100) });

export const adminQuestionnaireListEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/questionnaire',
  summary: 'Questionnaires, newest first',
  query: z.object({ kind: QuestionnaireKindSchema.optional(), status: QuestionnaireStatusSchema.optional() }),
  result: z.object({ items: z.array(AdminQuestionnaireListItemSchema), total: z.number().int() }),
});

export const adminQuestionnaireCreateEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/questionnaire',
  summary: 'Adds a questionnaire (status created)',
  body: AdminQuestionnaireCreateSchema,
  result: AdminQuestionnaireSchema,
});

export const adminQuestionnaireGetEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/questionnaire/:id',
  summary: 'One questionnaire with its steps and questions',
  params: IdParams,
  result: AdminQuestionnaireSchema,
});

export const adminQuestionnaireUpdateEndpoint = defineEndpoint({
  group: 'admin',
  method: 'PATCH',
  path: '/questionnaire/:id',
  summary: 'Renames, (de)activates or edits the steps of a questionnaire; edited steps set it back to created',
  params: IdParams,
  body: AdminQuestionnaireUpdateSchema,
  result: AdminQuestionnaireSchema,
});

export const adminQuestionnaireDeleteEndpoint = defineEndpoint({
  group: 'admin',
  method: 'DELETE',
  path: '/questionnaire/:id',
  summary: 'Deletes a questionnaire; profiles keep their answers',
  params: IdParams,
  result: z.object({ deleted: z.literal(true) }),
});

export const adminQuestionnaireRecalculateEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/questionnaire/:id/recalculate',
  summary: 'Recomputes formulas, age, gender and avatars of the profiles answered with it; status becomes computed',
  params: IdParams,
  result: z.object({ questionnaire: AdminQuestionnaireSchema, profilesRecalculated: z.number().int() }),
});
