import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router';
import { authStore } from './shared/auth/auth-store.ts';
import { domainRole } from './shared/auth/domains.ts';
import { configureApi } from './shared/api/client.ts';
import { startGateWhenSignedIn } from './shared/gate/start-gate.ts';
import { initI18n, storedLocale } from './shared/i18n/i18n.ts';
import { chooseLocale } from './shared/i18n/locale-rules.ts';
import { loadHostInfo } from './shared/ui/host-info.ts';
import { applyManifest, registerServiceWorker } from './shared/ui/installable.ts';
import { buildRoutes } from './app/router.tsx';
import { loginRouteName } from './shared/auth/domains.ts';
import { pathTo, routeTable } from './app/routes.ts';

authStore.restore();
const initial = matchRoutes(routeTable.map((route) => ({ path: route.path, route })), window.location.pathname)?.at(-1)?.route.route;
const locale = chooseLocale({ role: initial ? domainRole[initial.domain] : null, host: window.location.host, stored: storedLocale() });
initI18n(locale);
document.documentElement.lang = locale;
configureApi({ locale });

// The host decides the title, support contact and love variant; ask while the first screen's code downloads.
const router = createBrowserRouter(buildRoutes());
void loadHostInfo().then((host) => {
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
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

registerServiceWorker();
