import { Suspense, lazy, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { Outlet, matchRoutes, redirect, useLocation, useMatches, useNavigation, useRouteError, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authStore } from '../shared/auth/auth-store.ts';
import { configureApi } from '../shared/api/client.ts';
import { loadAllNamespaces, loadNamespaces, loadPublicNamespaces } from '../shared/i18n/i18n.ts';
import { ChunkErrorPage } from '../shared/ui/chunk-error-page.tsx';
import { hostInfoSnapshot, useHostInfo } from '../shared/ui/host-info.ts';
import { ChunkLoadError, loadChunk } from '../shared/ui/lazy-chunk.ts';
import { Loader } from '../shared/ui/loader.tsx';
import { mantineReady } from '../shared/ui/mantine-ready.ts';
import { NavigationProgress } from '../shared/ui/navigation-progress.tsx';
import { ConsentNotices } from '../features/consent/components/consent-notices.tsx';
import { guardRedirect } from './guard.ts';
import type * as Nav from './layouts/nav-items.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { pages, type Screen } from './pages.tsx';
import { keepsScroll, pathTo, routeTable, type LayoutName, type RouteDef } from './routes.ts';

type Handle = { route: RouteDef };

/** Mantine's stylesheets travel with the screens that use Mantine, so light public pages never fetch them. */
const loadMantineStyles = () => Promise.all([import('@mantine/core/styles.css'), import('@mantine/notifications/styles.css')]).then(() => mantineReady.set());

/** Mantine's and TanStack Query's providers, loaded with the first screen that needs them (not part of the first load). */
const loadProviders = () => import('./providers.tsx');

/**
 * Loads a screen's chunk (and, when it is built with Mantine, Mantine's styles and the providers it is wrapped in)
 * within the 120 s limit.
 */
async function loadScreen(screen: Screen): Promise<ComponentType> {
  if (typeof screen === 'function') {
    const [{ withProviders }] = await loadChunk(() => Promise.all([loadProviders(), loadMantineStyles(), loadPublicNamespaces(), loadAllNamespaces()]));
    return withProviders(screen);
  }
  // Mantine screens belong to features whose texts are not in the first load: fetch them alongside.
  const [component, providers] = await loadChunk(() =>
    Promise.all([
      screen.load(),
      screen.mantine ? loadProviders() : null,
      loadPublicNamespaces(),
      screen.mantine ? loadMantineStyles() : null,
      screen.namespaces ? loadNamespaces(screen.namespaces) : screen.mantine ? loadAllNamespaces() : null,
    ]),
  );
  return providers ? providers.withProviders(component) : component;
}

const AppNotifications = lazy(() => loadProviders().then(({ AppNotifications }) => ({ default: AppNotifications })));

/** Mantine's notification area, once a Mantine screen or a notification has brought Mantine in. */
function Notifications() {
  const needed = useSyncExternalStore(mantineReady.subscribe, mantineReady.get, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  );
}

/** Keeps the API client's domain, the document title and the scroll position in step with the current route. */
function RouteEffects() {
  const matches = useMatches();
  const location = useLocation();
  const { t } = useTranslation();
  const host = useHostInfo();
  const current = [...matches].reverse().find((match) => (match.handle as Handle | undefined)?.route)?.handle as Handle | undefined;
  const route = current?.route;
  useEffect(() => {
    configureApi({ domain: route?.domain ?? 'public' });
  }, [route]);
  useEffect(() => {
    const title = t(`routes.${route?.name ?? 'not-found'}`);
    document.title = `${title} · ${host.title}`;
  }, [route, t, host.title]);
  useEffect(() => {
    if (!keepsScroll(location.pathname)) window.scrollTo(0, 0);
  }, [location.pathname]);
  return null;
}

function Root() {
  const navigation = useNavigation();
  return (
    <>
      <RouteEffects />
      {navigation.state === 'loading' ? <NavigationProgress /> : null}
      <Outlet />
      <ConsentNotices />
      <Notifications />
    </>
  );
}

const LazyErrorPage = lazy(() => loadScreen(pages.error!).then((Component) => ({ default: Component })));

/** A route that failed: the 'refresh page' message when its code did not arrive, the general error page otherwise. */
function RouteError() {
  const error = useRouteError();
  if (error instanceof ChunkLoadError) return <ChunkErrorPage />;
  console.error('route error', error);
  return (
    <>
      <Suspense fallback={<Loader />}>
        <LazyErrorPage />
      </Suspense>
      <Notifications />
    </>
  );
}

const signedIn = (load: () => Promise<ComponentType>) => async () => ({ Component: await loadScreen({ load, mantine: true }) });
/** The menus come with the signed-in shells, not with the public pages' first load. */
type Menus = typeof Nav;
const menus = (): Promise<Menus> => import('./layouts/nav-items.ts');
const desktop = (role: 'estimator' | 'administrator', menu: 'estimatorMenu' | 'administratorMenu', loginRoute: string, homeRoute: string) =>
  signedIn(() =>
    Promise.all([import('./layouts/signed-in-layout.tsx'), menus()]).then(([{ SignedInLayout }, nav]) => () => (
      <SignedInLayout role={role} menu={nav[menu]} loginRoute={loginRoute} homeRoute={homeRoute} />
    )),
  );
/** The owner's desktop shell carries the guided tour, so it can run and be restarted on every owner page. */
const ownerDesktop = signedIn(() =>
  Promise.all([import('./layouts/signed-in-layout.tsx'), import('../features/help/components/guide-tour.tsx'), menus()]).then(
    ([{ SignedInLayout }, { GuideTour }, { ownerMenu }]) =>
      () => (
        <>
          <SignedInLayout role="owner" menu={ownerMenu} loginRoute="owner-login" homeRoute="owner-dashboard" />
          <GuideTour />
        </>
      ),
  ),
);
const mobile = (variant: 'owner' | 'love', footer: 'ownerMobileFooter' | 'loveMobileFooter') =>
  signedIn(() =>
    Promise.all([import('./layouts/mobile-layout.tsx'), menus()]).then(([{ MobileLayout }, nav]) => () => (
      <MobileLayout variant={variant} footer={nav[footer]} />
    )),
  );

/** Each layout's code; only the public one is in the first load, the signed-in shells (Mantine) come with their routes. */
const layouts: Record<LayoutName, RouteObject['lazy'] | ComponentType> = {
  public: PublicLayout,
  owner: ownerDesktop,
  ownerMobile: mobile('owner', 'ownerMobileFooter'),
  loveMobile: mobile('love', 'loveMobileFooter'),
  estimator: desktop('estimator', 'estimatorMenu', 'estimator-login', 'estimator'),
  administrator: desktop('administrator', 'administratorMenu', 'administrator-login', 'administrator-profiles'),
};

function layoutRoute(name: LayoutName): NonIndexRouteObject {
  const layout = layouts[name];
  return name === 'public' ? { Component: layout as ComponentType } : { lazy: layout as RouteObject['lazy'] };
}

const pendingScreen = (routeName: string) => () =>
  import('../shared/ui/pending-page.tsx').then(({ PendingPage }) => () => <PendingPage routeName={routeName} />);

function toRouteObject(route: RouteDef): NonIndexRouteObject {
  const screen: Screen = pages[route.name] ?? { load: pendingScreen(route.name), mantine: true };
  return {
    // Named after the route, so hydration data can address it (main.tsx).
    id: route.name,
    path: route.path,
    handle: { route } satisfies Handle,
    // The guard: stored authorisation is restored first, then the route's domain is checked.
    loader: async ({ request }) => {
      authStore.restore();
      const url = new URL(request.url);
      const target = guardRedirect(route, (role) => Boolean(authStore.get(role)), url.pathname + url.search);
      if (target) throw redirect(target);
      // Love hosts start in the love-mobile app (spec section 1): the server redirects a love host's `/`, this covers
      // a later move to the landing inside the app, and main.tsx an answer that comes after the first screen.
      if (route.name === 'landing' && hostInfoSnapshot().variant === 'love') throw redirect(pathTo('love-mobile'));
      return null;
    },
    lazy: async () => ({ Component: await loadScreen(screen) }),
  };
}

const notFoundRoute: RouteDef = { name: 'not-found', path: '*', domain: 'public', auth: false, layout: 'public' };

/** Route objects for React Router, grouped under their layouts, every screen and signed-in shell in its own chunk. */
export function buildRoutes(table: RouteDef[] = routeTable): RouteObject[] {
  const layoutNames = [...new Set(table.map((route) => route.layout))];
  return [
    {
      Component: Root,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loader />,
      children: [
        ...layoutNames.map((name) => ({ ...layoutRoute(name), children: table.filter((route) => route.layout === name).map(toRouteObject) })),
        { ...layoutRoute('public'), children: [{ ...toRouteObject(notFoundRoute), id: 'not-found-any', loader: undefined }] },
      ],
    },
  ];
}

/**
 * Loads the code of the routes matching `pathname` into the route objects, as hydrating a page rendered at build
 * time needs (main.tsx, prerender.tsx): a route still lazy would render its loading fallback instead of the markup.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
