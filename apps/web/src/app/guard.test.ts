import { describe, expect, it } from 'vitest';
import type { Role } from '@teamcast/contracts';
import { guardRedirect } from './guard.ts';
import { pathTo, routeByName, routeTable } from './routes.ts';

const nobody = () => false;
const only = (role: Role) => (asked: Role) => asked === role;

describe('route guard', () => {
  it('lets public routes through for everyone', () => {
    for (const route of routeTable.filter((entry) => !entry.auth)) expect(guardRedirect(route, nobody, route.path)).toBeNull();
  });

  it.each([
    ['owner-dashboard', '/owner/login'],
    ['owner-profiles', '/owner/login'],
    ['owner-team', '/owner/login'],
    ['owner-dashboard-p2p', '/owner/login'],
    ['owner-mobile-p2p', '/owner-mobile/login'],
    ['owner-mobile-settings', '/owner-mobile/login'],
    ['love-mobile-p2p', '/love-mobile/login'],
    ['love-mobile-profiles', '/love-mobile/login'],
    ['estimator', '/estimator/login'],
    ['compare-profiles', '/estimator/login'],
    ['administrator-profiles', '/administrator-login'],
    ['administrator-neuronet', '/administrator-login'],
  ])('sends a signed-out visitor of %s to %s, remembering the way back', (name, login) => {
    const redirect = guardRedirect(routeByName(name), nobody, '/wanted?x=1');
    expect(redirect).toBe(`${login}?next=${encodeURIComponent('/wanted?x=1')}`);
  });

  it('sends every guarded route to a login route that exists and is public', () => {
    for (const route of routeTable.filter((entry) => entry.auth)) {
      const redirect = guardRedirect(route, nobody, route.path)!;
      const loginPath = redirect.split('?')[0];
      const login = routeTable.find((entry) => entry.path === loginPath);
      expect(login, route.name).toBeDefined();
      expect(login!.auth).toBe(false);
    }
  });

  it('refuses an owner area to a signed-in estimator, and the reverse', () => {
    expect(guardRedirect(routeByName('owner-dashboard'), only('estimator'), '/owner/dashboard')).toMatch(/^\/owner\/login/);
    expect(guardRedirect(routeByName('estimator'), only('owner'), '/estimator')).toMatch(/^\/estimator\/login/);
  });

  it('lets a signed-in role in and forwards the roots to their home', () => {
    expect(guardRedirect(routeByName('owner-profiles'), only('owner'), '/owner/profiles')).toBeNull();
    expect(guardRedirect(routeByName('owner'), only('owner'), '/owner')).toBe('/owner/dashboard');
    expect(guardRedirect(routeByName('owner-mobile'), only('owner'), '/owner-mobile')).toBe('/owner-mobile/p2p');
    expect(guardRedirect(routeByName('love-mobile'), only('owner'), '/love-mobile')).toBe('/love-mobile/p2p');
    expect(guardRedirect(routeByName('administrator'), only('administrator'), '/administrator')).toBe('/administrator/profiles');
  });
});

describe('route table', () => {
  it('declares each name and path once', () => {
    expect(new Set(routeTable.map((route) => route.name)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((route) => route.path)).size).toBe(routeTable.length);
  });

  it("holds the spec's referenced route names", () => {
    for (const name of [
      'love-mobile-p2p',
      'love-mobile-login',
      'love-mobile-profiles',
      'owner-mobile-p2p',
      'owner-dashboard-p2p',
      'owner-mobile-login',
      'owner-login',
      'owner-mobile-profiles',
      'owner-profiles',
    ]) {
      expect(() => routeByName(name)).not.toThrow();
    }
  });

  it('fills and drops optional parameters', () => {
    expect(pathTo('owner-dashboard-p2p')).toBe('/owner/dashboard/p2p');
    expect(pathTo('owner-dashboard-p2p', { id: 'a b' })).toBe('/owner/dashboard/p2p/a%20b');
    expect(pathTo('landing')).toBe('/');
  });
});
