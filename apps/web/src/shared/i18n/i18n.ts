import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LocaleSchema, type Locale } from '@teamcast/contracts';

const STORAGE_KEY = 'teamcast.locale';

type Catalogue = { [key: string]: string | Catalogue };

/**
 * Every catalogue under locales/<language>/<namespace>.json, so each feature keeps its own file.
 * `t('key')` reads the common namespace; `t('profiles:list.title')` another one.
 */
const files = import.meta.glob<Catalogue>('../../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<Locale, Record<string, Catalogue>> = { ru: {}, en: {} };
for (const [file, catalogue] of Object.entries(files)) {
  const match = /locales\/(ru|en)\/([\w-]+)\.json$/.exec(file);
  if (match) resources[match[1] as Locale][match[2]!] = catalogue;
}

export function storedLocale(): Locale | undefined {
  const parsed = LocaleSchema.safeParse(localStorage.getItem(STORAGE_KEY));
  return parsed.success ? parsed.data : undefined;
}

/** Switches the language live and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEY, locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** Russian by default, English where a Russian text is missing. */
export function initI18n(locale: Locale = 'ru'): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: 'en',
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  return i18next;
}

export function currentLocale(): Locale {
  const parsed = LocaleSchema.safeParse(i18next.language);
  return parsed.success ? parsed.data : 'ru';
}
