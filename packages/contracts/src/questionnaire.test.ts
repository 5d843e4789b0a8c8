import { describe, expect, it } from 'vitest';
import { ageOn, birthDateFromDay, birthDateToIso, hasContent, pickAvatar, AVATAR_NAMES } from './profiles.ts';
import {
  NO_ANSWER,
  StepsSchema,
  checkAnswers,
  conditionHolds,
  formatAnswer,
  slotVisible,
  stepValid,
  toAnswerMap,
  visibleSlotsByStep,
  type Condition,
  type DependsOn,
  type Question,
  type Step,
} from './questionnaire.ts';

const text = { ru: 'т', en: 't' };
const slider = (neuronName: string, extra: Partial<Question> = {}): Question => ({
  neuronName,
  type: 'slider',
  text,
  options: [],
  min: 0,
  max: 10,
  scope: 'self',
  ...extra,
});
const choice = (neuronName: string, type: 'select' | 'dropdown' | 'multiselect', extra: Partial<Question> = {}): Question => ({
  neuronName,
  type,
  text,
  scope: 'self',
  options: [
    { value: 'A', label: { ru: 'А', en: 'Ay' } },
    { value: 'B', label: { ru: 'Б', en: 'Bee' } },
    { value: NO_ANSWER, label: { ru: 'Нет ответа', en: 'No answer' } },
  ],
  ...extra,
});
const slot = (dependsOn: DependsOn) => ({ question: slider('Q', { dependsOn }), neuron: 'Q', side: 'self' as const });

describe('conditions', () => {
  const cases: Array<[Condition['operator'], unknown, string | number, boolean]> = [
    ['equal', 'A', 'A', true],
    ['equal', 'B', 'A', false],
    ['equal', 3, '3', true],
    ['equal', ['A', 'B'], 'B', true],
    ['equal', ['A'], 'B', false],
    ['more', 5, 4, true],
    ['more', 4, 4, false],
    ['more', ['A', 'B'], 1, true],
    ['less', 3, 4, true],
    ['less', 4, 4, false],
    ['less', 'x', 4, false],
  ];
  for (const [operator, answer, value, expected] of cases) {
    it(`${operator}: ${JSON.stringify(answer)} vs ${JSON.stringify(value)} is ${expected}`, () => {
      expect(conditionHolds({ neuronName: 'X', operator, value }, answer as never)).toBe(expected);
    });
  }

  it('an unanswered question meets no condition', () => {
    for (const operator of ['equal', 'more', 'less'] as const) expect(conditionHolds({ neuronName: 'X', operator, value: 1 }, undefined)).toBe(false);
  });

  const two: Condition[] = [
    { neuronName: 'X', operator: 'more', value: 5 },
    { neuronName: 'Y', operator: 'equal', value: 'A' },
  ];
  const answers = (x: number, y: string) =>
    toAnswerMap([
      { neuron: 'X', value: x },
      { neuron: 'Y', value: y },
    ]);

  it('and: shown only when every condition holds', () => {
    expect(slotVisible(slot({ scope: 'and', conditions: two }), answers(6, 'A'))).toBe(true);
    expect(slotVisible(slot({ scope: 'and', conditions: two }), answers(6, 'B'))).toBe(false);
    expect(slotVisible(slot({ scope: 'and', conditions: two }), answers(1, 'A'))).toBe(false);
  });

  it('or: shown when at least one holds', () => {
    expect(slotVisible(slot({ scope: 'or', conditions: two }), answers(6, 'B'))).toBe(true);
    expect(slotVisible(slot({ scope: 'or', conditions: two }), answers(1, 'A'))).toBe(true);
    expect(slotVisible(slot({ scope: 'or', conditions: two }), answers(1, 'B'))).toBe(false);
  });

  it('none: shown for any answers', () => {
    expect(slotVisible(slot({ scope: 'none', conditions: two }), answers(1, 'B'))).toBe(true);
    expect(slotVisible(slot({ scope: 'none', conditions: two }), new Map())).toBe(true);
  });

  // Every operator under every scope: two conditions of the same operator, one holding (X) and one not (Y).
  const holdsFor = { equal: ['A', 'B'], more: [6, 1], less: [1, 6] } as const;
  const expected = { and: false, or: true, none: true } as const;
  for (const operator of ['equal', 'more', 'less'] as const) {
    for (const scope of ['and', 'or', 'none'] as const) {
      it(`${operator} × ${scope}: one of two conditions holding shows the question: ${expected[scope]}`, () => {
        const value = operator === 'equal' ? 'A' : 3;
        const conditions: Condition[] = [
          { neuronName: 'X', operator, value },
          { neuronName: 'Y', operator, value },
        ];
        const [holding, failing] = holdsFor[operator];
        const answers = toAnswerMap([
          { neuron: 'X', value: holding },
          { neuron: 'Y', value: failing },
        ]);
        expect(slotVisible(slot({ scope, conditions }), answers)).toBe(expected[scope]);
        const both = toAnswerMap([
          { neuron: 'X', value: holding },
          { neuron: 'Y', value: holding },
        ]);
        expect(slotVisible(slot({ scope, conditions }), both)).toBe(true);
      });
    }
  }

  it('a question depending on a hidden one is hidden too, even when a stale answer remains', () => {
    const steps: Step[] = [
      {
        key: 's',
        title: text,
        questions: [
          slider('A'),
          slider('B', { dependsOn: { scope: 'and', conditions: [{ neuronName: 'A', operator: 'more', value: 5 }] } }),
          slider('C', { dependsOn: { scope: 'and', conditions: [{ neuronName: 'B', operator: 'more', value: 5 }] } }),
        ],
      },
    ];
    const visible = (a: number) =>
      visibleSlotsByStep(
        steps,
        toAnswerMap([
          { neuron: 'A', value: a },
          { neuron: 'B', value: 9 },
        ]),
      )[0]!.map((s) => s.neuron);
    expect(visible(9)).toEqual(['A', 'B', 'C']);
    expect(visible(1)).toEqual(['A']);
  });

  it('a partner question reads the partner answers of both-scope questions', () => {
    const steps: Step[] = [
      {
        key: 's',
        title: text,
        questions: [
          slider('A', { scope: 'both' }),
          slider('B', { scope: 'both', dependsOn: { scope: 'and', conditions: [{ neuronName: 'A', operator: 'more', value: 5 }] } }),
        ],
      },
    ];
    const shown = visibleSlotsByStep(
      steps,
      toAnswerMap([
        { neuron: 'A', value: 1 },
        { neuron: 'A_partner', value: 9 },
      ]),
    )[0]!.map((s) => s.neuron);
    expect(shown).toEqual(['A', 'A_partner', 'B_partner']);
  });
});

describe('steps and answer checks', () => {
  const steps: Step[] = [
    {
      key: 's',
      title: text,
      questions: [
        choice('K', 'select'),
        choice('L', 'multiselect', { dependsOn: { scope: 'and', conditions: [{ neuronName: 'K', operator: 'equal', value: 'B' }] } }),
        { neuronName: 'R', type: 'range', text, options: [], min: 0, max: 10, scope: 'self' },
        slider('S'),
        { neuronName: 'F', type: 'formula', text, options: [], scope: 'self', formula: { sum: ['S', 'S'] } },
      ],
    },
  ];

  it('a step is valid when all its visible questions are answered', () => {
    expect(
      stepValid(
        steps,
        0,
        toAnswerMap([
          { neuron: 'K', value: 'A' },
          { neuron: 'R', value: [1, 2] },
          { neuron: 'S', value: 1 },
        ]),
      ),
    ).toBe(true);
    expect(
      stepValid(
        steps,
        0,
        toAnswerMap([
          { neuron: 'K', value: 'B' },
          { neuron: 'R', value: [1, 2] },
          { neuron: 'S', value: 1 },
        ]),
      ),
    ).toBe(false);
    expect(
      stepValid(
        steps,
        0,
        toAnswerMap([
          { neuron: 'K', value: 'B' },
          { neuron: 'L', value: ['A'] },
          { neuron: 'R', value: [1, 2] },
          { neuron: 'S', value: 1 },
        ]),
      ),
    ).toBe(true);
    expect(
      stepValid(
        steps,
        0,
        toAnswerMap([
          { neuron: 'K', value: 'A' },
          { neuron: 'R', value: [3, 2] },
          { neuron: 'S', value: 1 },
        ]),
      ),
    ).toBe(false);
  });

  it('refuses unknown neurons, wrong values, hidden answers, no-answer mixed with others, and missing ones on completion', () => {
    const check = (answers: Array<{ neuron: string; value: never }>, complete = false) => checkAnswers(steps, answers, { complete });
    expect(check([{ neuron: 'Z', value: 1 as never }])).toEqual({ ok: false, issue: { neuron: 'Z', key: 'invalid' } });
    expect(check([{ neuron: 'K', value: 'C' as never }])).toEqual({ ok: false, issue: { neuron: 'K', key: 'invalid' } });
    expect(
      check([
        { neuron: 'K', value: 'A' as never },
        { neuron: 'L', value: ['A'] as never },
      ]),
    ).toEqual({ ok: false, issue: { neuron: 'L', key: 'invalid' } });
    expect(
      check([
        { neuron: 'K', value: 'B' as never },
        { neuron: 'L', value: ['A', NO_ANSWER] as never },
      ]),
    ).toEqual({ ok: false, issue: { neuron: 'L', key: 'invalid' } });
    expect(check([{ neuron: 'K', value: 'A' as never }], true)).toEqual({ ok: false, issue: { neuron: 'R', key: 'required' } });
    const ok = check(
      [
        { neuron: 'K', value: 'A' as never },
        { neuron: 'R', value: [2, 5] as never },
        { neuron: 'S', value: 3 as never },
        { neuron: 'F', value: 99 as never },
      ],
      true,
    );
    expect(ok).toEqual({
      ok: true,
      answers: [
        { neuron: 'K', value: 'A' },
        { neuron: 'R', value: [2, 5] },
        { neuron: 'S', value: 3 },
        { neuron: 'F', value: 6 },
      ],
    });
  });

  it('shows dropdown values joined by commas, options by their label, ranges as from–to', () => {
    expect(formatAnswer(choice('D', 'dropdown'), ['A', 'B'], 'en')).toBe('Ay, Bee');
    expect(formatAnswer(choice('D', 'select'), 'B', 'ru')).toBe('Б');
    expect(formatAnswer(steps[0]!.questions[2]!, [1, 4], 'ru')).toBe('1–4');
    expect(formatAnswer(slider('S'), 7, 'ru')).toBe('7');
  });

  it('refuses definitions with conditions on later questions or duplicate neurons', () => {
    expect(StepsSchema.safeParse(steps).success).toBe(true);
    const later = [{ ...steps[0]!, questions: [steps[0]!.questions[1]!, steps[0]!.questions[0]!] }];
    expect(StepsSchema.safeParse(later).success).toBe(false);
    const duplicate = [{ ...steps[0]!, questions: [steps[0]!.questions[0]!, steps[0]!.questions[0]!] }];
    expect(StepsSchema.safeParse(duplicate).success).toBe(false);
  });
});

describe('profile rules', () => {
  it('picks the avatar by age band and gender, the same for the same profile', () => {
    expect(pickAvatar(20, 'М', 'x')).toMatch(/^male-upTo20-[12]$/);
    expect(pickAvatar(21, 'Ж', 'x')).toMatch(/^female-21to35-[12]$/);
    expect(pickAvatar(50, 'М', 'x')).toMatch(/^male-36to50-[12]$/);
    expect(pickAvatar(51, 'Ж', 'x')).toMatch(/^female-over50-[12]$/);
    expect(pickAvatar(40, 'М', 'abc')).toBe(pickAvatar(40, 'М', 'abc'));
    expect(AVATAR_NAMES).toHaveLength(19);
  });

  it('has content: standard needs both names, love a birth date, couple both first names', () => {
    expect(hasContent('standard', { firstName: 'А', lastName: ' ' })).toBe(false);
    expect(hasContent('standard', { firstName: 'А', lastName: 'Б' })).toBe(true);
    expect(hasContent('short', { firstName: ' ', lastName: 'Б' })).toBe(false);
    expect(hasContent('love', { firstName: 'А' })).toBe(false);
    expect(hasContent('love', { firstName: 'А', birthDate: '2000-01-01T00:00:00.000Z' })).toBe(true);
    expect(hasContent('couple', { firstName: 'А', partnerFirstName: 'Б' })).toBe(true);
    expect(hasContent('couple', { firstName: 'А' })).toBe(false);
  });

  it('sends the picked birth day as that date at midnight UTC, whatever the time of day, and counts whole years', () => {
    expect(birthDateToIso(new Date(1990, 4, 1, 23, 30))).toBe('1990-05-01T00:00:00.000Z');
    expect(birthDateToIso(new Date(1990, 4, 1, 0, 5))).toBe('1990-05-01T00:00:00.000Z');
    expect(birthDateFromDay('1990-05-01')).toBe('1990-05-01T00:00:00.000Z');
    expect(birthDateFromDay('01.05.1990')).toBeUndefined();
    expect(ageOn('1990-05-01T00:00:00.000Z', new Date('2020-04-30T12:00:00Z'))).toBe(29);
    expect(ageOn('1990-05-01T00:00:00.000Z', new Date('2020-05-01T12:00:00Z'))).toBe(30);
  });
});
