import type { Endpoint } from './api.ts';

/**
 * The zod-free part of the endpoint helpers (groups, paths, headers), so the web client's first load can build
 * request URLs without zod (`api.ts` re-exports everything here).
 */

/** Service groups, each mounted under /api/<group> (spec section 7). `system` is /api itself. */
export const SERVICE_GROUPS = ['system', 'passport', 'owner', 'profile', 'estimator', 'admin', 'scene', 'payment', 'chat'] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

export function groupPrefix(group: ServiceGroup): string {
  return group === 'system' ? '/api' : `/api/${group}`;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Fills `:param` segments of an endpoint path. */
export function buildPath(endpoint: Pick<Endpoint, 'group' | 'path'>, params: Record<string, unknown> = {}): string {
  return (
    groupPrefix(endpoint.group) +
    endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
      return encodeURIComponent(String(value));
    })
  );
}

/** Header carrying the websocket upstream id on API calls. */
export const UPSTREAM_ID_HEADER = 'x-upstream-id';
