import i18next from 'i18next';
import en from '../../locales/en/charts.json';
import ru from '../../locales/ru/charts.json';

/**
 * The toolkit's own texts (legend, band, tooltip words) travel with its code instead of as an on-demand namespace: every
 * on-demand namespace is named in the entry chunk, which counts towards each public page's first-load budget.
 */
export const CHARTS_NAMESPACE = 'charts';

function register() {
  for (const [language, texts] of [
    ['ru', ru],
    ['en', en],
  ] as const) {
    if (!i18next.hasResourceBundle(language, CHARTS_NAMESPACE)) i18next.addResourceBundle(language, CHARTS_NAMESPACE, texts);
  }
}

if (i18next.isInitialized) register();
else i18next.on('initialized', register);
