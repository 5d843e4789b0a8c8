import { describe, expect, it } from 'vitest';
import { describeIssue } from './validation.ts';
import { PLAUSIBILITY_RULES, plausibilityIssues, toAnswerMap, type AnswerValue, type Question, type Step } from './questionnaire.ts';

const text = { ru: 'т', en: 't' };
const slider = (neuronName: string, max: number, extra: Partial<Question> = {}): Question => ({
  neuronName,
  type: 'slider',
  text,
  options: [],
  min: 0,
  max,
  scope: 'self',
  ...extra,
});
const range = (neuronName: string, extra: Partial<Question> = {}): Question => ({
  neuronName,
  type: 'range',
  text,
  options: [],
  min: 0,
  max: 70,
  scope: 'self',
  ...extra,
});

/** The standard questionnaire's questions the rules read, with its conditions. */
const work: Step[] = [
  { key: 'about', title: text, questions: [slider('С_Возр', 90, { min: 14 })] },
  {
    key: 'experience',
    title: text,
    questions: [
      slider('С_Стаж', 60),
      slider('С_Руков_Стаж', 60, { dependsOn: { scope: 'and', conditions: [{ neuronName: 'С_Стаж', operator: 'more', value: 0 }] } }),
      slider('С_Бизнес_Лет', 60),
    ],
  },
  {
    key: 'family',
    title: text,
    questions: [
      slider('С_Партнёр_Стаж', 70),
      slider('С_Партнёр_Возр', 100, { min: 14 }),
      slider('С_Дети', 15),
      range('С_Дети_Возр', { dependsOn: { scope: 'and', conditions: [{ neuronName: 'С_Дети', operator: 'more', value: 0 }] } }),
    ],
  },
];
const couple: Step[] = [
  { key: 'partners', title: text, questions: [slider('С_Возр', 90, { min: 14, scope: 'both' })] },
  { key: 'couple', title: text, questions: [slider('П_Стаж', 70, { scope: 'pair' })] },
];

const issues = (steps: Step[], answers: Record<string, AnswerValue>) =>
  plausibilityIssues(steps, toAnswerMap(Object.entries(answers).map(([neuron, value]) => ({ neuron, value }))));

describe('plausibility rules', () => {
  // [answers, the neuron refused (or none), its message key, the largest plausible value]
  const cases: Array<[Record<string, AnswerValue>, string | null, string?, number?]> = [
    [{ С_Возр: 27, С_Стаж: 13 }, null],
    [{ С_Возр: 27, С_Стаж: 14 }, 'С_Стаж', 'experienceOverAge', 13],
    [{ С_Возр: 27, С_Стаж: 30 }, 'С_Стаж', 'experienceOverAge', 13],
    [{ С_Стаж: 30 }, null], // no age given: nothing to compare with
    [{ С_Возр: 40, С_Стаж: 10, С_Руков_Стаж: 10 }, null],
    [{ С_Возр: 40, С_Стаж: 10, С_Руков_Стаж: 11 }, 'С_Руков_Стаж', 'managementOverExperience', 10],
    [{ С_Возр: 20, С_Бизнес_Лет: 7 }, 'С_Бизнес_Лет', 'businessOverAge', 6],
    [{ С_Возр: 40, С_Дети: 2, С_Дети_Возр: [3, 26] }, null],
    [{ С_Возр: 40, С_Дети: 2, С_Дети_Возр: [3, 27] }, 'С_Дети_Возр', 'childOlderThanParent', 26],
    [{ С_Возр: 40, С_Дети: 1, С_Дети_Возр: [40, 40] }, 'С_Дети_Возр', 'childOlderThanParent', 26],
    [{ С_Возр: 40, С_Дети: 0, С_Дети_Возр: [40, 40] }, null], // hidden question: its answer does not count
    [{ С_Возр: 30, С_Партнёр_Возр: 25, С_Партнёр_Стаж: 26 }, 'С_Партнёр_Стаж', 'togetherOverAge', 25],
    [{ С_Возр: 30, С_Партнёр_Возр: 45, С_Партнёр_Стаж: 31 }, 'С_Партнёр_Стаж', 'togetherOverAge', 30],
  ];
  it.each(cases)('%j refuses %s', (answers, neuron, key, limit) => {
    expect(issues(work, answers)).toEqual(neuron ? [{ neuron, key, params: { limit } }] : []);
  });

  it('checks years together against both partners of a couple', () => {
    expect(issues(couple, { С_Возр: 40, С_Возр_partner: 20, П_Стаж: 21 })).toEqual([{ neuron: 'П_Стаж', key: 'togetherOverAge', params: { limit: 20 } }]);
    expect(issues(couple, { С_Возр: 40, С_Возр_partner: 20, П_Стаж: 20 })).toEqual([]);
  });

  it('lists several broken rules in questionnaire order', () => {
    expect(issues(work, { С_Возр: 20, С_Стаж: 10, С_Руков_Стаж: 11, С_Дети: 1, С_Дети_Возр: [10, 10] }).map((issue) => issue.neuron)).toEqual([
      'С_Стаж',
      'С_Руков_Стаж',
      'С_Дети_Возр',
    ]);
  });

  it('has a text in both languages for every rule, with the limit filled in', () => {
    for (const rule of PLAUSIBILITY_RULES) {
      for (const locale of ['ru', 'en'] as const) {
        const described = describeIssue({ code: 'custom', path: ['answers', rule.neuron], message: rule.key, params: { limit: 7 }, input: undefined }, locale);
        expect(described.key).toBe(rule.key);
        expect(described.message).toContain('7');
      }
    }
    expect(describeIssue({ code: 'custom', path: [], message: 'experienceOverAge', params: { limit: 13 }, input: undefined }, 'ru').message).toBe(
      'Стаж не может превышать возраст минус 14 лет: не больше 13',
    );
  });
});
