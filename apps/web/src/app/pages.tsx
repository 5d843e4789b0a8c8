import type { ComponentType } from 'react';
import { LandingPage } from '../features/site/components/landing-page.tsx';
import { ErrorPage } from '../features/system/components/error-page.tsx';
import { NotFoundPage } from '../features/system/components/not-found-page.tsx';
import { SubscriptionPage } from '../features/subscription/components/subscription-page.tsx';

/** The screen of each route name; a route without one shows the plain 'not built yet' page. */
export const pages: Partial<Record<string, ComponentType>> = {
  landing: LandingPage,
  error: ErrorPage,
  'not-found': NotFoundPage,
  'owner-subscription': SubscriptionPage,
};
