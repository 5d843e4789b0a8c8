/**
 * Menu entries per layout, as route names. `pending` marks sections in development (shown, not clickable);
 * `search` and `hash` refine the target; `action` entries run something instead of navigating.
 */
export type NavItem = { route: string; labelKey: string; pending?: boolean; search?: string; hash?: string; action?: 'signOut' };

/** The owner desktop menu (spec section 2). */
export const ownerMenu: NavItem[] = [
  { route: 'owner-dashboard', labelKey: 'dashboard:menu.home' },
  { route: 'owner-dashboard-p2p', labelKey: 'dashboard:menu.pair' },
  { route: 'owner-dashboard-team', labelKey: 'dashboard:menu.team' },
  { route: 'owner-teams', labelKey: 'dashboard:menu.simulator' },
  { route: 'owner-dashboard-compare-teams', labelKey: 'dashboard:menu.compare' },
  { route: 'owner-profiles', labelKey: 'dashboard:menu.profiles' },
  { route: 'owner-subscription', labelKey: 'routes.owner-subscription' },
  { route: 'owner-dashboard', labelKey: 'dashboard:menu.monitor', pending: true },
  { route: 'faq', labelKey: 'dashboard:menu.faq' },
  { route: 'help', labelKey: 'dashboard:menu.info' },
  { route: 'owner-dashboard', labelKey: 'dashboard:menu.guide', search: '?guide=start' },
  // The desktop has no settings page of its own: password, two-step sign-in and deletion live in the owner settings screen.
  { route: 'owner-mobile-settings', labelKey: 'dashboard:menu.changePassword', hash: '#password' },
  { route: 'owner-mobile-settings', labelKey: 'dashboard:menu.secondFactor', hash: '#second-factor' },
  { route: 'owner-mobile-settings', labelKey: 'dashboard:menu.deleteAccount', hash: '#delete' },
  { route: 'owner-login', labelKey: 'dashboard:menu.signOut', action: 'signOut' },
];

export const ownerMobileFooter: NavItem[] = [
  { route: 'owner-mobile-p2p', labelKey: 'routes.owner-mobile-p2p' },
  { route: 'owner-mobile-team', labelKey: 'routes.owner-mobile-team' },
  { route: 'owner-mobile-profiles', labelKey: 'routes.owner-mobile-profiles' },
  { route: 'owner-mobile-settings', labelKey: 'routes.owner-mobile-settings' },
];

export const loveMobileFooter: NavItem[] = [
  { route: 'love-mobile-p2p', labelKey: 'routes.love-mobile-p2p' },
  { route: 'love-mobile-profiles', labelKey: 'routes.love-mobile-profiles' },
  { route: 'love-mobile-settings', labelKey: 'routes.love-mobile-settings' },
];

export const estimatorMenu: NavItem[] = [
  { route: 'estimator', labelKey: 'routes.estimator' },
  { route: 'compare-profiles', labelKey: 'routes.compare-profiles' },
];

export const administratorMenu: NavItem[] = [
  { route: 'administrator-owners', labelKey: 'routes.administrator-owners' },
  { route: 'administrator-estimators', labelKey: 'routes.administrator-estimators' },
  { route: 'administrator-profiles', labelKey: 'routes.administrator-profiles' },
  { route: 'administrator-questionnaires', labelKey: 'routes.administrator-questionnaires' },
  { route: 'administrator-neuronet', labelKey: 'routes.administrator-neuronet' },
  { route: 'administrator-mail', labelKey: 'routes.administrator-mail' },
];
