import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { configureApi } from '../../../shared/api/client.ts';
import { renderApp } from '../../../test/render-app.tsx';

let calls: { url: string; method: string; body: unknown }[];
let signInResult: object;

beforeEach(() => {
  calls = [];
  authStore.clear('owner');
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'en' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = url.includes('/api/passport/owner/login/magic/')
      ? { status: 200, body: { result: signInResult } }
      : method === 'PATCH' && url.endsWith('/api/owner/self')
        ? { status: 200, body: { result: { endedSessions: 0 } } }
        : url.endsWith('/api/owner/self')
          ? {
              status: 200,
              body: {
                result: {
                  _id: 'owner-1',
                  email: 'anna@example.com',
                  companyName: 'Acme',
                  variant: 'work',
                  verified: true,
                  hasPassword: true,
                  locale: null,
                  createdAt: '2026-01-01T00:00:00.000Z',
                },
              },
            }
          : { status: 200, body: { result: {} } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(43);

describe('magic link page', () => {
  it('after the first proof of the address says what ended and asks for a new password before going on', async () => {
    const user = userEvent.setup();
    signInResult = { token: 'token-1', id: 'owner-1', firstProof: true };
    const { router } = renderApp(`/owner-mobile/magic-link?token=${TOKEN}`, 'en');
    expect((await screen.findByTestId('first-proof-notice', {})).textContent).toContain('every earlier sign-in has been ended');
    await user.type(screen.getByLabelText('New password'), 'fresh-secret-77');
    await user.type(screen.getByLabelText('Repeat the password'), 'fresh-secret-77');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/owner-mobile/magic-link'));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ password: 'fresh-secret-77', repeatPassword: 'fresh-secret-77' });
  });

  it('signs straight in when the address was proven before', async () => {
    signInResult = { token: 'token-1', id: 'owner-1' };
    const { router } = renderApp(`/owner-mobile/magic-link?token=${TOKEN}`, 'en');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/owner-mobile/magic-link'));
    expect(screen.queryByTestId('first-proof-notice')).toBeNull();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
