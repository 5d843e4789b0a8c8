/**
 * Where the public pages' calls live, without their schemas: the questionnaire by link and the shared result must stay
 * small on first load, so they call these by route (the client needs only group, method and path) and take their
 * types from the endpoints, which are built from these same objects.
 */

/** The profile a share link opens: read, save and send, upgrade a short one, ask for a new link. */
export const profileLinkRoutes = {
  get: { group: 'profile', method: 'GET', path: '/:permalink' },
  patch: { group: 'profile', method: 'PATCH', path: '/:permalink' },
  upgrade: { group: 'profile', method: 'PUT', path: '/:permalink/upgrade' },
  linkRequest: { group: 'profile', method: 'POST', path: '/:permalink/link-request' },
} as const;

/** The person's own page, reached by the private link given after sending: read it all, or withdraw. */
export const personPageRoutes = {
  get: { group: 'profile', method: 'GET', path: '/person/:token' },
  withdraw: { group: 'profile', method: 'POST', path: '/person/:token/withdraw' },
} as const;

/**
 * The version of the notice a person reads before the first question (what is computed, who sees it, how long it is
 * kept, how to withdraw); a change of its text gets a new version, and each consent records the one it was given to.
 */
export const NOTICE_VERSION = '2026-11-25';

/** A shared love or friendship result. */
export const sharedResultRoute = { group: 'scene', method: 'GET', path: '/result/:data' } as const;

/** An analytics step (sent only with the visitor's consent). */
export const analyticsEventRoute = { group: 'system', method: 'POST', path: '/site/events' } as const;
