import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { PARTNER_SUFFIX } from './questionnaire-logic.ts';

/** Kinds of questionnaire: the standard 4 steps, its short variant, the love one and the couple one. */
export const QUESTIONNAIRE_KINDS = ['standard', 'short', 'love', 'couple'] as const;
export const QuestionnaireKindSchema = z.enum(QUESTIONNAIRE_KINDS);
export type QuestionnaireKind = z.infer<typeof QuestionnaireKindSchema>;

export const QuestionnaireStatusSchema = z.enum(['created', 'computed', 'inactive']);
export type QuestionnaireStatus = z.infer<typeof QuestionnaireStatusSchema>;

/** slider: one number; range: [from, to]; select: one option; dropdown and multiselect: several options; formula: computed. */
export const QuestionTypeSchema = z.enum(['slider', 'formula', 'dropdown', 'select', 'multiselect', 'range']);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

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
      if (
        (question.type === 'slider' || question.type === 'range') &&
        (question.min === undefined || question.max === undefined || question.min > question.max)
      ) {
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
// Answers and the visibility engine: one implementation for the server's checks and the web forms, in the zod-free
// questionnaire-logic.ts so the public questionnaire page can use it without zod.

export * from './questionnaire-logic.ts';
export * from './questionnaire-plausibility.ts';

export const AnswerValueSchema = z.union([z.number(), z.string().max(200), z.array(z.union([z.number(), z.string().max(200)])).max(100)]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** One answer: the value and the neuron it feeds (partner answers carry the `_partner` suffix). */
export const AnswerSchema = z.object({ neuron: z.string().min(1).max(80), value: AnswerValueSchema });
export type Answer = z.infer<typeof AnswerSchema>;
export const AnswersSchema = z.array(AnswerSchema).max(500);

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
  /** Questionnaires with answers are never changed: editing their questions makes version + 1, made from previousId. */
  version: z.number().int(),
  previousId: z.string().nullable(),
});
export type AdminQuestionnaire = z.infer<typeof AdminQuestionnaireSchema>;

export const AdminQuestionnaireListItemSchema = AdminQuestionnaireSchema.omit({ steps: true }).extend({ questionsCount: z.number().int() });
export type AdminQuestionnaireListItem = z.infer<typeof AdminQuestionnaireListItemSchema>;

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
  summary:
    'Renames, (de)activates or edits the steps of a questionnaire; edited steps set it back to created, and on a questionnaire with answers make a new version (the stored one is never changed)',
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
