import { useEffect } from 'react';
import { Outlet, redirect, useLocation, useMatches, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authStore } from '../shared/auth/auth-store.ts';
import { configureApi } from '../shared/api/client.ts';
import { PendingPage } from '../shared/ui/pending-page.tsx';
import { ErrorPage } from '../features/system/components/error-page.tsx';
import { NotFoundPage } from '../features/system/components/not-found-page.tsx';
import { guardRedirect } from './guard.ts';
import { MobileLayout } from './layouts/mobile-layout.tsx';
import { administratorMenu, estimatorMenu, loveMobileFooter, ownerMenu, ownerMobileFooter } from './layouts/nav-items.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { SignedInLayout } from './layouts/signed-in-layout.tsx';
import { pages } from './pages.tsx';
import { keepsScroll, routeTable, type LayoutName, type RouteDef } from './routes.ts';

type Handle = { route: RouteDef };

/** Keeps the API client's domain, the document title and the scroll position in step with the current route. */
function RouteEffects() {
  const matches = useMatches();
  const location = useLocation();
  const { t } = useTranslation();
  const current = [...matches].reverse().find((match) => (match.handle as Handle | undefined)?.route)?.handle as Handle | undefined;
  const route = current?.route;
  useEffect(() => {
    configureApi({ domain: route?.domain ?? 'public' });
  }, [route]);
  useEffect(() => {
    const title = t(`routes.${route?.name ?? 'not-found'}`);
    document.title = `${title} · ${t('app.title')}`;
  }, [route, t]);
  useEffect(() => {
    if (!keepsScroll(location.pathname)) window.scrollTo(0, 0);
  }, [location.pathname]);
  return null;
}

function Root() {
  return (
    <>
      <RouteEffects />
      <Outlet />
    </>
  );
}

const layouts: Record<LayoutName, () => React.ReactElement> = {
  public: () => <PublicLayout />,
  owner: () => <SignedInLayout role="owner" menu={ownerMenu} loginRoute="owner-login" homeRoute="owner-dashboard" />,
  ownerMobile: () => <MobileLayout variant="owner" footer={ownerMobileFooter} />,
  loveMobile: () => <MobileLayout variant="love" footer={loveMobileFooter} />,
  estimator: () => <SignedInLayout role="estimator" menu={estimatorMenu} loginRoute="estimator-login" homeRoute="estimator" />,
  administrator: () => (
    <SignedInLayout role="administrator" menu={administratorMenu} loginRoute="administrator-login" homeRoute="administrator-profiles" />
  ),
};

function toRouteObject(route: RouteDef): RouteObject {
  const Page = pages[route.name];
  return {
    path: route.path,
    handle: { route } satisfies Handle,
    // The guard: stored authorisation is restored first, then the route's domain is checked.
    loader: ({ request }) => {
      authStore.restore();
      const url = new URL(request.url);
      const target = guardRedirect(route, (role) => Boolean(authStore.get(role)), url.pathname + url.search);
      if (target) throw redirect(target);
      return null;
    },
    element: Page ? <Page /> : <PendingPage routeName={route.name} />,
  };
}

/** Route objects for React Router, grouped under their layouts; unknown paths show not-found. */
export function buildRoutes(table: RouteDef[] = routeTable): RouteObject[] {
  const layoutNames = [...new Set(table.map((route) => route.layout))];
  return [
    {
      element: <Root />,
      errorElement: <ErrorPage />,
      children: [
        ...layoutNames.map((name) => ({
          element: layouts[name](),
          children: table.filter((route) => route.layout === name).map(toRouteObject),
        })),
        { element: layouts.public(), children: [{ path: '*', element: <NotFoundPage />, handle: { route: { name: 'not-found', path: '*', domain: 'public', auth: false, layout: 'public' } } satisfies Handle }] },
      ],
    },
  ];
}
