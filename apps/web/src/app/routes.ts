import type { Domain } from '../shared/auth/domains.ts';

export type LayoutName = 'public' | 'owner' | 'ownerMobile' | 'loveMobile' | 'estimator' | 'administrator';

/** One screen of spec section 2: its name, path, domain, whether it needs sign-in, and its layout. */
export type RouteDef = {
  name: string;
  path: string;
  domain: Domain;
  auth: boolean;
  layout: LayoutName;
  /** Name of the route this path forwards to. */
  redirectTo?: string;
};

const r = (name: string, path: string, domain: Domain, auth: boolean, layout: LayoutName, redirectTo?: string): RouteDef =>
  redirectTo ? { name, path, domain, auth, layout, redirectTo } : { name, path, domain, auth, layout };

/** The one route table. */
export const routeTable: RouteDef[] = [
  // Public and general
  r('landing', '/', 'public', false, 'public'),
  r('profile-questionnaire', '/profile-questionnaire', 'questionnaire', false, 'public'),
  r('couple-questionnaire', '/couple-questionnaire', 'questionnaire', false, 'public'),
  r('person', '/person/:token', 'questionnaire', false, 'public'),
  r('check-in', '/check-in/:token', 'questionnaire', false, 'public'),
  r('result', '/result/:data', 'loveMobile', false, 'public'),
  r('faq', '/faq', 'faq', false, 'public'),
  r('help', '/help/:topic?', 'faq', false, 'public'),
  r('enterprise', '/enterprise', 'enterprise', false, 'public'),
  r('flame-mobile', '/flame-mobile', 'questionnaire', false, 'public'),
  r('flame-mobile-questionnaire', '/flame-mobile/questionnaire', 'questionnaire', false, 'public'),
  r('flame-mobile-result', '/flame-mobile/questionnaire/:id', 'questionnaire', false, 'public'),
  r('error', '/500', 'public', false, 'public'),
  r('not-found', '/404', 'public', false, 'public'),

  // Administrator
  r('administrator-login', '/administrator-login', 'administrator', false, 'public'),
  r('administrator', '/administrator', 'administrator', true, 'administrator', 'administrator-profiles'),
  r('administrator-estimators', '/administrator/estimators', 'administrator', true, 'administrator'),
  r('administrator-owners', '/administrator/owners', 'administrator', true, 'administrator'),
  r('administrator-profiles', '/administrator/profiles', 'administrator', true, 'administrator'),
  r('administrator-profile', '/administrator/profiles/:id', 'administrator', true, 'administrator'),
  r('administrator-questionnaires', '/administrator/questionnaires', 'administrator', true, 'administrator'),
  r('administrator-questionnaire', '/administrator/questionnaires/:id', 'administrator', true, 'administrator'),
  r('administrator-neuronet', '/administrator/neuronet', 'administrator', true, 'administrator'),
  r('administrator-mail', '/administrator/mail', 'administrator', true, 'administrator'),
  r('administrator-mail-message', '/administrator/mail/:id', 'administrator', true, 'administrator'),

  // Estimator
  r('estimator-login', '/estimator/login', 'estimator', false, 'public'),
  r('estimator-magic-link', '/estimator/magic-link', 'estimator', false, 'public'),
  r('estimator-password-reset', '/estimator/password-reset', 'estimator', false, 'public'),
  r('estimator', '/estimator', 'estimator', true, 'estimator'),
  r('estimator-profile', '/estimator/profiles/:id', 'estimator', true, 'estimator'),
  r('compare-profiles', '/compare-profiles', 'estimator', true, 'estimator'),

  // Owner desktop
  r('owner-login', '/owner/login', 'owner', false, 'public'),
  r('owner-magic-link', '/owner/magic-link', 'owner', false, 'public'),
  r('owner-first-signup', '/owner/first-signup', 'owner', false, 'public'),
  r('owner-link', '/owner/link/:sharelink', 'owner', false, 'public'),
  r('owner-registration', '/owner/registration', 'owner', false, 'public'),
  r('owner', '/owner', 'owner', true, 'owner', 'owner-dashboard'),
  r('owner-dashboard', '/owner/dashboard', 'dashboard', true, 'owner'),
  r('owner-profiles', '/owner/profiles', 'owner', true, 'owner'),
  r('owner-profile', '/owner/profiles/:id', 'owner', true, 'owner'),
  r('owner-teams', '/owner/teams', 'scene', true, 'owner'),
  r('owner-team', '/owner/team/:id', 'scene', true, 'owner'),
  r('owner-dashboard-p2p', '/owner/dashboard/p2p/:id?', 'dashboard', true, 'owner'),
  r('owner-dashboard-team', '/owner/dashboard/team/:id?', 'dashboard', true, 'owner'),
  r('owner-dashboard-compare-teams', '/owner/dashboard/compare-teams/:id?', 'dashboard', true, 'owner'),
  r('owner-subscription', '/owner/subscription', 'subscription', true, 'owner'),
  r('owner-monitor', '/owner/monitor', 'dashboard', true, 'owner'),
  // Beyond the spec's table: the desktop's own settings, FAQ and help, so a signed-in owner stays in the desktop shell.
  r('owner-settings', '/owner/settings', 'owner', true, 'owner'),
  r('owner-faq', '/owner/faq', 'owner', true, 'owner'),
  r('owner-help', '/owner/help/:topic?', 'owner', true, 'owner'),

  // Owner mobile
  r('owner-mobile-login', '/owner-mobile/login', 'ownerMobile', false, 'public'),
  r('owner-mobile-magic-link', '/owner-mobile/magic-link', 'ownerMobile', false, 'public'),
  r('owner-mobile-first-signup', '/owner-mobile/first-signup', 'ownerMobile', false, 'public'),
  r('owner-mobile-link', '/owner-mobile/link/:sharelink', 'ownerMobile', false, 'public'),
  r('owner-mobile-registration', '/owner-mobile/registration', 'ownerMobile', false, 'public'),
  r('owner-mobile', '/owner-mobile', 'ownerMobile', true, 'ownerMobile', 'owner-mobile-p2p'),
  r('owner-mobile-profiles', '/owner-mobile/profiles', 'ownerMobile', true, 'ownerMobile'),
  r('owner-mobile-profile', '/owner-mobile/profiles/:id', 'ownerMobile', true, 'ownerMobile'),
  r('owner-mobile-p2p', '/owner-mobile/p2p/:id?', 'ownerMobile', true, 'ownerMobile'),
  r('owner-mobile-team', '/owner-mobile/team/:id?', 'ownerMobile', true, 'ownerMobile'),
  r('owner-mobile-settings', '/owner-mobile/settings', 'ownerMobile', true, 'ownerMobile'),
  r('owner-mobile-monitor', '/owner-mobile/monitor', 'ownerMobile', true, 'ownerMobile'),

  // Love mobile
  r('love-mobile-login', '/love-mobile/login', 'loveMobile', false, 'public'),
  r('love-mobile-magic-link', '/love-mobile/magic-link', 'loveMobile', false, 'public'),
  r('love-mobile-first-signup', '/love-mobile/first-signup', 'loveMobile', false, 'public'),
  r('love-mobile-registration', '/love-mobile/registration', 'loveMobile', false, 'public'),
  r('love-mobile', '/love-mobile', 'loveMobile', true, 'loveMobile', 'love-mobile-p2p'),
  r('love-mobile-profiles', '/love-mobile/profiles', 'loveMobile', true, 'loveMobile'),
  r('love-mobile-profile', '/love-mobile/profiles/:id', 'loveMobile', true, 'loveMobile'),
  r('love-mobile-p2p', '/love-mobile/p2p/:id?', 'loveMobile', true, 'loveMobile'),
  r('love-mobile-settings', '/love-mobile/settings', 'loveMobile', true, 'loveMobile'),
];

const byName = new Map(routeTable.map((route) => [route.name, route]));

export function routeByName(name: string): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** A route's path with its parameters filled; optional parameters that are not given are dropped. */
export function pathTo(name: string, params: Record<string, string | number> = {}): string {
  const filled = routeByName(name).path.replace(/\/:(\w+)(\?)?/g, (_, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined) {
      if (optional) return '';
      throw new Error(`Route ${name} needs ${key}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
  return filled || '/';
}

/** Help and FAQ pages keep their scroll position; every other navigation scrolls to the top. */
export function keepsScroll(pathname: string): boolean {
  return pathname.startsWith('/faq') || pathname.startsWith('/help');
}
