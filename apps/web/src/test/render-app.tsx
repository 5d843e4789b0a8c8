import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { buildRoutes } from '../app/router.tsx';
import { Providers, createQueryClient } from '../app/providers.tsx';
import { initI18n } from '../shared/i18n/i18n.ts';
import type { Locale } from '@teamcast/contracts';

/** Renders the whole app (routes, guard, layouts) at a path, in memory. */
export function renderApp(path: string, locale: Locale = 'ru') {
  initI18n(locale);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
