import type { Locale, Role } from '@teamcast/contracts';

const RUSSIAN_TLDS = ['ru', 'su', 'xn--p1ai', 'рф'];
const ENGLISH_TLDS = ['com', 'io', 'app', 'net', 'org', 'co', 'us', 'uk'];

/** The language a host implies by its top-level domain, if any (localhost and unknown domains imply none). */
export function hostLocale(host: string): Locale | undefined {
  const name = host.toLowerCase().split(':')[0] ?? '';
  const tld = name.split('.').pop() ?? '';
  if (!name.includes('.')) return undefined;
  if (RUSSIAN_TLDS.includes(tld)) return 'ru';
  if (ENGLISH_TLDS.includes(tld)) return 'en';
  return undefined;
}

/**
 * The starting language (spec section 6): estimators and administrators Russian unless they chose otherwise;
 * owners follow the host (Russian host Russian, English host English), else their stored choice, else English;
 * public pages use the stored choice, else the host's, else Russian (the product default).
 */
export function chooseLocale({ role, host, stored }: { role: Role | null; host: string; stored: Locale | undefined }): Locale {
  if (role === 'estimator' || role === 'administrator') return stored ?? 'ru';
  if (role === 'owner') return hostLocale(host) ?? stored ?? 'en';
  return stored ?? hostLocale(host) ?? 'ru';
}
