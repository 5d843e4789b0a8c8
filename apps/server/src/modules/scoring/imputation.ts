import { NO_ANSWER, type Answer, type AnswerValue } from '@teamcast/contracts';
import { isProtectedNeuron } from './protected-inputs.ts';
import { isWorkStyleNeuron } from './work-style.ts';

/**
 * The typical answer of the reference population for each work question that offers 'no answer' (`Нет_ответа`):
 * the most common answer (on a tie, the lower one), from the documented answer distributions of the reference and
 * demo populations (docs/scoring-model.md, "Missing answers"). A 'no answer' is scored as this answer, not as zero.
 */
export const TYPICAL_ANSWERS: Readonly<Record<string, AnswerValue>> = {
  С_Школа_Типы: ['Общеобразовательная'],
  С_Школа_Места: ['Крупный_город'],
  С_Школа_Причина: 'Переезд',
  С_Колледж: 'Нет',
  С_ВУЗ: 'Бакалавр',
  С_Степень: 'Нет',
  С_Курсы: 1,
};

const isNoAnswer = (value: AnswerValue): boolean =>
  value === NO_ANSWER || (Array.isArray(value) && value.length > 0 && value.every((item) => item === NO_ANSWER));

/** Answers as the scorers read them, with how complete they were. */
export type ImputedAnswers = {
  /**
   * The answers the scorers read (protected ones and the work-style block left out: neither is evidence of what a
   * person can do), each 'no answer' replaced by the typical answer.
   */
  answers: Answer[];
  /** Neurons whose 'no answer' was replaced. */
  imputed: string[];
  /**
   * Share (0-1) of the work questions the person was shown that carry a real answer; 1 when none was shown.
   * Questions hidden by the questionnaire's rules do not count: they did not apply.
   */
  completeness: number;
};

/**
 * Drops protected and work-style answers and replaces 'no answer' by the reference population's typical answer. The
 * work-style block's own completeness is counted where work forecasts read it (work-style.ts, engine-person.ts).
 */
export function imputeAnswers(answers: readonly Answer[]): ImputedAnswers {
  const out: Answer[] = [];
  const imputed: string[] = [];
  let shown = 0;
  let missing = 0;
  for (const answer of answers) {
    if (isProtectedNeuron(answer.neuron) || isWorkStyleNeuron(answer.neuron)) continue;
    shown++;
    if (!isNoAnswer(answer.value)) {
      out.push(answer);
      continue;
    }
    missing++;
    const typical = TYPICAL_ANSWERS[answer.neuron];
    if (typical !== undefined) {
      out.push({ ...answer, value: typical });
      imputed.push(answer.neuron);
    }
  }
  return { answers: out, imputed, completeness: shown === 0 ? 1 : (shown - missing) / shown };
}
