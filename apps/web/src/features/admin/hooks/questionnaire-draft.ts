import type { Question, Step } from '@teamcast/contracts';

/** What the questionnaire editor changes in the steps being edited (pure, so the reducer is tested on its own). */
export type DraftAction =
  | { type: 'stepTitle'; step: number; locale: 'ru' | 'en'; value: string }
  | { type: 'updateQuestion'; step: number; index: number; patch: Partial<Question> }
  | { type: 'setType'; step: number; index: number; questionType: Question['type'] }
  | { type: 'addQuestion'; step: number; question: Question }
  | { type: 'removeQuestion'; step: number; index: number }
  | { type: 'moveQuestion'; step: number; index: number; by: -1 | 1 };

/** A neuron name no question uses yet: `prefix_1`, `prefix_2`, ... */
export function freshNeuronName(steps: readonly Step[], prefix: string): string {
  const taken = new Set(steps.flatMap((step) => step.questions.map((question) => question.neuronName)));
  let n = 1;
  while (taken.has(`${prefix}_${n}`)) n += 1;
  return `${prefix}_${n}`;
}

const withQuestions = (steps: Step[], stepIndex: number, change: (questions: Question[]) => Question[]): Step[] =>
  steps.map((step, index) => (index === stepIndex ? { ...step, questions: change(step.questions) } : step));

/** Drops the conditions on a question that no longer exists; a question left without conditions is shown always. */
function withoutConditionsOn(question: Question, neuron: string): Question {
  if (!question.dependsOn) return question;
  const conditions = question.dependsOn.conditions.filter((condition) => condition.neuronName !== neuron);
  if (conditions.length === question.dependsOn.conditions.length) return question;
  const { dependsOn: _dropped, ...rest } = question;
  return conditions.length === 0 ? rest : { ...rest, dependsOn: { ...question.dependsOn, conditions } };
}

export function draftReducer(steps: Step[], action: DraftAction): Step[] {
  switch (action.type) {
    case 'stepTitle':
      return steps.map((step, index) => (index === action.step ? { ...step, title: { ...step.title, [action.locale]: action.value } } : step));
    case 'updateQuestion':
      return withQuestions(steps, action.step, (questions) =>
        questions.map((question, index) => (index === action.index ? { ...question, ...action.patch } : question)),
      );
    case 'setType':
      // A slider or a range needs bounds, a list needs options: the defaults keep the definition valid.
      return withQuestions(steps, action.step, (questions) =>
        questions.map((question, index) => {
          if (index !== action.index) return question;
          const next: Question = { ...question, type: action.questionType };
          if ((action.questionType === 'slider' || action.questionType === 'range') && (next.min === undefined || next.max === undefined))
            Object.assign(next, { min: 0, max: 10 });
          return next;
        }),
      );
    case 'addQuestion':
      return withQuestions(steps, action.step, (questions) => [...questions, action.question]);
    case 'removeQuestion': {
      const removed = steps[action.step]?.questions[action.index];
      // A step keeps at least one question (the contract's rule).
      if (!removed || steps[action.step]!.questions.length <= 1) return steps;
      const without = withQuestions(steps, action.step, (questions) => questions.filter((_, index) => index !== action.index));
      return without.map((step) => ({ ...step, questions: step.questions.map((question) => withoutConditionsOn(question, removed.neuronName)) }));
    }
    case 'moveQuestion':
      return withQuestions(steps, action.step, (questions) => {
        const target = action.index + action.by;
        if (target < 0 || target >= questions.length) return questions;
        const next = [...questions];
        [next[action.index], next[target]] = [next[target]!, next[action.index]!];
        return next;
      });
  }
}
