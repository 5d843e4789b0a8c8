import { describe, expect, it } from 'vitest';
import { chooseLocale, hostLocale } from './locale-rules.ts';

describe('locale rules (spec section 6)', () => {
  it('gives estimators and administrators Russian unless they chose', () => {
    expect(chooseLocale({ role: 'estimator', host: 'teamcast.com', stored: undefined })).toBe('ru');
    expect(chooseLocale({ role: 'administrator', host: 'teamcast.com', stored: undefined })).toBe('ru');
    expect(chooseLocale({ role: 'estimator', host: 'teamcast.com', stored: 'en' })).toBe('en');
  });

  it('makes owners follow the host, else the stored choice, else English', () => {
    expect(chooseLocale({ role: 'owner', host: 'teamcast.ru', stored: 'en' })).toBe('ru');
    expect(chooseLocale({ role: 'owner', host: 'teamcast.com', stored: 'ru' })).toBe('en');
    expect(chooseLocale({ role: 'owner', host: 'localhost:3000', stored: 'ru' })).toBe('ru');
    expect(chooseLocale({ role: 'owner', host: 'localhost:3000', stored: undefined })).toBe('en');
  });

  it('shows public pages in Russian by default', () => {
    expect(chooseLocale({ role: null, host: 'localhost:3000', stored: undefined })).toBe('ru');
    expect(chooseLocale({ role: null, host: 'teamcast.com', stored: undefined })).toBe('en');
  });

  it('reads the language of a host from its top-level domain', () => {
    expect(hostLocale('love.teamcast.ru:443')).toBe('ru');
    expect(hostLocale('xn--80a.xn--p1ai')).toBe('ru');
    expect(hostLocale('localhost')).toBeUndefined();
    expect(hostLocale('teamcast.de')).toBeUndefined();
  });
});
