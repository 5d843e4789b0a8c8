import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LocaleSchema, type Locale } from '@teamcast/contracts';
import ru from '../../locales/ru/common.json';
import en from '../../locales/en/common.json';

const STORAGE_KEY = 'teamcast.locale';

export const resources = { ru: { common: ru }, en: { common: en } } as const;

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
