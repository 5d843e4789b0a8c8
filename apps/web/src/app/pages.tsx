import type { ComponentType } from 'react';

/** A screen whose code is fetched as its own chunk the first time its route opens. */
export type LazyScreen = { load: () => Promise<ComponentType>; mantine: boolean };
export type Screen = ComponentType | LazyScreen;

/**
 * A screen loaded on demand. Screens built with Mantine get Mantine's stylesheet loaded with them; `light` screens
 * (plain CSS, the public pages that must stay small) do not.
 */
export const lazyScreen = (load: () => Promise<ComponentType>, options: { light?: boolean } = {}): LazyScreen => ({ load, mantine: !options.light });

/**
 * The screen of each route name; a route without one shows the plain 'not built yet' page. Prefer `lazyScreen`, so
 * a screen's code (and Mantine) is not part of the first load of public pages.
 */
export const pages: Partial<Record<string, Screen>> = {
  landing: lazyScreen(() => import('../features/site/components/landing-page.tsx').then((m) => m.LandingPage), { light: true }),
  faq: lazyScreen(() => import('../features/help/components/faq-page.tsx').then((m) => m.FaqPage), { light: true }),
  help: lazyScreen(() => import('../features/help/components/help-page.tsx').then((m) => m.HelpPage), { light: true }),
  enterprise: lazyScreen(() => import('../features/site/components/enterprise-page.tsx').then((m) => m.EnterprisePage), { light: true }),
  'owner-subscription': lazyScreen(() => import('../features/subscription/components/subscription-page.tsx').then((m) => m.SubscriptionPage)),
  'owner-dashboard': lazyScreen(() => import('../features/dashboard/components/dashboard-page.tsx').then((m) => m.DashboardPage)),
  error: lazyScreen(() => import('../features/system/components/error-page.tsx').then((m) => m.ErrorPage)),
  'not-found': lazyScreen(() => import('../features/system/components/not-found-page.tsx').then((m) => m.NotFoundPage)),
};
