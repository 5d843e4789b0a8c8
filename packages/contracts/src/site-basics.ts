/**
 * The zod-free part of the site contract, for the web app's first load (`site.ts` re-exports everything here).
 */

/** The look and wording a host gets: hosts listed in LOVE_HOSTS get the love variant. */
export const SITE_VARIANTS = ['default', 'love'] as const;
export type SiteVariant = (typeof SITE_VARIANTS)[number];

export const PLATFORM_TITLES: Record<SiteVariant, string> = { default: 'Teamcast', love: 'Flame by Teamcast' };

/**
 * Where `hostInfoEndpoint` lives, without its schemas: every page asks it at start, and the client needs only the
 * group, method and path to call it.
 */
export const hostInfoRoute = { group: 'system', method: 'GET', path: '/site/host' } as const;
