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

/** A shared love or friendship result. */
export const sharedResultRoute = { group: 'scene', method: 'GET', path: '/result/:data' } as const;

/** An analytics step (sent only with the visitor's consent). */
export const analyticsEventRoute = { group: 'system', method: 'POST', path: '/site/events' } as const;
