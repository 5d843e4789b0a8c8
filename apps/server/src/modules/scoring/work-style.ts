import type { Answer, AnswerValue } from '@teamcast/contracts';
import type { WorkStyle, WorkStyleName } from '@teamcast/engine';

/**
 * The work-style block of the work questionnaires (shipped-questionnaires.ts, step `workstyle`): each item's neuron
 * and the engine scale it feeds (docs/forecast-model.md, section 1.2). Answers run 1 (strongly disagree) … 5 (strongly
 * agree). These answers feed work forecasts only: they are no features of K, P, L (features.ts).
 */
export const WORK_STYLE_ITEMS: Readonly<Record<string, WorkStyleName>> = {
  С_Стиль_Помощь: 'cooperation',
  С_Стиль_Компромисс: 'cooperation',
  С_Стиль_Обещания: 'reliability',
  С_Стиль_План: 'planning',
  С_Стиль_Давление: 'steadiness',
  С_Стиль_Идеи: 'openness',
  С_Стиль_Несогласие: 'directness',
  С_Стиль_Самостоятельность: 'autonomy',
};

export const WORK_STYLE_NEURONS: ReadonlySet<string> = new Set(Object.keys(WORK_STYLE_ITEMS));
export const isWorkStyleNeuron = (neuron: string): boolean => WORK_STYLE_NEURONS.has(neuron);

const agreementOf = (value: AnswerValue | undefined): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : undefined;
};

/** A person's work style from his answers, and the share of the block he answered. */
export type WorkStyleAnswers = {
  /** Scales with at least one answered item: the mean of (answer − 1) / 4 over them. A scale with none is left out. */
  style: Partial<WorkStyle>;
  /** Share 0–1 of the block's items answered (0 for a profile answered before the block existed). */
  completeness: number;
};

/**
 * Reads the work-style block. A scale nobody answered is left out: the engine reads it as the reference population's
 * value (`kinds.work.style.centre`), and the lower completeness widens the forecast's band.
 */
export function workStyleOf(answers: readonly Answer[]): WorkStyleAnswers {
  const sums = new Map<WorkStyleName, { sum: number; n: number }>();
  let answered = 0;
  for (const answer of answers) {
    const scale = WORK_STYLE_ITEMS[answer.neuron];
    const value = scale ? agreementOf(answer.value) : undefined;
    if (!scale || value === undefined) continue;
    answered++;
    const entry = sums.get(scale) ?? { sum: 0, n: 0 };
    entry.sum += (value - 1) / 4;
    entry.n++;
    sums.set(scale, entry);
  }
  const style: Partial<WorkStyle> = {};
  for (const [scale, { sum, n }] of sums) style[scale] = sum / n;
  return { style, completeness: answered / WORK_STYLE_NEURONS.size };
}
