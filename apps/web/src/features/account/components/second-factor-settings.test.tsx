import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { configureApi } from '../../../shared/api/client.ts';
import { renderApp } from '../../../test/render-app.tsx';

type Answer = { status: number; body: unknown };
let answer: (url: string, method: string) => Answer;
let calls: { url: string; method: string; body: unknown }[];
const self = {
  _id: 'owner-1',
  email: 'anna@example.com',
  companyName: 'Acme',
  variant: 'work',
  verified: true,
  hasPassword: true,
  locale: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const enrolment = {
  secret: 'KRSXG5CTMVRXEZLU',
  otpauthUrl: 'otpauth://totp/Teamcast:anna?secret=KRSXG5CTMVRXEZLU',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

beforeEach(() => {
  calls = [];
  // Each test states its own fake API; until it does, every request fails.
  answer = () => ({ status: 500, body: {} });
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'en' });
  authStore.set('owner', { token: 'token-1', subjectId: 'owner-1' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = answer(url, init.method ?? 'GET');
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = (result: unknown): Answer => ({ status: 200, body: { result } });

describe('owner two-step sign-in settings', () => {
  it('turns it on with an authenticator, the current password and a code, and shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `cccc-dddd-000${i}`);
    let wrongPassword = true;
    answer = (url, method) => {
      if (url.endsWith('/api/owner/second-factor/enrolment')) return ok(enrolment);
      if (url.endsWith('/api/owner/second-factor') && method === 'PUT') {
        if (wrongPassword)
          return { status: 400, body: { error: { code: 'wrong_current_password', message: 'The current password is wrong', field: 'password' } } };
        return ok({ recoveryCodes: codes });
      }
      if (url.endsWith('/api/owner/second-factor')) return ok({ enabled: !wrongPassword, recoveryCodesLeft: wrongPassword ? 0 : 10 });
      return ok(self);
    };
    renderApp('/owner-mobile/settings', 'en');
    const section = await screen.findByText(/Off\. Turn it on/);
    expect(section).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByTestId('authenticator-secret')).textContent).toBe('KRSXG5CTMVRXEZLU');

    const form = screen.getByTestId('second-factor-enable');
    await user.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect(await within(form).findAllByText('Mandatory field')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(within(form).getByLabelText('Current password'), 'not-it');
    await user.type(within(form).getByLabelText('6-digit code from the app'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect(await within(form).findByText('The current password is wrong')).toBeTruthy();
    // A refused password does not sign the owner out.
    expect(authStore.get('owner')?.token).toBe('token-1');

    wrongPassword = false;
    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'right-password');
    await user.click(within(form).getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    for (const code of codes) expect(list.textContent).toContain(code);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { password: 'not-it', code: '123456' },
      { password: 'right-password', code: '123456' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('On. Recovery codes left: 10.')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('turns it off with a code or a recovery code', async () => {
    const user = userEvent.setup();
    let enabled = true;
    answer = (url, method) => {
      if (url.endsWith('/api/owner/second-factor') && method === 'DELETE') {
        enabled = false;
        return ok({ enabled: false, recoveryCodesLeft: 0 });
      }
      if (url.endsWith('/api/owner/second-factor')) return ok({ enabled, recoveryCodesLeft: enabled ? 7 : 0 });
      return ok(self);
    };
    renderApp('/owner-mobile/settings', 'en');
    const form = await screen.findByTestId('second-factor-disable');
    expect(within(form).getByText('On. Recovery codes left: 7.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Code or recovery code'), 'abcd-efgh-jkmn');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByText(/Off\. Turn it on/)).toBeTruthy());
    expect(calls.find((call) => call.method === 'DELETE')).toEqual({
      url: 'http://api.test/api/owner/second-factor',
      method: 'DELETE',
      body: { code: 'abcd-efgh-jkmn' },
    });
  });
});
