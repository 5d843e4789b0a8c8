import { checkAnswers, type Answer, type AnswerValue, type Step } from '@teamcast/contracts';
import { createRng, type Rng } from '../scoring/rng.ts';

/**
 * The reference population of the bias audit (docs/fairness.md): complete answers to the standard questionnaire (the
 * work-style block included when the questionnaire asks it),
 * drawn from stated distributions. Pure and seeded: the same seed and size give the same people on every machine.
 */
export type Sex = 'М' | 'Ж';
export const AGE_BANDS = ['≤25', '26–35', '36–50', '51+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** Family status as the audit groups it: living with a partner or not, with children or not. */
export const FAMILY_STATUSES = ['single', 'partner', 'partner_children', 'single_parent'] as const;
export type FamilyStatus = (typeof FAMILY_STATUSES)[number];

export type ReferencePerson = { id: string; sex: Sex; age: number; ageBand: AgeBand; family: FamilyStatus; answers: Answer[] };

/** Shares of the age bands (sum 1) and the ages each band spans; ages are uniform within a band. */
export const AGE_BAND_SHARES: Record<AgeBand, { share: number; from: number; to: number }> = {
  '≤25': { share: 0.15, from: 20, to: 25 },
  '26–35': { share: 0.28, from: 26, to: 35 },
  '36–50': { share: 0.35, from: 36, to: 50 },
  '51+': { share: 0.22, from: 51, to: 64 },
};
/** Per age band: the share living with a partner and the share with children (independent of each other and of sex). */
export const FAMILY_SHARES: Record<AgeBand, { partner: number; children: number }> = {
  '≤25': { partner: 0.25, children: 0.1 },
  '26–35': { partner: 0.6, children: 0.45 },
  '36–50': { partner: 0.7, children: 0.75 },
  '51+': { partner: 0.65, children: 0.85 },
};
/** Years of work a parent of either sex lost to parental leave, per child (only mothers take it in the population). */
export const LEAVE_YEARS_PER_CHILD = 1.5;

/**
 * Shares of the answers 1 … 5 (strongly disagree … strongly agree) to each work-style item. Assumed, not measured: the
 * same for every age, sex and family status, and items independent of each other. Answers lean to agreement (people
 * describe themselves favourably); planning, directness and autonomy are closer to even. The literature finds small
 * age trends in such traits (Roberts, Walton & Viechtbauer 2006: conscientiousness, agreeableness and emotional
 * stability rise slightly over adulthood); this installation's audit of real profiles is where such a trend would show.
 * The engine's `kinds.work.style.centre` is each scale's mean under these shares.
 */
export const WORK_STYLE_ANSWER_SHARES: Readonly<Record<string, readonly [number, number, number, number, number]>> = {
  С_Стиль_Помощь: [0.03, 0.08, 0.22, 0.42, 0.25],
  С_Стиль_Компромисс: [0.03, 0.1, 0.25, 0.4, 0.22],
  С_Стиль_Обещания: [0.02, 0.06, 0.18, 0.44, 0.3],
  С_Стиль_План: [0.06, 0.17, 0.3, 0.32, 0.15],
  С_Стиль_Давление: [0.05, 0.15, 0.3, 0.35, 0.15],
  С_Стиль_Идеи: [0.02, 0.07, 0.25, 0.45, 0.21],
  С_Стиль_Несогласие: [0.05, 0.17, 0.3, 0.33, 0.15],
  С_Стиль_Самостоятельность: [0.1, 0.25, 0.3, 0.23, 0.12],
};

/** One draw of the work-style block (a separate stream, so the other answers are the same as without the block). */
export function drawWorkStyle(rng: Rng): Map<string, number> {
  const out = new Map<string, number>();
  for (const [neuron, shares] of Object.entries(WORK_STYLE_ANSWER_SHARES))
    out.set(
      neuron,
      weighted(
        rng,
        shares.map((share, i) => [i + 1, share] as const),
      ),
    );
  return out;
}

export function ageBandOf(age: number): AgeBand {
  return age <= 25 ? '≤25' : age <= 35 ? '26–35' : age <= 50 ? '36–50' : '51+';
}

export const familyStatusOf = (partner: boolean, children: number): FamilyStatus =>
  partner ? (children > 0 ? 'partner_children' : 'partner') : children > 0 ? 'single_parent' : 'single';

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
const between = (rng: Rng, from: number, to: number) => from + rng.int(to - from + 1);
const clampInt = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/**
 * Education by cohort: people under 22 have not finished university; under 36 mostly took the two-level
 * degrees (bachelor, master), 36 and older mostly the older five-year specialist degree.
 */
function university(rng: Rng, age: number): string {
  if (age < 22)
    return weighted(rng, [
      ['Нет', 4],
      ['Неоконченное', 6],
    ]);
  if (age < 36)
    return weighted(rng, [
      ['Нет', 18],
      ['Неоконченное', 10],
      ['Бакалавр', 32],
      ['Специалист', 10],
      ['Магистр', 30],
    ]);
  return weighted(rng, [
    ['Нет', 22],
    ['Неоконченное', 6],
    ['Бакалавр', 4],
    ['Специалист', 60],
    ['Магистр', 8],
  ]);
}

function drawPerson(rng: Rng): { sex: Sex; age: number; partner: boolean; children: number; raw: Map<string, AnswerValue> } {
  const a = new Map<string, AnswerValue>();
  const sex: Sex = chance(rng, 0.5) ? 'М' : 'Ж';
  const band = weighted(
    rng,
    AGE_BANDS.map((name) => [name, AGE_BAND_SHARES[name].share] as const),
  );
  const age = between(rng, AGE_BAND_SHARES[band].from, AGE_BAND_SHARES[band].to);
  a.set('С_Пол', sex).set('С_Возр', age);
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
    chance(rng, 0.25)
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
  a.set('С_Школа_Места', [
    weighted(rng, [
      ['Столица', 2],
      ['Крупный_город', 4],
      ['Малый_город', 3],
      ['Село', 1.5],
      ['Зарубеж', 0.3],
    ]),
  ]);
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
      ]),
    );
  a.set(
    'С_Колледж',
    weighted(rng, [
      ['Нет', 6],
      ['Не_окончил', 1],
      ['Окончил', 3],
    ]),
  );
  const degree = university(rng, age);
  a.set('С_ВУЗ', degree);
  if (degree === 'Специалист' || degree === 'Магистр')
    a.set(
      'С_Степень',
      weighted(rng, [
        ['Нет', 17],
        ['Кандидат', 2.5],
        ['Доктор', age > 35 ? 0.8 : 0.1],
      ]),
    );
  a.set(
    'С_Курсы',
    weighted(rng, [
      [0, 3],
      [1, 4],
      [3, 2],
      [6, 1],
    ]),
  );
  // Conscription applies to men only; contract and law-enforcement service to both, more often to men.
  a.set(
    'С_Служба',
    sex === 'М'
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

  const shares = FAMILY_SHARES[band];
  const partner = chance(rng, shares.partner);
  const children = chance(rng, shares.children)
    ? weighted(rng, [
        [1, 4],
        [2, 4],
        [3, 1],
      ])
    : 0;
  const study = degree === 'Нет' ? 0 : degree === 'Неоконченное' ? 2 : degree === 'Бакалавр' ? 4 : degree === 'Магистр' ? 6 : 5;
  const leave = sex === 'Ж' ? LEAVE_YEARS_PER_CHILD * children : 0;
  const experience = clampInt(age - 18 - study - leave - rng.next() * 3, 0, 60);
  a.set('С_Стаж', experience);
  if (experience > 0) {
    const managing = chance(rng, Math.min(0.6, experience / 25)) ? clampInt(experience * (0.2 + rng.next() * 0.4), 1, experience) : 0;
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

  a.set(
    'С_Проживание',
    partner
      ? 'Партнёр'
      : age < 25
        ? weighted(rng, [
            ['Родители', 5],
            ['Друзья', 3],
            ['Один', 2],
          ])
        : weighted(rng, [
            ['Один', 7],
            ['Родители', 2],
            ['Друзья', 1],
          ]),
  );
  if (partner) {
    a.set('С_Партнёр_Стаж', clampInt(rng.next() * (age - 18), 0, 70));
    a.set('С_Партнёр_Возр', clampInt(age + rng.normal() * 4, 18, 100));
  }
  a.set('С_Дети', children);
  if (children > 0) {
    const oldest = clampInt(rng.next() * Math.max(1, age - 20), 0, 70);
    a.set('С_Дети_Возр', [clampInt(oldest - rng.next() * 8, 0, oldest), oldest]);
  }
  const parent = () => (age > 55 && chance(rng, 0.5) ? 'После_18' : chance(rng, 0.05) ? 'До_18' : 'Жив');
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
      ]),
    );
  a.set(
    'С_Утрата',
    weighted(rng, [
      ['Нет', 5],
      ['Родственник', 3],
      ['Друг', 1],
    ]),
  );
  return { sex, age, partner, children, raw: a };
}

/** `size` reference people whose complete answers pass the standard questionnaire's own check (formulas filled in). */
export function referencePopulation(steps: readonly Step[], size: number, seed: number): ReferencePerson[] {
  const rng = createRng(seed);
  const styleRng = createRng(seed ^ 0x57e1e);
  const asked = new Set(steps.flatMap((step) => step.questions.map((question) => question.neuronName)));
  return Array.from({ length: size }, (_, index) => {
    const { sex, age, partner, children, raw } = drawPerson(rng);
    // Drawn for every person, asked or not, so the stream does not depend on the questionnaire.
    for (const [neuron, value] of drawWorkStyle(styleRng)) if (asked.has(neuron)) raw.set(neuron, value);
    const checked = checkAnswers(
      steps,
      [...raw].map(([neuron, value]) => ({ neuron, value })),
      { complete: true },
    );
    if (!checked.ok) throw new Error(`Reference answers refused at ${checked.issue.neuron}: ${checked.issue.key}`);
    return {
      id: `ref-${String(index + 1).padStart(5, '0')}`,
      sex,
      age,
      ageBand: ageBandOf(age),
      family: familyStatusOf(partner, children),
      answers: checked.answers,
    };
  });
}
