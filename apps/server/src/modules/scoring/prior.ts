import type { Answer, AnswerValue } from '@teamcast/contracts';
import { imputeAnswers } from './imputation.ts';
import { OUTPUTS, clampScore, type Output, type Scores } from './outputs.ts';

/**
 * The transparent prior: additive points per answer, written down in docs/scoring-model.md. It scores profiles
 * before any model is published and is the baseline every trained model is measured against.
 */
export const PRIOR_BASE: Scores = { competencies: 20, professionalism: 20, maturity: 20 };

type Rule = { neuron: string; output: Output; points: (value: AnswerValue) => number };

const num = (value: AnswerValue) => (typeof value === 'number' ? value : 0);
const pick = (table: Record<string, number>) => (value: AnswerValue) => table[String(value)] ?? 0;
const capped =
  (perUnit: number, cap: number, from = 0) =>
  (value: AnswerValue) =>
    perUnit * Math.min(cap, Math.max(0, num(value) - from));

export const PRIOR_RULES: readonly Rule[] = [
  // Qualification K: education and languages.
  { neuron: 'С_ВУЗ', output: 'competencies', points: pick({ Неоконченное: 8, Бакалавр: 15, Специалист: 20, Магистр: 22 }) },
  { neuron: 'С_Степень', output: 'competencies', points: pick({ Кандидат: 10, Доктор: 15 }) },
  { neuron: 'С_Колледж', output: 'competencies', points: pick({ Не_окончил: 2, Окончил: 6 }) },
  { neuron: 'С_Курсы', output: 'competencies', points: pick({ 1: 4, 3: 8, 6: 12 }) },
  { neuron: 'С_Языки', output: 'competencies', points: (value) => (Array.isArray(value) ? 5 * Math.min(3, Math.max(0, value.length - 1)) : 0) },
  { neuron: 'С_Переводчик', output: 'competencies', points: pick({ Да: 3 }) },
  {
    neuron: 'С_Школа_Типы',
    output: 'competencies',
    points: (value) => (Array.isArray(value) && value.some((item) => item === 'Гимназия' || item === 'Профильная') ? 4 : 0),
  },
  // Professionalism P: years and kind of experience.
  { neuron: 'С_Стаж', output: 'professionalism', points: capped(2, 25) },
  { neuron: 'С_Руков_Стаж', output: 'professionalism', points: capped(1.5, 10) },
  { neuron: 'С_Подчинённые', output: 'professionalism', points: pick({ 20: 3, 100: 6, 101: 8 }) },
  { neuron: 'С_Бизнес', output: 'professionalism', points: pick({ Пробовал: 3, Есть: 6 }) },
  { neuron: 'С_Курсы', output: 'professionalism', points: pick({ 3: 3, 6: 5 }) },
  // Maturity L: professional maturity, evidenced by what a person has done (years of work, leading people, the
  // responsibility of a business, moving for a new place), never by years lived, family or service.
  { neuron: 'С_Стаж', output: 'maturity', points: capped(1, 25) },
  { neuron: 'С_Руков_Стаж', output: 'maturity', points: capped(1.5, 10) },
  { neuron: 'С_Подчинённые', output: 'maturity', points: pick({ 20: 2, 100: 4, 101: 6 }) },
  { neuron: 'С_Бизнес', output: 'maturity', points: pick({ Пробовал: 2, Есть: 4 }) },
  { neuron: 'С_Переезд', output: 'maturity', points: pick({ 1: 2, 2: 3, 4: 4 }) },
];

/** Points each neuron added to each output. */
export type Contributions = Record<Output, Map<string, number>>;

/**
 * The prior's scores (each 0-100) and the points every answer added. Hidden questions add nothing; a 'no answer'
 * adds what the reference population's typical answer adds; protected answers are never read.
 */
export function priorScore(answers: readonly Answer[]): { scores: Scores; contributions: Contributions } {
  const byNeuron = new Map(imputeAnswers(answers).answers.map((answer) => [answer.neuron, answer.value]));
  const totals = { ...PRIOR_BASE };
  const contributions = Object.fromEntries(OUTPUTS.map((output) => [output, new Map<string, number>()])) as Contributions;
  for (const rule of PRIOR_RULES) {
    const value = byNeuron.get(rule.neuron);
    if (value === undefined) continue;
    const points = rule.points(value);
    if (points === 0) continue;
    totals[rule.output] += points;
    const map = contributions[rule.output];
    map.set(rule.neuron, (map.get(rule.neuron) ?? 0) + points);
  }
  return {
    scores: { competencies: clampScore(totals.competencies), professionalism: clampScore(totals.professionalism), maturity: clampScore(totals.maturity) },
    contributions,
  };
}
