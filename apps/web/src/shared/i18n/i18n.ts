import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LINK_LOCALE_PARAM, decideLocale, isLocale, type Locale } from '@teamcast/contracts';

const STORAGE_KEY = 'teamcast.locale';
/** The language of the mailed link this tab was opened from, kept for the rest of the visit in this tab. */
const LINK_KEY = 'teamcast.locale.link';

type Catalogue = { [key: string]: string | Catalogue };

/**
 * Every catalogue under locales/<language>/<namespace>.json, so each feature keeps its own file.
 * `t('key')` reads the common namespace; `t('profiles:list.title')` another one.
 *
 * Only the Russian `common` travels with the first load (Russian is the default language); every other catalogue,
 * English `common` included, is a small chunk per language fetched on demand (main.tsx awaits `loadCommon` before the
 * first render; the router awaits `loadPublicNamespaces` or `loadAllNamespaces` before showing a screen). A page
 * fetches its own language only: the catalogues have the same keys in both (catalogues.test.ts), so there is no
 * fallback language to fetch beside. Unit tests get every catalogue at once, so components render their texts
 * without waiting.
 */
const PUBLIC = ['site', 'consent'];
const bundled = import.meta.glob<Catalogue>('../../locales/ru/common.json', { eager: true, import: 'default' });
const inTests = import.meta.env.MODE === 'test' ? import.meta.glob<Catalogue>('../../locales/*/*.json', { eager: true, import: 'default' }) : {};
// The chart toolkit's texts come with its code (shared/charts/texts.ts).
const onDemand = import.meta.glob<Catalogue>(['../../locales/*/*.json', '!../../locales/*/charts.json'], { import: 'default' });

const fileName = (locale: string, namespace: string) => `../../locales/${locale}/${namespace}.json`;
const namespaceOf = (file: string) => /locales\/(ru|en)\/([\w-]+)\.json$/.exec(file);

export const resources: Record<Locale, Record<string, Catalogue>> = { ru: {}, en: {} };
for (const [file, catalogue] of Object.entries({ ...bundled, ...inTests })) {
  const match = namespaceOf(file);
  if (match) resources[match[1] as Locale][match[2]!] = catalogue;
}

/** Every namespace there is, bundled or not. */
const allNamespaces = [
  ...new Set(
    Object.keys(onDemand)
      .map((file) => namespaceOf(file)?.[2])
      .filter((name): name is string => Boolean(name)),
  ),
];

/** i18next backend reading the on-demand catalogues (one small chunk per language and namespace). */
const onDemandBackend = {
  type: 'backend' as const,
  init: () => {},
  read(locale: string, namespace: string, callback: (error: unknown, data: Catalogue | null) => void) {
    const load = onDemand[fileName(locale, namespace)];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, null),
    );
  },
};

function loadMissing(namespaces: string[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !i18next.hasLoadedNamespace(namespace));
  return missing.length ? i18next.loadNamespaces(missing) : Promise.resolve();
}

/** Loads the texts every screen's frame reads (`common`); at once for Russian, whose catalogue is bundled. */
export const loadCommon = (): Promise<void> => loadMissing(['common']);

/** Loads every namespace of the current language; resolves at once when they are all there. */
export const loadAllNamespaces = (): Promise<void> => loadMissing(allNamespaces);

/** Loads what every public page's frame uses (common, site, consent); pages load their own namespaces beside. */
export const loadPublicNamespaces = (): Promise<void> => loadMissing(['common', ...PUBLIC]);

/** Loads the given namespaces (those a screen reads) with the public ones. */
export const loadNamespaces = (namespaces: string[]): Promise<void> => loadMissing(['common', ...PUBLIC, ...namespaces]);

export function storedLocale(): Locale | undefined {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLocale(stored) ? stored : undefined;
}

/**
 * The language a page opens in (`decideLocale`): a mailed link's `ln`, else this device's choice, else the host's,
 * else the browser's languages among ru and en, else Russian.
 */
export function startingLocale(location: Pick<Location, 'search' | 'host'> = window.location, languages: readonly string[] = navigator.languages): Locale {
  const link = new URLSearchParams(location.search).get(LINK_LOCALE_PARAM);
  if (isLocale(link)) sessionStorage.setItem(LINK_KEY, link);
  return decideLocale({ link: sessionStorage.getItem(LINK_KEY), device: storedLocale(), host: location.host, accepted: languages });
}

/** Switches the language live and remembers the choice on this device (it then wins over a mailed link's language too). */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEY, locale);
  sessionStorage.removeItem(LINK_KEY);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** Russian by default; each language's catalogues are complete, so no fallback language is loaded. */
export function initI18n(locale: Locale = 'ru'): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next
      .use(onDemandBackend)
      .use(initReactI18next)
      .init({
        resources,
        partialBundledLanguages: true,
        ns: ['common'],
        lng: locale,
        fallbackLng: false,
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
  return isLocale(i18next.language) ? i18next.language : 'ru';
}
