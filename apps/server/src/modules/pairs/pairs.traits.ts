import { toAnswerMap, type Answer, type AnswerValue } from '@teamcast/contracts';
import type { Traits } from '@teamcast/engine';

const numberOf = (value: AnswerValue | undefined): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
const unit = (x: number): number => Math.min(1, Math.max(0, x));

/** Own business (С_Бизнес): never, tried and closed, runs one now. */
const BUSINESS: Record<string, number> = { Нет: 0, Пробовал: 0.5, Есть: 1 };

/**
 * The engine's traits from questionnaire answers (docs/forecast-model.md, section 1), each in [0, 1]. A trait whose
 * questions were not answered is left out, which the engine reads as neutral (0.5).
 * - managerialExperience: years in managerial positions (С_Руков_Стаж) / 10;
 * - workExperience: years of work (С_Стаж) / 20;
 * - entrepreneurship: С_Бизнес no 0, tried 0.5, runs one 1;
 * - relocation: moves (С_Переезд: 0, 1, 2-3 as 2, more as 4) / 3;
 * - familyStability: living with a partner (С_Проживание) counts 0.5 plus up to 0.3 for years together
 *   (С_Партнёр_Стаж / 10 × 0.3) and 0.2 with children (С_Дети > 0); living alone or with others 0.25, plus 0.2 with children.
 */
export function traitsFromAnswers(answers: readonly Answer[]): Partial<Traits> {
  const map = toAnswerMap(answers);
  const traits: Partial<Traits> = {};
  const managerial = numberOf(map.get('С_Руков_Стаж'));
  const work = numberOf(map.get('С_Стаж'));
  const moves = numberOf(map.get('С_Переезд'));
  const business = map.get('С_Бизнес');
  const living = map.get('С_Проживание');
  const children = numberOf(map.get('С_Дети'));
  if (managerial !== undefined) traits.managerialExperience = unit(managerial / 10);
  if (work !== undefined) traits.workExperience = unit(work / 20);
  if (typeof business === 'string' && business in BUSINESS) traits.entrepreneurship = BUSINESS[business];
  if (moves !== undefined) traits.relocation = unit(moves / 3);
  if (typeof living === 'string' && ['Один', 'Партнёр', 'Родители', 'Друзья'].includes(living)) {
    const years = numberOf(map.get('С_Партнёр_Стаж')) ?? 0;
    const base = living === 'Партнёр' ? 0.5 + 0.3 * unit(years / 10) : 0.25;
    traits.familyStability = unit(base + (children !== undefined && children > 0 ? 0.2 : 0));
  }
  return traits;
}
