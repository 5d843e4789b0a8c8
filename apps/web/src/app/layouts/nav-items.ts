/**
 * Menu entries per layout, as route names. `pending` marks a section in development (shown, not clickable; none now);
 * `search` and `hash` refine the target; `action` entries run something instead of navigating;
 * `guide` names the tour step that highlights the entry (help/components/guide-steps.ts).
 */
export type NavItem = { route: string; labelKey: string; pending?: boolean; search?: string; hash?: string; action?: 'signOut'; guide?: string };

/** The owner desktop menu (spec section 2). */
export const ownerMenu: NavItem[] = [
  { route: 'owner-dashboard', labelKey: 'dashboard:menu.home', guide: 'home' },
  { route: 'owner-dashboard-p2p', labelKey: 'dashboard:menu.pair', guide: 'pair' },
  { route: 'owner-dashboard-team', labelKey: 'dashboard:menu.team', guide: 'team' },
  { route: 'owner-teams', labelKey: 'dashboard:menu.simulator', guide: 'simulator' },
  { route: 'owner-dashboard-compare-teams', labelKey: 'dashboard:menu.compare', guide: 'compare' },
  { route: 'owner-profiles', labelKey: 'dashboard:menu.profiles', guide: 'profiles' },
  { route: 'owner-subscription', labelKey: 'routes.owner-subscription' },
  { route: 'owner-monitor', labelKey: 'dashboard:menu.monitor' },
  { route: 'owner-faq', labelKey: 'dashboard:menu.faq' },
  { route: 'owner-help', labelKey: 'dashboard:menu.info', guide: 'help' },
  { route: 'owner-dashboard', labelKey: 'dashboard:menu.guide', search: '?guide=start' },
  // Each opens the desktop settings at its section; the desktop never links into a phone shell.
  { route: 'owner-settings', labelKey: 'dashboard:menu.changePassword', hash: '#password' },
  { route: 'owner-settings', labelKey: 'dashboard:menu.secondFactor', hash: '#second-factor' },
  { route: 'owner-settings', labelKey: 'dashboard:menu.deleteAccount', hash: '#delete' },
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
