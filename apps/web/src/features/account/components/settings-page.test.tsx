import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { configureApi } from '../../../shared/api/client.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

type Answer = { status: number; body: unknown };
let answer: (url: string, method: string) => Answer;
let calls: { url: string; method: string; body: unknown }[];
const self = {
  _id: 'owner-1',
  email: 'anna@example.com',
  companyName: 'Acme',
  variant: 'work',
  verified: false,
  hasPassword: true,
  locale: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const slow = { timeout: STATE_WAIT_MS };
/** A screen's first lazy chunk: on the shared, loaded machine it may take longer than a state change. */
const lazy = { timeout: 3 * STATE_WAIT_MS };

beforeEach(() => {
  calls = [];
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'en' });
  authStore.set('owner', { token: 'token-1', subjectId: 'owner-1' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = answer(url, init.method ?? 'GET');
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('owner settings', () => {
  it("says 'verify your account' to an unverified owner and deletes the account only with the typed word", async () => {
    const user = userEvent.setup();
    answer = (url, method) => (method === 'DELETE' ? { status: 200, body: { result: { deleted: true } } } : { status: 200, body: { result: self } });
    const { router } = renderApp('/owner-mobile/settings', 'en');
    expect((await screen.findByTestId('verify-notice', {}, slow)).textContent).toContain('Verify your account');

    const form = await screen.findByTestId('delete-account-form', {}, slow);
    await user.type(form.querySelector('input')!, 'Remove');
    await user.click(screen.getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByText('Type the word Delete to confirm')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.clear(form.querySelector('input')!);
    await user.type(form.querySelector('input')!, 'Delete');
    await user.click(screen.getByRole('button', { name: 'Delete the account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner-mobile/login'), slow);
    expect(calls.find((call) => call.method === 'DELETE')).toEqual({
      url: 'http://api.test/api/owner/self',
      method: 'DELETE',
      body: { confirmation: 'Delete' },
    });
    expect(authStore.get('owner')).toBeUndefined();
  });

  it('signs the owner out when his own record answers 404 (spec section 6)', async () => {
    answer = () => ({ status: 404, body: { error: { code: 'user_not_found', message: 'this user was not found' } } });
    renderApp('/owner-mobile/settings', 'en');
    await waitFor(() => expect(authStore.get('owner')).toBeUndefined(), slow);
  });

  it('signs out through the server, so the session ends there too', async () => {
    const user = userEvent.setup();
    answer = (url) =>
      url.endsWith('/logout') ? { status: 200, body: { result: { done: true } } } : { status: 200, body: { result: { ...self, verified: true } } };
    const { router } = renderApp('/owner-mobile/settings', 'en');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner-mobile/login'), slow);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST http://api.test/api/passport/owner/logout');
    expect(authStore.get('owner')).toBeUndefined();
  });

  it('changes the password with the current one, shows a wrong current password on its field, and signs out other devices by default', async () => {
    const user = userEvent.setup();
    answer = (url, method) => {
      if (method !== 'PATCH') return { status: 200, body: { result: { ...self, verified: true } } };
      const body = calls.at(-1)!.body as { currentPassword?: string };
      return body.currentPassword === 'right-current-1'
        ? { status: 200, body: { result: { endedSessions: 2 } } }
        : { status: 400, body: { error: { code: 'wrong_current_password', message: 'The current password is wrong', field: 'currentPassword' } } };
    };
    renderApp('/owner-mobile/settings', 'en');
    await screen.findByTestId('change-password-form', {}, slow);
    await user.type(screen.getByLabelText('Current password'), 'wrong-current');
    await user.type(screen.getByLabelText('New password'), 'fresh-secret-77');
    await user.type(screen.getByLabelText('Repeat the password'), 'fresh-secret-77');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong', {}, slow)).toBeTruthy();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'right-current-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2), slow);
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)!.body).toEqual({
      currentPassword: 'right-current-1',
      password: 'fresh-secret-77',
      repeatPassword: 'fresh-secret-77',
      endOtherSessions: true,
    });
  });

  it('asks no current password of an owner who has none yet', async () => {
    answer = () => ({ status: 200, body: { result: { ...self, verified: true, hasPassword: false } } });
    renderApp('/owner-mobile/settings', 'en');
    await screen.findByTestId('change-password-form', {}, slow);
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull(), slow);
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
  it('is the phone way into the team monitor (the footer is fixed by the spec), in English and Russian, and only on the owner phone', async () => {
    const user = userEvent.setup();
    answer = () => ({ status: 200, body: { result: self } });
    const { router } = renderApp('/owner-mobile/settings', 'en');
    const card = await screen.findByTestId('settings-monitor', {}, lazy);
    expect(card.textContent).toContain('Team monitor');
    await user.click(screen.getByRole('link', { name: 'Open the monitor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner-mobile/monitor'), lazy);
  });

  it('names the monitor card in Russian, and the desktop and love settings have none', async () => {
    answer = () => ({ status: 200, body: { result: self } });
    const phone = renderApp('/owner-mobile/settings', 'ru');
    expect((await screen.findByTestId('settings-monitor', {}, lazy)).textContent).toContain('Монитор команд');
    expect(screen.getByRole('link', { name: 'Открыть монитор' }).getAttribute('href')).toBe('/owner-mobile/monitor');
    phone.unmount();
    for (const path of ['/owner/settings', '/love-mobile/settings']) {
      const { unmount } = renderApp(path, 'en');
      await screen.findByTestId('settings-page', {}, lazy);
      expect(screen.queryByTestId('settings-monitor')).toBeNull();
      unmount();
    }
  });
});
