import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { surfaces } from '../features/auth/surfaces.ts';
import { routeTable } from './routes.ts';

describe('sign-in surfaces', () => {
  it('point only at routes of the route table, in their own domain', () => {
    const routes = routeTable.map((route) => ({ path: route.path, route }));
    for (const surface of Object.values(surfaces)) {
      for (const path of Object.values(surface.paths)) {
        const match = matchRoutes(routes, path)?.at(-1)?.route.route;
        expect(match, `${surface.key} ${path}`).toBeDefined();
      }
    }
  });
});
