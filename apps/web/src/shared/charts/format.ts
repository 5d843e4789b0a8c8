/**
 * Number and date labels of the charts, in the reader's locale. A minimal Intl-based formatter kept inside the chart
 * toolkit so the charts depend on nothing but themselves; features pass already formatted texts where they have them.
 */
export type ChartLocale = 'ru' | 'en';

export const chartLocale = (language: string): ChartLocale => (language.startsWith('en') ? 'en' : 'ru');

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with exactly `digits` decimals (0 by default), grouped and signed as the locale writes it. */
export function formatChartNumber(value: number, locale: ChartLocale, digits = 0): string {
  const key = `${locale}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  // −0 would print as "-0".
  return format.format(Object.is(value, -0) ? 0 : value);
}

/** A value with its unit: "57", "12 %" (a narrow no-break space before the percent sign, as both locales print it). */
export function withUnit(text: string, unit: string | undefined): string {
  if (!unit) return text;
  return unit === '%' ? `${text}\u202f%` : `${text}\u00a0${unit}`;
}

const DAY_MS = 86_400_000;

/** The date `offset` days after an ISO day (yyyy-mm-dd), as a UTC date. */
export const dayAfter = (isoDay: string, offset: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + offset * DAY_MS);

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and style, made once: a year of daily labels made a formatter each, tens of ms a draw. */
function dateFormat(locale: ChartLocale, style: 'month' | 'monthLong' | 'day'): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = style === 'day' ? { dateStyle: 'medium' } : { month: style === 'month' ? 'short' : 'long' };
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/** 'мар.' / 'Mar' (short) or 'март 2026' / 'March 2026' (long) for a UTC date. */
export function formatMonth(date: Date, locale: ChartLocale, style: 'short' | 'long'): string {
  if (style === 'short') return dateFormat(locale, 'month').format(date);
  return `${dateFormat(locale, 'monthLong').format(date)} ${date.getUTCFullYear()}`;
}

/** '5 мар. 2026' / 'Mar 5, 2026' for a UTC date. */
export const formatDay = (date: Date, locale: ChartLocale) => dateFormat(locale, 'day').format(date);
