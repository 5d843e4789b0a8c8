import type { Role } from '@teamcast/contracts';
import { domainRole, loginRouteName } from '../shared/auth/domains.ts';
import { pathTo, type RouteDef } from './routes.ts';

export type AuthSnapshot = (role: Role) => boolean;

/**
 * The decision made before every navigation: null to proceed, or the path to go to instead. A route needing sign-in
 * in a domain whose role is not signed in goes to that domain's login, remembering where the user was heading.
 */
export function guardRedirect(route: RouteDef, isSignedIn: AuthSnapshot, requestedPath: string): string | null {
  if (!route.auth) return null;
  const role = domainRole[route.domain];
  if (role && isSignedIn(role)) return route.redirectTo ? pathTo(route.redirectTo) : null;
  const login = loginRouteName(route.domain);
  if (!login) return null;
  return `${pathTo(login)}?next=${encodeURIComponent(requestedPath)}`;
}
