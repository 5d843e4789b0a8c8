import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, initI18n, startingLocale } from './i18n.ts';

const at = (search: string, host = 'localhost:3000') => ({ search, host });

describe('startingLocale: the language a page opens in', () => {
  initI18n('ru');
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("follows the browser's languages among ru and en, else Russian", () => {
    expect(startingLocale(at(''), ['ru-RU', 'en-US'])).toBe('ru');
    expect(startingLocale(at(''), ['en-US', 'ru'])).toBe('en');
    expect(startingLocale(at(''), ['de-DE'])).toBe('ru');
  });

  it("puts the host's language before the browser's", () => {
    expect(startingLocale(at('', 'teamcast.ru'), ['en-US'])).toBe('ru');
    expect(startingLocale(at('', 'teamcast.com'), ['ru-RU'])).toBe('en');
  });

  it('opens a mailed link in its language for the rest of the visit, until the person chooses', async () => {
    expect(startingLocale(at('?token=t&ln=en'), ['ru-RU'])).toBe('en');
    expect(startingLocale(at(''), ['ru-RU'])).toBe('en');
    await changeLocale('ru');
    expect(startingLocale(at(''), ['en-US'])).toBe('ru');
  });

  it('keeps a choice made on this device over the host and the browser', async () => {
    await changeLocale('en');
    expect(startingLocale(at('', 'teamcast.ru'), ['ru-RU'])).toBe('en');
  });
});
