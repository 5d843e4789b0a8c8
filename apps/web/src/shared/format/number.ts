import { orientationText, type IndicatorMeta, type Locale } from '@teamcast/contracts';

/**
 * Every number a screen shows goes through these helpers (Intl.NumberFormat / Intl.DateTimeFormat in the reader's
 * language): fixed decimals, the locale's separators and minus sign, currency by locale. A raw float never reaches a
 * screen; `findRawFloats` lets render tests prove it.
 */

const INTL: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };

/** The interface language of an i18next language tag ('en-GB' → 'en'); Russian otherwise. */
export const localeOf = (language: string): Locale => (language.startsWith('en') ? 'en' : 'ru');

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL[locale], options);
    cache.set(key, format);
  }
  return format;
}

/** A number with exactly `decimals` decimals: 208,9 (ru) / 208.9 (en); '—' for null, NaN or infinity. */
export function formatNumber(value: number | null | undefined, locale: Locale, decimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** A value already in percent (17.5 means 17.5 %): 17,5 % (ru) / 17.5% (en). */
export function formatPercent(value: number | null | undefined, locale: Locale, decimals = 1, signed = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(value / 100);
}

/** A probability 0-1 as a whole percent: 73 % / 73%. */
export const formatProbability = (value: number | null | undefined, locale: Locale) =>
  formatPercent(value === null || value === undefined ? value : value * 100, locale, 0);

/** An indicator's value with its catalogue decimals and unit (percent indicators carry their sign). */
export function formatIndicator(meta: Pick<IndicatorMeta, 'unit' | 'decimals'>, value: number | null | undefined, locale: Locale): string {
  if (meta.unit === 'percent') return formatPercent(value, locale, meta.decimals, meta.decimals > 0);
  return formatNumber(value, locale, meta.decimals);
}

/** A 10th-90th percentile band: '12,3–45,6' (the en dash joins, a minus sign stays a minus). */
export function formatInterval(band: { p10: number; p90: number }, meta: Pick<IndicatorMeta, 'unit' | 'decimals'>, locale: Locale): string {
  const one = (v: number) => (meta.unit === 'percent' ? formatPercent(v, locale, meta.decimals) : formatNumber(v, locale, meta.decimals));
  return `${one(band.p10)} – ${one(band.p90)}`;
}

/** Money in the reader's language: one format for screens and receipts, kept in contracts. */
export { formatMoney } from '@teamcast/contracts';

/** A date: '25 ноября 2026 г.' / 'November 25, 2026' (long) or '25.11.2026' / '11/25/2026' (short). */
export function formatDate(value: string | Date, locale: Locale, style: 'long' | 'short' = 'long'): string {
  const date = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  const options: Intl.DateTimeFormatOptions = style === 'long' ? { day: 'numeric', month: 'long', year: 'numeric' } : { dateStyle: 'short' };
  return new Intl.DateTimeFormat(INTL[locale], {
    ...options,
    ...(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** A date and time in the reader's language. */
export const formatDateTime = (value: string | Date, locale: Locale) =>
  new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(typeof value === 'string' ? new Date(value) : value);

/** An orientation ('КПЛ' as stored) in the reader's letters: 'PLK' in English. */
export const formatOrientation = (code: string, locale: Locale) => orientationText(code, locale);

/**
 * Numbers in a text that no formatter would print: more than 3 decimals ('39.83585491055658'). Render tests run it
 * over a screen's text to prove no raw float reaches it.
 */
export function findRawFloats(text: string): string[] {
  return text.match(/-?\d+[.,]\d{4,}/g) ?? [];
}
