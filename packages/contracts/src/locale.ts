import { z } from 'zod';
import { LOCALES } from './locale-core.ts';

export {
  DEFAULT_LOCALE,
  LINK_LOCALE_PARAM,
  LOCALES,
  PAGE_LOCALE_HEADER,
  acceptedLocale,
  decideLocale,
  hostLocale,
  interpolate,
  isLocale,
  localeFromAcceptLanguage,
  type Locale,
  type LocaleFacts,
} from './locale-core.ts';

/** Interface languages; Russian is the default, English the fallback. */
export const LocaleSchema = z.enum(LOCALES);
