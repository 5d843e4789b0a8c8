import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DeleteConfirmationSchema,
  EmailSchema,
  NameSchema,
  OptionalEmailSchema,
  OptionalPhoneSchema,
  PasswordPairSchema,
  PasswordSchema,
  PositionSchema,
  controlCharacterIssue,
  describeIssue,
  nameProblem,
  parseInput,
  validationMessage,
} from './validation.ts';
import type { Locale } from './locale.ts';

function messages(schema: z.ZodType, value: unknown, locale: Locale): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => describeIssue(issue, locale).message);
}

describe('section 5 messages', () => {
  const cases: Array<[string, z.ZodType, unknown, string, string]> = [
    ['required (empty)', NameSchema, '   ', 'Mandatory field', 'Обязательное поле'],
    ['required (missing)', NameSchema, undefined, 'Mandatory field', 'Обязательное поле'],
    ['name with digits', NameSchema, 'Anna2', 'Only Cyrillic and Latin', 'Только кириллица и латиница'],
    ['name with a trailing hyphen', NameSchema, 'Anna-', 'Only Cyrillic and Latin', 'Только кириллица и латиница'],
    ['email without domain', EmailSchema, 'anna@', 'Invalid email', 'Некорректный email'],
    ['email with a Cyrillic letter', EmailSchema, 'аnna@example.com', 'Invalid email', 'Некорректный email'],
    ['phone with letters', OptionalPhoneSchema, '+7 (900) abc', 'Invalid phone number', 'Некорректный номер телефона'],
    ['position starting with a dot', PositionSchema, '.Lead', 'Only letters and digits', 'Только буквы и цифры'],
    ['short password', PasswordSchema, '  abcdefg   ', 'Minimum number of characters 8', 'Минимальное количество символов 8'],
    ['delete word', DeleteConfirmationSchema, 'remove', 'Type the word Delete to confirm', 'Введите слово Удалить для подтверждения'],
  ];
  for (const [label, schema, value, en, ru] of cases) {
    it(`${label}: '${en}' / '${ru}'`, () => {
      expect(messages(schema, value, 'en')).toEqual([en]);
      expect(messages(schema, value, 'ru')).toEqual([ru]);
    });
  }

  it('repeat password that differs names the repeat field', () => {
    const parsed = PasswordPairSchema.safeParse({ password: 'secret-one', repeatPassword: 'secret-two' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(describeIssue(issue, 'en')).toEqual({ field: 'repeatPassword', key: 'repeatPassword', message: 'Invalid password' });
    expect(describeIssue(issue, 'ru').message).toBe('Пароли не совпадают');
  });
});

describe('section 5 acceptance', () => {
  it('accepts names with apostrophe, hyphen and space inside, in both alphabets', () => {
    for (const name of ["O'Brien", 'Анна-Мария', 'Jean Luc', 'Ёлкин']) expect(NameSchema.safeParse(name).success).toBe(true);
  });
  it('treats an empty optional email as absent and lower-cases a given one', () => {
    expect(OptionalEmailSchema.parse('')).toBeUndefined();
    expect(OptionalEmailSchema.parse('Anna@Example.COM')).toBe('anna@example.com');
  });
  it('accepts phone numbers with plus, parentheses, dashes, dots and spaces', () => {
    expect(OptionalPhoneSchema.parse('+7 (900) 123-45.67')).toBe('+7 (900) 123-45.67');
    expect(OptionalPhoneSchema.parse('')).toBeUndefined();
  });
  it('accepts positions with inner dots and hyphens', () => {
    expect(PositionSchema.safeParse('Sr. Back-end dev 2').success).toBe(true);
  });
  it('accepts a password of 8 characters after trimming and both delete words', () => {
    expect(PasswordSchema.safeParse(' abcdefgh ').success).toBe(true);
    expect(PasswordSchema.safeParse(' abcdefg ').success).toBe(false);
    expect(DeleteConfirmationSchema.safeParse('Удалить').success).toBe(true);
    expect(DeleteConfirmationSchema.safeParse('Delete').success).toBe(true);
  });
});

describe('nameProblem (the zod-free name check of the public questionnaire)', () => {
  const viaSchema = (value: string, locale: Locale) => messages(NameSchema, value, locale)[0] ?? null;
  const viaCore = (value: string, locale: Locale) => {
    const problem = nameProblem(value);
    return problem ? validationMessage(problem.key, locale, problem.params) : null;
  };

  it('gives the same message as NameSchema for chosen names', () => {
    for (const value of ['', '   ', 'Анна', 'Anne-Marie', "O'Neil", 'Ann  Lee', '-Ann', 'Анна2', 'Ё'.repeat(100), 'Ё'.repeat(101), ` ${'a'.repeat(100)} `]) {
      for (const locale of ['ru', 'en'] as const) expect(viaCore(value, locale), JSON.stringify(value)).toBe(viaSchema(value, locale));
    }
  });

  it('gives the same message as NameSchema for any text', () => {
    const letters = fc.constantFrom(...'AaZzЯяЁё -\'’1_ \t'.split(''));
    const text = fc.oneof(fc.string({ maxLength: 120 }), fc.array(letters, { maxLength: 110 }).map((chars) => chars.join('')));
    fc.assert(fc.property(text, fc.constantFrom('ru' as const, 'en' as const), (value, locale) => viaCore(value, locale) === viaSchema(value, locale)), { numRuns: 2000 });
  });
});

describe('control characters', () => {
  const field = (data: unknown) => controlCharacterIssue(data)?.path.join('.');

  it('refuses NUL and every other C0 character and DEL in a single-line field, line feeds and tabs included', () => {
    for (let code = 0; code < 32; code += 1) expect(field({ companyName: `a${String.fromCharCode(code)}b` }), `U+${code}`).toBe('companyName');
    expect(field({ companyName: 'a\u007fb' })).toBe('companyName');
    expect(field({ companyName: 'Acme — ООО «Ромашка» 😀' })).toBeUndefined();
  });

  it('allows line feeds and tabs in multi-line texts, nothing else', () => {
    expect(field({ information: 'line one\n\tline two' })).toBeUndefined();
    expect(field({ questions: [{ text: { ru: 'строка\nещё' } }] })).toBeUndefined();
    expect(field({ information: 'a\u0000b' })).toBe('information');
    expect(field({ note: 'a\rb' })).toBe('note');
  });

  it('finds a control character deep in arrays and in object keys, and names the path', () => {
    expect(field({ actors: [{ name: 'ok' }, { name: 'x\u0001' }] })).toBe('actors.1.name');
    expect(controlCharacterIssue({ ['bad\u0000key']: 1 })).not.toBeNull();
  });

  it('parseInput answers the control character before the schema, with the message in both languages', () => {
    const parsed = parseInput(z.object({ email: z.string() }), { email: 'a\u0000@b.c' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(describeIssue(issue, 'en')).toEqual({ field: 'email', key: 'controlCharacter', message: 'Control characters are not allowed' });
    expect(describeIssue(issue, 'ru').message).toBe('Управляющие символы недопустимы');
  });
});
