import { describe, expect, it } from 'vitest';
import { COMPARE_INDICATOR_META, TEAM_INDICATOR_META } from '@teamcast/contracts';
import {
  findRawFloats,
  formatDate,
  formatIndicator,
  formatInterval,
  formatMoney,
  formatNumber,
  formatOrientation,
  formatPercent,
  formatProbability,
  localeOf,
} from './number.ts';

// Intl puts narrow no-break spaces (U+202F) or no-break spaces (U+00A0) where Russian groups digits and before ₽ or %.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('number formatters', () => {
  it('give fixed decimals with the locale separator: ru comma, en point', () => {
    expect(formatNumber(208.9, 'ru')).toBe('208,9');
    expect(formatNumber(57.5, 'ru')).toBe('57,5');
    expect(formatNumber(57, 'ru')).toBe('57,0');
    expect(formatNumber(208.9, 'en')).toBe('208.9');
    expect(formatNumber(39.83585491055658, 'en')).toBe('39.8');
    expect(plain(formatNumber(12345.678, 'ru', 2))).toBe('12 345,68');
    expect(formatNumber(12345.678, 'en', 2)).toBe('12,345.68');
    expect(formatNumber(null, 'ru')).toBe('—');
    expect(formatNumber(Number.NaN, 'en')).toBe('—');
  });

  it('percent the locale way', () => {
    expect(plain(formatPercent(17.5, 'ru'))).toBe('17,5 %');
    expect(formatPercent(17.5, 'en')).toBe('17.5%');
    expect(plain(formatProbability(0.734, 'ru'))).toBe('73 %');
    expect(formatProbability(0.734, 'en')).toBe('73%');
  });

  it('formats every indicator with its catalogue decimals and unit', () => {
    expect(plain(formatIndicator(TEAM_INDICATOR_META.teamingEffect, 17.456, 'ru'))).toBe('+17,5 %');
    expect(formatIndicator(TEAM_INDICATOR_META.teamingEffect, -25, 'en')).toBe('-25.0%');
    expect(formatIndicator(TEAM_INDICATOR_META.cohesion, 67.4812, 'ru')).toBe('67,5');
    expect(formatIndicator(COMPARE_INDICATOR_META.participants, 4, 'en')).toBe('4');
    expect(plain(formatInterval({ p10: 12.34, p90: 45.67 }, TEAM_INDICATOR_META.cohesion, 'ru'))).toBe('12,3 – 45,7');
  });

  it('formats money per locale: whole amounts without decimals, kopecks and cents when there are any', () => {
    expect(plain(formatMoney(29900, 'RUB', 'ru'))).toBe('299 ₽');
    expect(plain(formatMoney(149000, 'RUB', 'ru'))).toBe('1 490 ₽');
    expect(plain(formatMoney(149050, 'RUB', 'ru'))).toBe('1 490,50 ₽');
    expect(formatMoney(1999, 'USD', 'en')).toBe('$19.99');
    expect(formatMoney(1900, 'USD', 'en')).toBe('$19');
  });

  it('formats dates per locale', () => {
    expect(formatDate('2026-11-25', 'ru')).toBe('25 ноября 2026 г.');
    expect(formatDate('2026-11-25', 'en')).toBe('November 25, 2026');
    expect(formatDate('2026-11-25', 'ru', 'short')).toBe('25.11.2026');
    expect(formatDate('2026-11-25', 'en', 'short')).toBe('11/25/26');
  });

  it('translates orientations', () => {
    expect(formatOrientation('ПЛК', 'en')).toBe('PLK');
    expect(formatOrientation('ПЛК', 'ru')).toBe('ПЛК');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('ru')).toBe('ru');
  });

  it('finds raw floats in a text, and none in formatted numbers', () => {
    expect(findRawFloats('Квалификация 39.83585491055658 из 100')).toEqual(['39.83585491055658']);
    expect(findRawFloats('12,3456')).toEqual(['12,3456']);
    expect(
      findRawFloats(`${formatNumber(39.83585491055658, 'ru')} · ${formatMoney(149000, 'RUB', 'ru')} · 2026-11-25 · ${formatNumber(12345.6, 'en')}`),
    ).toEqual([]);
  });
});
