import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, type RouteObject } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PLATFORM_TITLES, type Locale } from '@teamcast/contracts';
import { buildRoutes, resolveLazyRoutes } from './app/router.tsx';

type Catalogue = { [key: string]: string | Catalogue };

/**
 * Renders the landing to HTML at build time (scripts/prerender.mjs), so the server can send `/` with its content
 * and the browser paints it before any script has run; main.tsx then hydrates it. Everything else stays rendered
 * in the browser.
 */

const catalogues = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });

/** Every catalogue of both languages (the browser fetches them on demand; here they are all at hand). */
async function resources(): Promise<Record<Locale, Record<string, Catalogue>>> {
  const all: Record<Locale, Record<string, Catalogue>> = { ru: {}, en: {} };
  for (const [file, load] of Object.entries(catalogues)) {
    const match = /locales\/(ru|en)\/([\w-]+)\.json$/.exec(file);
    if (match) all[match[1] as Locale][match[2]!] = await load();
  }
  return all;
}

/** The route tree without loaders: they read the browser's storage, and the landing's has nothing to give. */
function withoutLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ ...route, loader: undefined, children: route.children ? withoutLoaders(route.children) : undefined }) as RouteObject);
}

/** The landing's markup (the inside of `#root`) in `locale`, as the browser's first render draws it, and its title. */
export async function renderLanding(locale: Locale): Promise<{ markup: string; title: string }> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: await resources(),
      lng: locale,
      fallbackLng: false,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await i18next.changeLanguage(locale);
  const routes = withoutLoaders(buildRoutes());
  await resolveLazyRoutes(routes, '/');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`the landing answered ${context.status} at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  // As RouteEffects titles the page once it runs.
  return { markup, title: `${i18next.t('routes.landing')} · ${PLATFORM_TITLES.default}` };
}
