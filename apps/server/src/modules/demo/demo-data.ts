import { NO_ANSWER, checkAnswers, type Answer, type AnswerValue, type Step } from '@teamcast/contracts';
import { OUTPUTS, clampScore, type Scores } from '../scoring/outputs.ts';
import { drawWorkStyle } from '../fairness/reference-population.ts';
import { createRng, type Rng } from '../scoring/rng.ts';

/**
 * Demo people: answers drawn from plausible distributions (a 'no answer' now and then), the hidden rule that stands
 * for what experienced estimators would judge, and estimators' labels = hidden rule + each estimator's bias + noise.
 * Pure and seeded, so tests and the first start get the same data for the same seed.
 */
export type DemoPerson = { answers: Answer[]; age: number; gender: 'М' | 'Ж'; truth: Scores };
export type DemoEstimatorProfile = { name: string; bias: Scores };
export type DemoLabel = { person: number; estimator: number; precise: Scores; score: number };

const chance = (rng: Rng, p: number) => rng.next() < p;
function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
const clampInt = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/** One person's raw answers, following the questionnaire's visibility rules (the questionnaire check removes the rest). */
function drawAnswers(rng: Rng): Map<string, AnswerValue> {
  const a = new Map<string, AnswerValue>();
  const gender = chance(rng, 0.5) ? 'М' : 'Ж';
  const age = clampInt(19 + Math.abs(rng.normal()) * 14 + rng.next() * 6, 18, 70);
  a.set('С_Пол', gender).set('С_Возр', age);
  if (age < 25) a.set('С_Учёба_Сейчас', chance(rng, 0.4) ? 'Да' : 'Нет');
  const languages = [
    'Русский',
    ...(['Английский', 'Немецкий', 'Французский', 'Испанский', 'Китайский', 'Другой'] as const).filter((_, i) =>
      chance(rng, [0.6, 0.15, 0.1, 0.08, 0.05, 0.05][i]!),
    ),
  ];
  a.set('С_Языки', languages);
  if (languages.length > 1) a.set('С_Переводчик', chance(rng, 0.12) ? 'Да' : 'Нет');
  a.set(
    'С_Переезд',
    weighted(rng, [
      [0, 4],
      [1, 3],
      [2, 2],
      [4, 1],
    ]),
  );

  a.set(
    'С_Школа_Типы',
    chance(rng, 0.05)
      ? [NO_ANSWER]
      : chance(rng, 0.25)
        ? [
            'Общеобразовательная',
            weighted(rng, [
              ['Профильная', 2],
              ['Гимназия', 2],
              ['Вечерняя', 1],
            ]),
          ]
        : [
            weighted(rng, [
              ['Общеобразовательная', 6],
              ['Гимназия', 2],
              ['Профильная', 2],
              ['Интернат', 0.3],
              ['Домашнее', 0.2],
            ]),
          ],
  );
  a.set(
    'С_Школа_Места',
    chance(rng, 0.05)
      ? [NO_ANSWER]
      : [
          weighted(rng, [
            ['Столица', 2],
            ['Крупный_город', 4],
            ['Малый_город', 3],
            ['Село', 1.5],
            ['Зарубеж', 0.3],
          ]),
        ],
  );
  const schools = weighted(rng, [
    [1, 6],
    [2, 3],
    [3, 1],
    [4, 0.4],
  ]);
  a.set('С_Школа_Кол', schools);
  if (schools > 1)
    a.set(
      'С_Школа_Причина',
      weighted(rng, [
        ['Переезд', 5],
        ['Уровень', 2],
        ['Конфликт', 1],
        ['Другое', 1],
        [NO_ANSWER, 0.5],
      ]),
    );
  a.set(
    'С_Колледж',
    weighted(rng, [
      ['Нет', 6],
      ['Не_окончил', 1],
      ['Окончил', 3],
      [NO_ANSWER, 0.3],
    ]),
  );
  const university =
    age < 21
      ? weighted(rng, [
          ['Нет', 3],
          ['Неоконченное', 5],
        ])
      : weighted(rng, [
          ['Нет', 2],
          ['Неоконченное', 1],
          ['Бакалавр', 3],
          ['Специалист', 3],
          ['Магистр', 3],
          [NO_ANSWER, 0.3],
        ]);
  a.set('С_ВУЗ', university);
  if (university === 'Специалист' || university === 'Магистр')
    a.set(
      'С_Степень',
      weighted(rng, [
        ['Нет', 17],
        ['Кандидат', 2.5],
        ['Доктор', 0.5],
        [NO_ANSWER, 0.3],
      ]),
    );
  a.set(
    'С_Курсы',
    weighted<number | string>(rng, [
      [0, 3],
      [1, 4],
      [3, 2],
      [6, 1],
      [NO_ANSWER, 0.3],
    ]),
  );

  a.set(
    'С_Служба',
    gender === 'М'
      ? weighted(rng, [
          ['Нет', 5],
          ['Срочная', 3],
          ['Контракт', 1],
          ['Силовые', 1],
        ])
      : weighted(rng, [
          ['Нет', 18],
          ['Контракт', 1],
          ['Силовые', 1],
        ]),
  );
  const study = university === 'Нет' || university === NO_ANSWER ? 0 : 4;
  const experience = clampInt(age - 18 - study - rng.next() * 4, 0, 60);
  a.set('С_Стаж', experience);
  if (experience > 0) {
    const managing = chance(rng, Math.min(0.7, experience / 25)) ? clampInt(experience * (0.2 + rng.next() * 0.6), 1, experience) : 0;
    a.set('С_Руков_Стаж', managing);
    if (managing > 0)
      a.set(
        'С_Подчинённые',
        weighted(rng, [
          [5, 4],
          [20, 3],
          [100, 1.5],
          [101, 0.5],
        ]),
      );
  }
  const business = weighted(rng, [
    ['Нет', 7],
    ['Пробовал', 2],
    ['Есть', 1],
  ]);
  a.set('С_Бизнес', business);
  if (business !== 'Нет') a.set('С_Бизнес_Лет', clampInt(1 + rng.next() * Math.max(1, experience / 2), 0, 60));

  const living =
    age < 23
      ? weighted(rng, [
          ['Родители', 5],
          ['Друзья', 3],
          ['Партнёр', 1],
          ['Один', 1],
        ])
      : weighted(rng, [
          ['Партнёр', 6],
          ['Один', 3],
          ['Родители', 1],
          ['Друзья', 0.5],
          [NO_ANSWER, 0.4],
        ]);
  a.set('С_Проживание', living);
  if (living === 'Партнёр') {
    a.set('С_Партнёр_Стаж', clampInt(rng.next() * (age - 18), 0, 70));
    a.set('С_Партнёр_Возр', clampInt(age + rng.normal() * 4, 18, 100));
  }
  const children =
    age < 24
      ? weighted(rng, [
          [0, 9],
          [1, 1],
        ])
      : weighted(rng, [
          [0, 4],
          [1, 3],
          [2, 3],
          [3, 1],
        ]);
  a.set('С_Дети', children);
  if (children > 0) {
    const oldest = clampInt(rng.next() * Math.max(1, age - 20), 0, 70);
    a.set('С_Дети_Возр', [clampInt(oldest - rng.next() * 8, 0, oldest), oldest]);
  }
  const parent = () => (chance(rng, 0.04) ? NO_ANSWER : age > 55 && chance(rng, 0.5) ? 'После_18' : chance(rng, 0.05) ? 'До_18' : 'Жив');
  a.set('С_Мать', parent()).set('С_Отец', parent());
  const siblings = weighted(rng, [
    [0, 3],
    [1, 4],
    [2, 2],
    [3, 1],
  ]);
  a.set('С_Сиблинги', siblings);
  if (siblings > 0)
    a.set(
      'С_Сиблинг_Порядок',
      weighted(rng, [
        ['Старший', 3],
        ['Средний', 1],
        ['Младший', 3],
        [NO_ANSWER, 0.3],
      ]),
    );
  a.set(
    'С_Утрата',
    weighted(rng, [
      ['Нет', 5],
      ['Родственник', 3],
      ['Друг', 1],
      [NO_ANSWER, 0.5],
    ]),
  );
  return a;
}

const saturate = (value: number, scale: number) => 1 - Math.exp(-Math.max(0, value) / scale);

/**
 * The hidden rule: what the demo estimators would judge on average. It is deliberately unlike the prior
 * (saturating experience, interactions, weights the prior does not know), so a model learnt from labels can beat it.
 */
export function hiddenScores(answers: readonly Answer[]): Scores {
  const a = new Map(answers.map((answer) => [answer.neuron, answer.value]));
  const n = (neuron: string) => (typeof a.get(neuron) === 'number' ? (a.get(neuron) as number) : 0);
  const s = (neuron: string) => String(a.get(neuron) ?? '');
  const list = (neuron: string) => (Array.isArray(a.get(neuron)) ? (a.get(neuron) as AnswerValue[]).map(String) : []);
  const experience = n('С_Стаж');
  const managing = n('С_Руков_Стаж');
  const degree = ({ Неоконченное: 6, Бакалавр: 14, Специалист: 18, Магистр: 24 } as Record<string, number>)[s('С_ВУЗ')] ?? 0;
  const competencies =
    26 +
    degree +
    (({ Кандидат: 12, Доктор: 18 } as Record<string, number>)[s('С_Степень')] ?? 0) +
    (({ 1: 6, 3: 12, 6: 15 } as Record<string, number>)[s('С_Курсы')] ?? 0) +
    2 * Math.min(3, Math.max(0, list('С_Языки').length - 1)) +
    (list('С_Школа_Типы').includes('Профильная') ? 6 : list('С_Школа_Типы').includes('Гимназия') ? 3 : 0) +
    (list('С_Школа_Места').some((place) => place === 'Столица' || place === 'Зарубеж') ? 3 : 0) +
    8 * saturate(experience, 8);
  const professionalism =
    12 +
    32 * saturate(experience, 6) +
    14 * saturate(managing, 4) +
    (({ 20: 4, 100: 8, 101: 10 } as Record<string, number>)[s('С_Подчинённые')] ?? 0) +
    (s('С_Бизнес') === 'Есть' ? 4 + 0.6 * Math.min(10, n('С_Бизнес_Лет')) : s('С_Бизнес') === 'Пробовал' ? 3 : 0) +
    (({ 3: 4, 6: 7 } as Record<string, number>)[s('С_Курсы')] ?? 0) +
    (degree >= 18 ? 4 : 0) * saturate(experience, 3);
  const maturity =
    12 +
    36 * saturate(n('С_Возр') - 18, 12) +
    8 * saturate(experience, 8) +
    (n('С_Дети') > 0 ? 7 : 0) +
    0.4 * Math.min(15, n('С_Партнёр_Стаж')) +
    (({ Контракт: 6, Силовые: 6, Срочная: 3 } as Record<string, number>)[s('С_Служба')] ?? 0) +
    Math.min(8, managing * 0.8) +
    (s('С_Утрата') === 'Родственник' ? 2 : 0) -
    (s('С_Проживание') === 'Родители' ? 6 : 0);
  return { competencies: clampScore(competencies), professionalism: clampScore(professionalism), maturity: clampScore(maturity) };
}

/**
 * `count` people whose answers pass the questionnaire's own check (formulas filled in). The work-style block, when the
 * questionnaire asks it, is drawn from the reference population's shares (independent of everything else) from a
 * stream of its own, so the other answers are those of the same seed without the block.
 */
export function generatePeople(steps: readonly Step[], count: number, seed: number): DemoPerson[] {
  const rng = createRng(seed);
  const styleRng = createRng(seed ^ 0x57e1e);
  const asked = new Set(steps.flatMap((step) => step.questions.map((question) => question.neuronName)));
  const people: DemoPerson[] = [];
  while (people.length < count) {
    const raw = drawAnswers(rng);
    for (const [neuron, value] of drawWorkStyle(styleRng)) if (asked.has(neuron)) raw.set(neuron, value);
    const checked = checkAnswers(
      steps,
      [...raw].map(([neuron, value]) => ({ neuron, value })),
      { complete: true },
    );
    if (!checked.ok) throw new Error(`Demo answers refused at ${checked.issue.neuron}: ${checked.issue.key}`);
    people.push({ answers: checked.answers, age: raw.get('С_Возр') as number, gender: raw.get('С_Пол') as 'М' | 'Ж', truth: hiddenScores(checked.answers) });
  }
  return people;
}

export const DEMO_ESTIMATORS: readonly DemoEstimatorProfile[] = [
  { name: 'Анна Смирнова', bias: { competencies: -6, professionalism: -4, maturity: -5 } },
  { name: 'Игорь Петров', bias: { competencies: 5, professionalism: 7, maturity: 3 } },
  { name: 'Мария Кузнецова', bias: { competencies: 0, professionalism: -2, maturity: 6 } },
  { name: 'Олег Соколов', bias: { competencies: 8, professionalism: 2, maturity: -3 } },
];

/**
 * Labels for the first `labelled` people: each is rated by one to three estimators, each rating = hidden rule +
 * the estimator's bias + noise (standard deviation `noise` points), rounded; the main score is the rounded mean.
 */
export function generateLabels(people: readonly DemoPerson[], labelled: number, seed: number, noise = 4): DemoLabel[] {
  const rng = createRng(seed ^ 0x1abe1);
  const labels: DemoLabel[] = [];
  for (let person = 0; person < Math.min(labelled, people.length); person++) {
    const count = weighted(rng, [
      [1, 2],
      [2, 3],
      [3, 1],
    ]);
    const first = rng.int(DEMO_ESTIMATORS.length);
    for (let r = 0; r < count; r++) {
      const estimator = (first + r) % DEMO_ESTIMATORS.length;
      const bias = DEMO_ESTIMATORS[estimator]!.bias;
      const precise = Object.fromEntries(
        OUTPUTS.map((output) => [output, Math.round(clampScore(people[person]!.truth[output] + bias[output] + rng.normal() * noise))]),
      ) as Scores;
      labels.push({ person, estimator, precise, score: Math.round((precise.competencies + precise.professionalism + precise.maturity) / 3) });
    }
  }
  return labels;
}
