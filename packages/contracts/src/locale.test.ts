import { describe, expect, it } from 'vitest';
import { LocaleSchema, decideLocale, hostLocale, interpolate, isLocale, localeFromAcceptLanguage, type Locale, type LocaleFacts } from './locale.ts';
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

describe('decideLocale: the one language rule of server and web', () => {
  const ruBrowser = ['ru-RU', 'ru', 'en-US', 'en'];
  const enBrowser = ['en-US', 'en'];
  // [what is known, the language, why]
  const cases: Array<[LocaleFacts, Locale, string]> = [
    [{}, 'ru', 'nothing known: Russian'],
    [{ host: 'localhost:3000' }, 'ru', 'localhost implies no language'],
    [{ host: 'localhost:3000', accepted: ruBrowser }, 'ru', 'a ru-RU browser on localhost'],
    [{ host: 'localhost:3000', accepted: enBrowser }, 'en', 'an en-US browser on localhost'],
    [{ host: 'localhost:3000', accepted: 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7' }, 'ru', 'a ru-RU Accept-Language header'],
    [{ host: 'localhost:3000', accepted: 'de-DE,en;q=0.5' }, 'en', 'the first of ru and en among the accepted'],
    [{ host: 'localhost:3000', accepted: ['de-DE', 'fr'] }, 'ru', 'a browser with neither: Russian'],
    [{ host: 'teamcast.com', accepted: ruBrowser }, 'en', 'an English host wins over the browser'],
    [{ host: 'teamcast.ru', accepted: enBrowser }, 'ru', 'a Russian host wins over the browser'],
    [{ host: 'teamcast.de', accepted: enBrowser }, 'en', 'a host of neither language leaves it to the browser'],
    [{ device: 'en', host: 'teamcast.ru', accepted: ruBrowser }, 'en', "this device's choice wins over the host"],
    [{ account: 'en', host: 'teamcast.ru', accepted: ruBrowser }, 'en', "the account's choice wins over the host"],
    [{ device: 'ru', account: 'en', accepted: enBrowser }, 'ru', "this device's choice before the account's"],
    [{ link: 'ru', device: 'en', host: 'teamcast.com', accepted: enBrowser }, 'ru', 'a mailed link opens in the language of its mail'],
    [{ link: 'en', accepted: ruBrowser }, 'en', 'a mailed English link in a Russian browser'],
    [{ link: 'de', device: 'xx', account: null, accepted: enBrowser }, 'en', 'unknown or broken values are ignored'],
    [{ device: 'EN', accepted: ruBrowser }, 'ru', 'a choice is one of the exact codes'],
  ];
  it.each(cases)('%j gives %s (%s)', (facts, expected) => {
    expect(decideLocale(facts)).toBe(expected);
  });

  it('reads the language of a host from its top-level domain', () => {
    expect(hostLocale('love.teamcast.ru:443')).toBe('ru');
    expect(hostLocale('xn--80a.xn--p1ai')).toBe('ru');
    expect(hostLocale('teamcast.com.')).toBe('en');
    expect(hostLocale('localhost')).toBeUndefined();
    expect(hostLocale('127.0.0.1:3000')).toBeUndefined();
    expect(hostLocale('[::1]:3000')).toBeUndefined();
    expect(hostLocale('teamcast.de')).toBeUndefined();
    expect(hostLocale(undefined)).toBeUndefined();
  });
});
