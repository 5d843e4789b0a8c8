import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router';
import { authStore } from './shared/auth/auth-store.ts';
import { configureApi } from './shared/api/client.ts';
import { startGateWhenSignedIn } from './shared/gate/start-gate.ts';
import { initI18n, loadCommon, startingLocale } from './shared/i18n/i18n.ts';
import { loadHostInfo } from './shared/ui/host-info.ts';
import { applyManifest, registerServiceWorker } from './shared/ui/installable.ts';
import { buildRoutes, resolveLazyRoutes } from './app/router.tsx';
import { loginRouteName } from './shared/auth/domains.ts';
import { pathTo, routeTable } from './app/routes.ts';

authStore.restore();
const initial = matchRoutes(
  routeTable.map((route) => ({ path: route.path, route })),
  window.location.pathname,
)?.at(-1)?.route.route;
const locale = startingLocale();
initI18n(locale);
document.documentElement.lang = locale;
configureApi({ locale });

// The host decides the title, support contact and love variant; ask while the first screen's code downloads.
const hostInfo = loadHostInfo();
const container = document.getElementById('root')!;
const routes = buildRoutes();

/**
 * The server sends `/` rendered at build time in its host's language (`data-prerendered`, scripts/prerender.mjs).
 * It is hydrated when this visitor would see the same page; otherwise (another stored language, a cached shell on
 * another path) the client renders from scratch and replaces it.
 */
async function hydrates(): Promise<boolean> {
  if (container.dataset.prerendered !== locale || initial?.name !== 'landing') return false;
  try {
    await resolveLazyRoutes(routes, window.location.pathname);
    return true;
  } catch {
    return false; // the router tries the chunk again and shows the 'refresh page' message if it still fails
  }
}

async function start(): Promise<void> {
  // An English reader's common texts come before the first render (a failed fetch renders with the keys' Russian bundle absent, and the router retries).
  const [hydrate] = await Promise.all([hydrates(), loadCommon().catch(() => undefined)]);
  // Hydration skips the landing's loader: it only turns love hosts away, which the server and the check below do.
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: { loaderData: { landing: null } } } : undefined);

  void hostInfo.then((host) => {
    applyManifest(host.variant === 'love' || window.location.pathname.startsWith('/love-mobile') ? 'love' : 'owner');
    // The landing does not wait long for the answer; a love host's visitor still on it moves to the love app now.
    if (host.variant === 'love' && router.state.location.pathname === '/') void router.navigate(pathTo('love-mobile'), { replace: true });
  });
  configureApi({
    onUnauthorized: (domain) => {
      const login = loginRouteName(domain);
      if (login) void router.navigate(`${pathTo(login)}?next=${encodeURIComponent(window.location.pathname)}`);
    },
  });

  startGateWhenSignedIn();

  // Mantine and TanStack Query come with the screens that use them (app/providers.tsx, loaded by the router).
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else startTransition(() => createRoot(container).render(app));
}

void start();
registerServiceWorker();
