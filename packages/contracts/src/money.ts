import type { Locale } from './locale-core.ts';

/** The Intl locale of each interface language, for the formats the server and the web share. */
const INTL: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };

/**
 * An amount in minor units (kopecks, cents) as money in the reader's language: '1 490 ₽', '299 ₽', '$19.99';
 * kopecks and cents only when there are any. The one money format: screens, receipts and mail use it.
 */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const whole = minor % 100 === 0;
  return new Intl.NumberFormat(INTL[locale], {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(minor / 100);
}

/** A calendar date in the reader's language, in UTC: '25 ноября 2026 г.' / 'November 25, 2026'. */
export function formatLongDate(value: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(value);
}
