import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { authStore } from '../shared/auth/auth-store.ts';
import { renderApp } from '../test/render-app.tsx';
import { pages } from './pages.tsx';
import { routeTable } from './routes.ts';

describe('app routes', () => {
  it('shows the landing page in Russian at /', async () => {
    renderApp('/');
    expect(await screen.findByTestId('landing-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Узнайте, как люди будут работать вместе, ещё до начала работы');
  });

  it('redirects a signed-out visitor of a guarded owner route to the owner login', async () => {
    const { router } = renderApp('/owner/profiles');
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/login'));
    expect(router.state.location.search).toBe('?next=%2Fowner%2Fprofiles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход' })).toBeTruthy();
  });

  it('restores stored authorisation before guarding', async () => {
    localStorage.setItem('teamcast.auth.owner', JSON.stringify({ token: 'stored-token' }));
    authStore.restore(true);
    const { router } = renderApp('/owner');
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/dashboard'));
    authStore.clear('owner');
  });

  it('sends love-mobile pages to the love-mobile login', async () => {
    const { router } = renderApp('/love-mobile/p2p/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/love-mobile/login'));
  });

  it('shows not-found for unknown paths and /404, and the error page at /500', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    renderApp('/404', 'en');
    expect((await screen.findAllByText('Page not found')).length).toBeGreaterThan(0);
    renderApp('/500', 'en');
    expect(await screen.findByTestId('error-page')).toBeTruthy();
  });

  it('says plainly when a screen is not built yet', async () => {
    const unbuilt = routeTable.find((route) => !route.auth && !route.path.includes(':') && !pages[route.name]);
    if (!unbuilt) return;
    renderApp(unbuilt.path, 'en');
    expect(await screen.findByTestId('pending-page')).toBeTruthy();
    expect(screen.getByText(/not available yet/)).toBeTruthy();
  });
});
