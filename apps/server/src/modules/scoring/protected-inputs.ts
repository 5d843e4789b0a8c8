import { GENDER_NEURON } from '@teamcast/contracts';

/**
 * Answers that carry age, sex or family status, directly or by proxy. No work output reads them: not the scores K,
 * P, L, not the grade, not a work forecast (docs/scoring-model.md, "Protected inputs"). Love and friendship forecasts
 * may read age and family stability, which the engine person of those kinds carries (engine-person.ts).
 */
export const PROTECTED_NEURONS: ReadonlySet<string> = new Set([
  // Sex.
  GENDER_NEURON,
  // Age, and a question asked only of people under 25 (whether it was asked at all reveals the age).
  'С_Возр',
  'С_Учёба_Сейчас',
  // Uniformed service: conscription makes it a proxy of sex (men serve far more often).
  'С_Служба',
  // Family status: living with a partner, the partner, children.
  'С_Проживание',
  'С_Партнёр_Стаж',
  'С_Партнёр_Возр',
  'С_Дети',
  'С_Дети_Возр',
  // Family background: not evidence of work, and parents' deaths and a loss grow with age.
  'С_Мать',
  'С_Отец',
  'С_Сиблинги',
  'С_Сиблинг_Порядок',
  'С_Утрата',
]);

export const isProtectedNeuron = (neuron: string): boolean => PROTECTED_NEURONS.has(neuron);
