/** Menu entries per layout, as route names; `pending` marks sections in development. */
export type NavItem = { route: string; labelKey: string; pending?: boolean };

export const ownerMenu: NavItem[] = [
  { route: 'owner-dashboard', labelKey: 'routes.owner-dashboard' },
  { route: 'owner-dashboard-p2p', labelKey: 'routes.owner-dashboard-p2p' },
  { route: 'owner-dashboard-team', labelKey: 'routes.owner-dashboard-team' },
  { route: 'owner-teams', labelKey: 'routes.owner-team' },
  { route: 'owner-dashboard-compare-teams', labelKey: 'routes.owner-dashboard-compare-teams' },
  { route: 'owner-profiles', labelKey: 'routes.owner-profiles' },
  { route: 'owner-subscription', labelKey: 'routes.owner-subscription' },
  { route: 'faq', labelKey: 'routes.faq' },
];

export const ownerMobileFooter: NavItem[] = [
  { route: 'owner-mobile-p2p', labelKey: 'routes.owner-mobile-p2p' },
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
];
