import { describe, expect, it } from 'vitest';
import { LocaleSchema, interpolate, isLocale, localeFromAcceptLanguage } from './locale.ts';
import { errorCatalogue, errorMessage } from './errors.ts';

describe('localeFromAcceptLanguage', () => {
  it('defaults to Russian', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('ru');
    expect(localeFromAcceptLanguage('de-DE,fr;q=0.8')).toBe('ru');
  });
  it('honours quality values', () => {
    expect(localeFromAcceptLanguage('ru;q=0.4,en-GB;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('en-US')).toBe('en');
  });
});

describe('error catalogue', () => {
  it('has a text in both languages for every code', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.en.length, code).toBeGreaterThan(0);
      expect(entry.ru.length, code).toBeGreaterThan(0);
    }
  });
  it("keeps the spec's wording of section 8", () => {
    expect(errorMessage('invalid_credentials', 'en')).toBe("Please check the data you've entered and try again");
    expect(errorMessage('email_in_use', 'en')).toBe('Email address already in use. Please log in');
    expect(errorMessage('link_expired', 'en')).toBe('The link has expired');
    expect(errorMessage('payment_failed', 'ru')).toBe('Платеж не прошел');
    expect(errorMessage('team_limit_reached', 'ru')).toBe('Достигнуто максимальное количество команд в подписке');
  });
  it('interpolates named parameters and leaves unknown ones', () => {
    expect(interpolate('at least {n} of {m}', { n: 2 })).toBe('at least 2 of {m}');
  });
});

describe('isLocale', () => {
  it('accepts exactly what LocaleSchema accepts', () => {
    for (const value of ['ru', 'en', 'de', 'RU', '', null, undefined, 1, {}]) expect(isLocale(value)).toBe(LocaleSchema.safeParse(value).success);
  });
});
