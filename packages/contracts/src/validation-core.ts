/**
 * The zod-free part of the section 5 field rules: messages, patterns and the name check, for the public pages'
 * first load (`validation.ts` re-exports everything here beside the zod schemas, which give the same answers).
 */
import { interpolate, type Locale } from './locale-core.ts';

/** Field messages of spec section 5, in both languages. Zod issues carry these keys as their message. */
export const validationMessages = {
  required: { en: 'Mandatory field', ru: 'Обязательное поле' },
  minLength: { en: 'Minimum number of characters {length}', ru: 'Минимальное количество символов {length}' },
  maxLength: { en: 'Maximum number of characters {length}', ru: 'Максимальное количество символов {length}' },
  name: { en: 'Only Cyrillic and Latin', ru: 'Только кириллица и латиница' },
  email: { en: 'Invalid email', ru: 'Некорректный email' },
  phone: { en: 'Invalid phone number', ru: 'Некорректный номер телефона' },
  position: { en: 'Only letters and digits', ru: 'Только буквы и цифры' },
  repeatPassword: { en: 'Invalid password', ru: 'Пароли не совпадают' },
  deleteWord: { en: 'Type the word Delete to confirm', ru: 'Введите слово Удалить для подтверждения' },
  consent: { en: 'Consent is required', ru: 'Необходимо согласие' },
  invalid: { en: 'Invalid value', ru: 'Некорректное значение' },
  cardNumber: { en: 'Invalid card number', ru: 'Неверный номер карты' },
  // Plausibility of answers to each other (questionnaire-plausibility.ts); {limit} is the largest plausible value.
  experienceOverAge: {
    en: 'Work experience cannot exceed age minus 14 years: at most {limit}',
    ru: 'Стаж не может превышать возраст минус 14 лет: не больше {limit}',
  },
  managementOverExperience: {
    en: 'Managerial years cannot exceed the total work experience: at most {limit}',
    ru: 'Руководящий стаж не может превышать общий стаж: не больше {limit}',
  },
  businessOverAge: {
    en: 'Years in business cannot exceed age minus 14 years: at most {limit}',
    ru: 'Годы в бизнесе не могут превышать возраст минус 14 лет: не больше {limit}',
  },
  childOlderThanParent: {
    en: 'A child is at least 14 years younger than the parent: at most {limit}',
    ru: 'Ребёнок младше родителя хотя бы на 14 лет: не больше {limit}',
  },
  togetherOverAge: {
    en: 'Years together cannot exceed the age of either partner: at most {limit}',
    ru: 'Годы вместе не могут превышать возраст партнёров: не больше {limit}',
  },
  scoreRange: { en: 'Enter a score from 0 to 100', ru: 'Введите оценку от 0 до 100' },
} as const;

export type ValidationKey = keyof typeof validationMessages;

export function validationMessage(key: ValidationKey, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(validationMessages[key][locale], params);
}

/**
 * One letter of the Latin or Cyrillic script (é, ß, ø, ł, ї, ң…) with any combining marks after it (a decomposed
 * é is e + U+0301). Other scripts, digits and symbols are not letters of a name.
 */
const NAME_LETTER = String.raw`(?:(?=\p{L})[\p{Script=Latin}\p{Script=Cyrillic}]\p{M}*)`;
/** Letters with apostrophe, hyphen or single spaces inside, never at the ends. */
export const NAME_PATTERN = new RegExp(String.raw`^${NAME_LETTER}+(?:[ '’\-]${NAME_LETTER}+)*$`, 'u');
const LETTER = 'A-Za-zА-Яа-яЁё';
/** Standard address; Cyrillic letters are refused anywhere in it. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
/** Optional plus, then digits, parentheses, dashes, spaces and dots; at least 5 digits. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
/** Letters, digits, hyphen, dot and space; first and last characters alphanumeric. */
export const POSITION_PATTERN = new RegExp(`^[${LETTER}0-9](?:[${LETTER}0-9 .\\-]*[${LETTER}0-9])?$`);

/** Longest first or last name. */
export const NAME_MAX_LENGTH = 100;

/**
 * What `NameSchema` says of a name, without zod: the message key and its parameters, or null when the name is
 * fine (the value is trimmed first, as the schema does).
 */
export function nameProblem(value: string): { key: ValidationKey; params?: Record<string, number> } | null {
  const trimmed = value.trim();
  if (trimmed === '') return { key: 'required' };
  if (trimmed.length > NAME_MAX_LENGTH) return { key: 'maxLength', params: { length: NAME_MAX_LENGTH } };
  return NAME_PATTERN.test(trimmed) ? null : { key: 'name' };
}
