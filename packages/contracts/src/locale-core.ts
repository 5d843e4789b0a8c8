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

/** The interface language among accepted languages, best first (an Accept-Language header or `navigator.languages`), if any fits. */
export function acceptedLocale(accepted: string | readonly string[] | null | undefined): Locale | undefined {
  if (!accepted) return undefined;
  const ranked =
    typeof accepted === 'string'
      ? accepted
          .split(',')
          .map((part) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
          })
          .filter((entry) => entry.q > 0)
          .sort((a, b) => b.q - a.q)
      : accepted.map((tag) => ({ tag: tag.toLowerCase(), q: 1 }));
  for (const { tag } of ranked) {
    const primary = tag.trim().split('-')[0];
    if (primary === 'ru' || primary === 'en') return primary;
  }
  return undefined;
}

/** Picks the first supported language of an Accept-Language header; Russian when none fits. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  return acceptedLocale(header) ?? DEFAULT_LOCALE;
}

const RUSSIAN_TLDS = ['ru', 'su', 'xn--p1ai', 'рф'];
const ENGLISH_TLDS = ['com', 'io', 'app', 'net', 'org', 'co', 'us', 'uk'];

/** The language a host implies by its top-level domain (Russian host Russian, English host English); none for localhost and others. */
export function hostLocale(host: string | null | undefined): Locale | undefined {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!name.includes('.') || name.startsWith('[')) return undefined;
  const tld = name.split('.').pop() ?? '';
  if (RUSSIAN_TLDS.includes(tld)) return 'ru';
  if (ENGLISH_TLDS.includes(tld)) return 'en';
  return undefined;
}

/** What the interface language is decided from; every part may be missing or hold anything (read from storage, URLs, headers). */
export type LocaleFacts = {
  /** The language a mailed link was written in (its `ln` parameter): the link opens in it. */
  link?: unknown;
  /** The person's explicit choice stored on this device (the language switch), or sent by the page making the request. */
  device?: unknown;
  /** The person's explicit choice stored on the account. */
  account?: unknown;
  /** The host the page or request came to (`teamcast.ru`, `localhost:3000`). */
  host?: string | null;
  /** The browser's languages, best first: an Accept-Language header or `navigator.languages`. */
  accepted?: string | readonly string[] | null;
};

/**
 * The interface language, the one rule for every role, the server and the web: a mailed link's language; else an
 * explicit choice (this device's, then the account's); else the host's language; else the browser's among ru and en;
 * else Russian.
 */
export function decideLocale(facts: LocaleFacts): Locale {
  for (const chosen of [facts.link, facts.device, facts.account]) if (isLocale(chosen)) return chosen;
  return hostLocale(facts.host) ?? acceptedLocale(facts.accepted) ?? DEFAULT_LOCALE;
}

/** The query parameter that carries a mailed link's language. */
export const LINK_LOCALE_PARAM = 'ln';

/** Header in which the web app tells the server the language its page shows (the server answers in it). */
export const PAGE_LOCALE_HEADER = 'x-teamcast-locale';

/** Replaces `{name}` placeholders with values. */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
