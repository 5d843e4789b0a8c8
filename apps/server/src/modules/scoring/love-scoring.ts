import {
  PARTNER_SUFFIX,
  toAnswerMap,
  type Answer,
  type AnswerValue,
  type LoveDimension,
  type LoveExplanation,
  type LovePersonScores,
  type LoveScores,
  type Step,
} from '@teamcast/contracts';

/*
 * The love model's scoring rules (docs/love-model.md, section 2): additive points per answer on three dimensions
 * (Sternberg 1986), the same transparent form as the work prior (prior.ts). No estimator labels love profiles, so
 * these rules are the model: they are not trained, and the forecast's band is widened for it (LOVE_PARAMS).
 */

/** Version of the rules; stored with every love score. */
export const LOVE_RULES_VERSION = 'love-rules-1';

/** Every dimension starts here (the middle of the scale: an unanswered questionnaire says nothing). */
export const LOVE_BASE = 50;

type Rule = { neuron: string; dimension: LoveDimension; points: (value: AnswerValue) => number };

const num = (value: AnswerValue): number => (typeof value === 'number' ? value : Number.NaN);
const pick = (table: Record<string, number>) => (value: AnswerValue) => table[String(value)] ?? 0;
const scaled = (min: number, max: number, from: number, to: number) => (value: AnswerValue) => {
  const v = num(value);
  if (!Number.isFinite(v)) return 0;
  const t = Math.min(1, Math.max(0, (v - min) / (max - min)));
  return from + (to - from) * t;
};

/** Hours a week together: up to 40 counts; 0 h −10, 40 h or more +10. */
const timeTogether = scaled(0, 40, -10, 10);
/** Balance of giving (1-10): balanced (5.5) +6, one-sided (1 or 10) −6 (equity; Rusbult's rewards and costs). */
const balance = (value: AnswerValue) => {
  const v = num(value);
  return Number.isFinite(v) ? 12 * (1 - Math.abs(v - 5.5) / 4.5) - 6 : 0;
};
/** Attraction (1-10): 1 −20 … 10 +20. */
const attraction = scaled(1, 10, -20, 20);

/** The rules of the love questionnaire (one person's own answers). */
const LOVE_RULES: readonly Rule[] = [
  { neuron: 'Л_Время_Вместе', dimension: 'intimacy', points: timeTogether },
  { neuron: 'Л_Баланс', dimension: 'intimacy', points: balance },
  { neuron: 'Л_Язык_Любви', dimension: 'intimacy', points: pick({ Время: 4, Слова: 3, Помощь: 2, Прикосновения: 1 }) },
  { neuron: 'Л_Интересы', dimension: 'intimacy', points: (value) => (Array.isArray(value) ? 2 * Math.min(4, value.length) - 2 : 0) },
  { neuron: 'Л_Притяжение', dimension: 'passion', points: attraction },
  { neuron: 'Л_Язык_Любви', dimension: 'passion', points: pick({ Прикосновения: 5, Подарки: 2 }) },
  { neuron: 'Л_Второй_Шанс', dimension: 'commitment', points: pick({ Да: 12, Зависит: 5, Нет: -8 }) },
  { neuron: 'Л_Расстояние', dimension: 'commitment', points: pick({ Вместе: 10, Город: 3, Далеко: -6 }) },
];

/**
 * The rules of the couple questionnaire: each person's own 'both' answers (the partner's carry the partner suffix)
 * and the couple's shared answers, which count for both people.
 */
const COUPLE_OWN_RULES: readonly Rule[] = [
  { neuron: 'Л_Баланс', dimension: 'intimacy', points: balance },
  { neuron: 'Л_Язык_Любви', dimension: 'intimacy', points: pick({ Время: 4, Слова: 3, Помощь: 2, Прикосновения: 1 }) },
  { neuron: 'Л_Притяжение', dimension: 'passion', points: attraction },
  { neuron: 'Л_Язык_Любви', dimension: 'passion', points: pick({ Прикосновения: 5, Подарки: 2 }) },
];
const COUPLE_SHARED_RULES: readonly Rule[] = [
  { neuron: 'П_Время_Вместе', dimension: 'intimacy', points: timeTogether },
  { neuron: 'П_Второй_Шанс', dimension: 'commitment', points: pick({ Да: 10, Нет: 0 }) },
  { neuron: 'П_Расстояние', dimension: 'commitment', points: pick({ Вместе: 10, Город: 3, Далеко: -6 }) },
  // Years together: the size of what has been invested (Rusbult), 2 points a year up to ten.
  { neuron: 'П_Стаж', dimension: 'commitment', points: (value) => (Number.isFinite(num(value)) ? 2 * Math.min(10, Math.max(0, num(value))) : 0) },
];

export type LoveSide = 'self' | 'partner';

/** Points every answer added to each dimension. */
export type LoveContributions = Record<LoveDimension, Map<string, number>>;

const clamp = (x: number) => Math.min(100, Math.max(0, x));

/** Rules that apply to one person of a profile, with the stored neuron each reads. */
function rulesOf(kind: 'love' | 'couple', side: LoveSide): Array<Rule & { stored: string }> {
  if (kind === 'love') return LOVE_RULES.map((rule) => ({ ...rule, stored: rule.neuron }));
  const own = COUPLE_OWN_RULES.map((rule) => ({ ...rule, stored: side === 'partner' ? rule.neuron + PARTNER_SUFFIX : rule.neuron }));
  return [...own, ...COUPLE_SHARED_RULES.map((rule) => ({ ...rule, stored: rule.neuron }))];
}

/**
 * One person's love scores from a love or couple profile's answers. A question that was hidden or not answered adds
 * nothing (the dimension stays nearer the middle) and lowers completeness, which widens the forecast's band.
 */
export function lovePersonScore(
  kind: 'love' | 'couple',
  answers: readonly Answer[],
  side: LoveSide = 'self',
): { scores: LovePersonScores; contributions: LoveContributions } {
  const map = toAnswerMap(answers);
  const totals: Record<LoveDimension, number> = { intimacy: LOVE_BASE, passion: LOVE_BASE, commitment: LOVE_BASE };
  const contributions: LoveContributions = { intimacy: new Map(), passion: new Map(), commitment: new Map() };
  const rules = rulesOf(kind, side);
  const asked = new Set(rules.map((rule) => rule.stored));
  const answered = new Set<string>();
  for (const rule of rules) {
    const value = map.get(rule.stored);
    if (value === undefined || value === null) continue;
    answered.add(rule.stored);
    const points = rule.points(value);
    if (points === 0) continue;
    totals[rule.dimension] += points;
    contributions[rule.dimension].set(rule.neuron, (contributions[rule.dimension].get(rule.neuron) ?? 0) + points);
  }
  return {
    scores: {
      intimacy: clamp(totals.intimacy),
      passion: clamp(totals.passion),
      commitment: clamp(totals.commitment),
      completeness: answered.size / asked.size,
    },
    contributions,
  };
}

type Texts = Map<string, { ru: string; en: string }>;

/** Question texts of a questionnaire's steps by neuron (the couple's partner questions share their base text). */
export function loveTextsOf(steps: readonly Step[]): Texts {
  return new Map(steps.flatMap((step) => step.questions).map((question) => [question.neuronName, question.text]));
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function top(points: Map<string, number>, texts: Texts) {
  return [...points]
    .filter(([, value]) => Math.abs(value) >= 0.05)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, 5)
    .map(([neuron, value]) => ({ neuron, question: texts.get(neuron) ?? { ru: neuron, en: neuron }, points: round1(value) }));
}

/** Love scores and their explanation for a completed love profile (one person) or couple profile (both). */
export function scoreLoveProfile(kind: 'love' | 'couple', answers: readonly Answer[], texts: Texts): { scores: LoveScores; explanation: LoveExplanation } {
  const sides: LoveSide[] = kind === 'couple' ? ['self', 'partner'] : ['self'];
  const people = sides.map((side) => lovePersonScore(kind, answers, side));
  return {
    scores: { rules: LOVE_RULES_VERSION, people: people.map((person) => person.scores) },
    explanation: {
      source: 'love-rules',
      modelId: null,
      people: people.map(({ contributions }) => ({
        intimacy: top(contributions.intimacy, texts),
        passion: top(contributions.passion, texts),
        commitment: top(contributions.commitment, texts),
      })),
    },
  };
}
