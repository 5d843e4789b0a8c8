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

describe('the name rule: every letter of the Latin and Cyrillic scripts', () => {
  const isScriptLetter = (char: string) => /^(?=\p{L})[\p{Script=Latin}\p{Script=Cyrillic}]$/u.test(char);
  const codePoint = (from: number, to: number) => fc.integer({ min: from, max: to }).map((code) => String.fromCodePoint(code));
  // Basic Latin to Latin Extended-B, IPA, Latin Extended Additional, Cyrillic and its supplement.
  const letter = fc.oneof(codePoint(0x41, 0x24f), codePoint(0x1e00, 0x1eff), codePoint(0x400, 0x52f)).filter(isScriptLetter);
  const mark = codePoint(0x300, 0x36f);
  const withMarks = fc.tuple(letter, fc.array(mark, { maxLength: 2 })).map(([base, marks]) => base + marks.join(''));
  const word = fc.array(withMarks, { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''));
  const separator = fc.constantFrom(' ', "'", '’', '-');
  const name = fc
    .tuple(word, fc.array(fc.tuple(separator, word), { maxLength: 3 }))
    .map(([first, rest]) => first + rest.map(([sep, part]) => sep + part).join(''));
  const allowed = (char: string) => isScriptLetter(char) || /^[\p{M} '’-]$/u.test(char) || /^\s$/u.test(char);
  const foreign = fc
    .integer({ min: 0x20, max: 0x2ffff })
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => String.fromCodePoint(code))
    .filter((char) => !allowed(char));

  it('accepts names common in Latin and Cyrillic scripts, composed or decomposed', () => {
    for (const value of ['José', 'Zoë', 'Łukasz', 'Øyvind', 'Straße', 'Çağlar', 'Nguyễn', 'Jose\u0301', 'Їжак', 'Ұлан', "D'Artagnan", 'Мария-Хосе']) {
      expect(NameSchema.safeParse(value).success, value).toBe(true);
      expect(nameProblem(value), value).toBeNull();
    }
  });

  it('accepts any name of script letters with marks and single inner separators', () => {
    fc.assert(
      fc.property(name, (value) => value.length > 100 || (NameSchema.safeParse(value).success && nameProblem(value) === null)),
      { numRuns: 1000 },
    );
  });

  it('refuses a name with any character of another script, a digit or a symbol inside', () => {
    fc.assert(
      fc.property(name, foreign, fc.nat(), (value, char, at) => {
        const position = 1 + (at % value.length);
        const spoiled = value.slice(0, position) + char + value.slice(position);
        return nameProblem(spoiled)?.key === 'name' || spoiled.trim().length > 100;
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a separator at either end or two in a row', () => {
    fc.assert(
      fc.property(name, separator, separator, (value, sep, other) => {
        const refused = (text: string) => nameProblem(text) !== null;
        return (sep === ' ' || refused(sep + value)) && (sep === ' ' || refused(value + sep)) && refused(`${value}${sep}${other}${value}`);
      }),
      { numRuns: 500 },
    );
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
    const letters = fc.constantFrom(..."AaZzЯяЁё -'’1_ \t".split(''));
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.array(letters, { maxLength: 110 }).map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(text, fc.constantFrom('ru' as const, 'en' as const), (value, locale) => viaCore(value, locale) === viaSchema(value, locale)),
      { numRuns: 2000 },
    );
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
