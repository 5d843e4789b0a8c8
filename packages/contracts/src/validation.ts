import { z } from 'zod';
import type { Locale } from './locale-core.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import {
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  PHONE_PATTERN,
  POSITION_PATTERN,
  validationMessage,
  validationMessages,
  type ValidationKey,
} from './validation-core.ts';

export * from './validation-core.ts';

const requiredString = () => z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true });

export const NameSchema = requiredString().max(NAME_MAX_LENGTH, { error: 'maxLength' }).regex(NAME_PATTERN, { error: 'name' });

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

/** At least 8 characters after trimming, at most 128; no composition rules (OWASP ASVS). */
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

/** A change request must change something: an empty object is refused as a whole (no field named). */
export function nonEmptyUpdate<T extends z.ZodObject>(schema: T): T {
  return schema.refine((value) => Object.values(value).some((field) => field !== undefined), { error: 'emptyUpdate' });
}

/**
 * Free-text fields whose values may span lines: a string under one of these keys may hold line feeds and tabs.
 * Every other string is a single line and holds no control character at all.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['information', 'content', 'message', 'note', 'text', 'hint', 'description']);

// C0 controls and DEL. NUL cannot be stored in PostgreSQL text, the others break logs, mail headers and CSV exports.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const MAX_DEPTH = 64;

function controlIssue(path: PropertyKey[]): z.core.$ZodIssue {
  return { code: 'custom', message: 'controlCharacter', path, input: undefined } as z.core.$ZodIssue;
}

/**
 * The first control character in a request's input (body, query or path parameters), as a field issue, or null.
 * Object keys are checked too; a string is multi-line when any key on its path is in `MULTILINE_FIELDS`.
 */
export function controlCharacterIssue(value: unknown, path: PropertyKey[] = [], multiline = false): z.core.$ZodIssue | null {
  if (typeof value === 'string') return (multiline ? MULTILINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value) ? controlIssue(path) : null;
  if (typeof value !== 'object' || value === null || path.length > MAX_DEPTH) return null;
  const entries: [PropertyKey, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && SINGLE_LINE_FORBIDDEN.test(key)) return controlIssue(path);
    const issue = controlCharacterIssue(item, [...path, key], multiline || (typeof key === 'string' && MULTILINE_FIELDS.has(key)));
    if (issue) return issue;
  }
  return null;
}

/** Validates one part of a request with its contract schema, after refusing control characters anywhere in it. */
export function parseInput<T extends z.ZodType>(schema: T, data: unknown): z.ZodSafeParseResult<z.output<T>> {
  const issue = controlCharacterIssue(data);
  if (issue) return { success: false, error: new z.ZodError([issue]) } as z.ZodSafeParseResult<z.output<T>>;
  return schema.safeParse(data);
}

/**
 * Messages of checks only request parsing makes (control characters, an empty change): kept here, beside the zod
 * schemas, so the public pages' first load (validation-core.ts) does not carry them.
 */
const requestMessages = {
  controlCharacter: { en: 'Control characters are not allowed', ru: 'Управляющие символы недопустимы' },
  emptyUpdate: { en: 'Nothing to change: send at least one field', ru: 'Нечего менять: передайте хотя бы одно поле' },
} as const;

/** Every message key a field error can carry. */
export type IssueKey = ValidationKey | keyof typeof requestMessages;

export type FieldError = { field: string; key: IssueKey; message: string };

const knownKeys = new Set<string>([...Object.keys(validationMessages), ...Object.keys(requestMessages)]);

const issueMessage = (key: IssueKey, locale: Locale, params: Record<string, string | number>): string =>
  key in requestMessages ? requestMessages[key as keyof typeof requestMessages][locale] : validationMessage(key as ValidationKey, locale, params);

/** Turns a zod issue into the field, message key and localised text that the user sees. */
export function describeIssue(issue: z.core.$ZodIssue, locale: Locale): FieldError {
  const field = issue.path.map(String).join('.');
  const params: Record<string, string | number> = {};
  let key: IssueKey = 'invalid';
  if (knownKeys.has(issue.message)) {
    key = issue.message as IssueKey;
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
  return { field, key, message: issueMessage(key, locale, params) };
}
