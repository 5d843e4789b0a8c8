import { describe, expect, it } from 'vitest';
import { StepsSchema, type Question, type Step } from '@teamcast/contracts';
import { draftReducer, freshNeuronName } from './questionnaire-draft.ts';

const question = (neuronName: string, extra: Partial<Question> = {}): Question => ({
  neuronName,
  type: 'select',
  text: { ru: neuronName, en: neuronName },
  options: [
    { value: 'yes', label: { ru: 'Да', en: 'Yes' } },
    { value: 'no', label: { ru: 'Нет', en: 'No' } },
  ],
  scope: 'self',
  ...extra,
});
const steps: Step[] = [
  {
    key: 'one',
    title: { ru: 'Один', en: 'One' },
    questions: [question('a'), question('b', { dependsOn: { scope: 'and', conditions: [{ neuronName: 'a', operator: 'equal', value: 'yes' }] } })],
  },
  {
    key: 'two',
    title: { ru: 'Два', en: 'Two' },
    questions: [
      question('c', {
        dependsOn: {
          scope: 'or',
          conditions: [
            { neuronName: 'a', operator: 'equal', value: 'no' },
            { neuronName: 'b', operator: 'equal', value: 'yes' },
          ],
        },
      }),
    ],
  },
];
const names = (result: Step[]) => result.map((step) => step.questions.map((q) => q.neuronName));

describe('questionnaire draft reducer', () => {
  it('adds a question at the end of a step with a neuron name nobody uses, and the steps stay valid', () => {
    const name = freshNeuronName(steps, 'Вопрос');
    expect(name).toBe('Вопрос_1');
    const added = draftReducer(steps, { type: 'addQuestion', step: 0, question: question(name) });
    expect(names(added)).toEqual([['a', 'b', 'Вопрос_1'], ['c']]);
    expect(freshNeuronName(added, 'Вопрос')).toBe('Вопрос_2');
    expect(StepsSchema.safeParse(added).success).toBe(true);
    expect(steps[0]!.questions).toHaveLength(2);
  });

  it('removes a question and the conditions other questions had on it; a step keeps its last question', () => {
    const removed = draftReducer(steps, { type: 'removeQuestion', step: 0, index: 0 });
    expect(names(removed)).toEqual([['b'], ['c']]);
    expect(removed[0]!.questions[0]!.dependsOn).toBeUndefined();
    expect(removed[1]!.questions[0]!.dependsOn).toEqual({ scope: 'or', conditions: [{ neuronName: 'b', operator: 'equal', value: 'yes' }] });
    expect(StepsSchema.safeParse(removed).success).toBe(true);
    expect(draftReducer(removed, { type: 'removeQuestion', step: 1, index: 0 })).toBe(removed);
  });

  it('reorders questions within a step and does nothing past either end', () => {
    const moved = draftReducer(steps, { type: 'moveQuestion', step: 0, index: 1, by: -1 });
    expect(names(moved)).toEqual([['b', 'a'], ['c']]);
    // b now comes before the question its condition is on: the contract says so on saving.
    expect(StepsSchema.safeParse(moved).success).toBe(false);
    expect(names(draftReducer(moved, { type: 'moveQuestion', step: 0, index: 0, by: 1 }))).toEqual(names(steps));
    expect(draftReducer(steps, { type: 'moveQuestion', step: 0, index: 0, by: -1 })[0]!.questions).toEqual(steps[0]!.questions);
  });

  it('edits texts and titles, and a new slider gets bounds', () => {
    const titled = draftReducer(steps, { type: 'stepTitle', step: 1, locale: 'en', value: 'Second' });
    expect(titled[1]!.title).toEqual({ ru: 'Два', en: 'Second' });
    const texted = draftReducer(titled, { type: 'updateQuestion', step: 0, index: 0, patch: { text: { ru: 'Вопрос', en: 'Question' } } });
    expect(texted[0]!.questions[0]!.text).toEqual({ ru: 'Вопрос', en: 'Question' });
    const slider = draftReducer(texted, { type: 'setType', step: 1, index: 0, questionType: 'slider' });
    expect(slider[1]!.questions[0]).toMatchObject({ type: 'slider', min: 0, max: 10 });
    expect(StepsSchema.safeParse(slider).success).toBe(true);
  });
});
