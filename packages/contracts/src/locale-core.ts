/**
 * The zod-free part of the language rules, so the web app's first load can use them without zod (`locale.ts`
 * re-exports everything here beside `LocaleSchema`).
 */

/** Interface languages; Russian is the default, English the fallback. */
export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'ru';

/** Whether a value is one of the interface languages (what `LocaleSchema` accepts). */
export function isLocale(value: unknown): value is Locale {
  return value === 'ru' || value === 'en';
}

/** Picks the first supported language of an Accept-Language header; Russian when none fits. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'ru' || primary === 'en') return primary;
  }
  return DEFAULT_LOCALE;
}

/** Replaces `{name}` placeholders with values. */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
