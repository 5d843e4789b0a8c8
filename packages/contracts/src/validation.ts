import { z } from 'zod';
import { interpolate, type Locale } from './locale-core.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

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
} as const;

export type ValidationKey = keyof typeof validationMessages;

export function validationMessage(key: ValidationKey, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(validationMessages[key][locale], params);
}

const LETTER = 'A-Za-zА-Яа-яЁё';
/** Letters with apostrophe, hyphen or single spaces inside, never at the ends. */
export const NAME_PATTERN = new RegExp(`^[${LETTER}]+(?:[ '’\\-][${LETTER}]+)*$`);
/** Standard address; Cyrillic letters are refused anywhere in it. */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
/** Optional plus, then digits, parentheses, dashes, spaces and dots; at least 5 digits. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
/** Letters, digits, hyphen, dot and space; first and last characters alphanumeric. */
export const POSITION_PATTERN = new RegExp(`^[${LETTER}0-9](?:[${LETTER}0-9 .\\-]*[${LETTER}0-9])?$`);

const requiredString = () => z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true });

export const NameSchema = requiredString().max(100, { error: 'maxLength' }).regex(NAME_PATTERN, { error: 'name' });

export const EmailSchema = requiredString()
  .max(254, { error: 'maxLength' })
  .regex(EMAIL_PATTERN, { error: 'email' })
  .transform((value) => value.toLowerCase());

/** Empty input means 'not given' for optional fields. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const OptionalEmailSchema = z.preprocess(emptyToUndefined, EmailSchema.optional());

export const PhoneSchema = z
  .string()
  .trim()
  .max(32, { error: 'maxLength' })
  .regex(PHONE_PATTERN, { error: 'phone', abort: true })
  .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 5, { error: 'phone' });
export const OptionalPhoneSchema = z.preprocess(emptyToUndefined, PhoneSchema.optional());

export const PositionSchema = z.string().trim().max(100, { error: 'maxLength' }).regex(POSITION_PATTERN, { error: 'position' });
export const OptionalPositionSchema = z.preprocess(emptyToUndefined, PositionSchema.optional());

/** At least 6 characters after trimming, at most 128; no composition rules (OWASP ASVS). */
export const PasswordSchema = z
  .string({ error: 'required' })
  .refine((value) => value.trim().length >= PASSWORD_MIN_LENGTH, { error: 'minLength', params: { length: PASSWORD_MIN_LENGTH } })
  .refine((value) => value.length <= PASSWORD_MAX_LENGTH, { error: 'maxLength', params: { length: PASSWORD_MAX_LENGTH } });

/** A password typed twice; the repeat must match. */
export const PasswordPairSchema = z
  .object({ password: PasswordSchema, repeatPassword: z.string({ error: 'required' }) })
  .refine((value) => value.password === value.repeatPassword, { error: 'repeatPassword', path: ['repeatPassword'] });

/** The confirmation word for account deletion, accepted in either language. */
export const DELETE_WORDS = { en: 'Delete', ru: 'Удалить' } as const;
export const DeleteConfirmationSchema = z
  .string({ error: 'required' })
  .refine((value) => value.trim() === DELETE_WORDS.en || value.trim() === DELETE_WORDS.ru, { error: 'deleteWord' });

export const ConsentSchema = z.literal(true, { error: 'consent' });

export type FieldError = { field: string; key: ValidationKey; message: string };

const knownKeys = new Set<string>(Object.keys(validationMessages));

/** Turns a zod issue into the field, message key and localised text that the user sees. */
export function describeIssue(issue: z.core.$ZodIssue, locale: Locale): FieldError {
  const field = issue.path.map(String).join('.');
  const params: Record<string, string | number> = {};
  let key: ValidationKey = 'invalid';
  if (knownKeys.has(issue.message)) {
    key = issue.message as ValidationKey;
  } else if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) {
    key = 'required';
  } else if (issue.code === 'too_small' && issue.origin === 'string') {
    key = Number(issue.minimum) <= 1 ? 'required' : 'minLength';
  } else if (issue.code === 'too_big' && issue.origin === 'string') {
    key = 'maxLength';
  }
  if (issue.code === 'too_small') params.length = Number(issue.minimum);
  if (issue.code === 'too_big') params.length = Number(issue.maximum);
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  return { field, key, message: validationMessage(key, locale, params) };
}
