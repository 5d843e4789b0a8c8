import type { Locale } from '@teamcast/contracts';

/** Which screen shows the pair: the owner's desktop, the owner's phone, or the love variant. */
export type PairShell = 'owner' | 'ownerMobile' | 'loveMobile';

const PAIR_PATHS: Record<PairShell, string> = { owner: '/owner/dashboard/p2p', ownerMobile: '/owner-mobile/p2p', loveMobile: '/love-mobile/p2p' };

/** Path of the pair screen of a shell (routes owner-dashboard-p2p, owner-mobile-p2p, love-mobile-p2p). */
export const pairPath = (shell: PairShell, id?: string) => (id ? `${PAIR_PATHS[shell]}/${encodeURIComponent(id)}` : PAIR_PATHS[shell]);

/** Path of a shared result (route result). */
export const sharedResultPath = (data: string) => `/result/${encodeURIComponent(data)}`;

export const localeOf = (language: string): Locale => (language.startsWith('en') ? 'en' : 'ru');

const date = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** 'Mar' / 'мар.' for chart axes. */
export const monthShort = (iso: string, locale: Locale) => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date(iso));

/** 'March 2026' / 'март 2026'. */
export const monthLong = (iso: string, locale: Locale) =>
  `${new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(date(iso))} ${date(iso).getUTCFullYear()}`;

export const whole = (x: number) => Math.round(x);
