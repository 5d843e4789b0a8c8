/** The tour's steps in order, each with the section it introduces; a step highlights the menu entry marked `guide: <key>` (nav-items.ts). */
export const guideSteps = [
  { key: 'home', path: '/owner/dashboard' },
  { key: 'profiles', path: '/owner/profiles' },
  { key: 'pair', path: '/owner/dashboard/p2p' },
  { key: 'team', path: '/owner/dashboard/team' },
  { key: 'simulator', path: '/owner/teams' },
  { key: 'compare', path: '/owner/dashboard/compare-teams' },
  { key: 'help', path: '/owner/help' },
] as const;

/** The search parameter that (re)starts the tour, used by the menu's 'guide' entry. */
export const GUIDE_START_PARAM = 'guide';
