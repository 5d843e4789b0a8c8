import { z } from 'zod';
import { LOCALES } from './locale-core.ts';

export { DEFAULT_LOCALE, LOCALES, interpolate, isLocale, localeFromAcceptLanguage, type Locale } from './locale-core.ts';

/** Interface languages; Russian is the default, English the fallback. */
export const LocaleSchema = z.enum(LOCALES);
