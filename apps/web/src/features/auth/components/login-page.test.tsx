import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { configureApi } from '../../../shared/api/client.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'ru' });
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

/** Screens load lazily, as in the app. */
const slow = { timeout: STATE_WAIT_MS };

describe('sign-in screens', () => {
  it('checks the fields with the section 5 messages, shows a refused sign-in, then signs in and goes to ?next=', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/owner/login?next=%2Fowner%2Fprofiles');
    await screen.findByTestId('login-page', {}, slow);

    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/passport/owner/login')).toHaveLength(0);

    await user.type(screen.getByLabelText('Электронная почта'), 'anna@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'wrong-password');
    api.once('POST', '/api/passport/owner/login', {
      status: 401,
      body: { error: { code: 'invalid_credentials', message: 'Проверьте введённые данные и попробуйте ещё раз' } },
    });
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByTestId('auth-error', {}, slow)).textContent).toContain('Проверьте введённые данные и попробуйте ещё раз');
    expect(router.state.location.pathname).toBe('/owner/login');
    expect(api.callsTo('POST', '/api/passport/owner/login').map((call) => call.body)).toEqual([{ email: 'anna@example.com', password: 'wrong-password' }]);

    api.once('POST', '/api/passport/owner/login', { status: 200, body: { result: { token: 'token-1', id: 'owner-1' } } });
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/profiles'), slow);
    expect(authStore.get('owner')).toEqual({ token: 'token-1', subjectId: 'owner-1' });
  });

  it('follows a magic link once and lands on the role home', async () => {
    const magic = '/api/passport/estimator/login/magic/abcdefghijklmnopqrstuvwxyz012345';
    api.once('POST', magic, { status: 200, body: { result: { token: 'token-2', id: 'estimator-1' } } });
    const { router } = renderApp('/estimator/magic-link?token=abcdefghijklmnopqrstuvwxyz012345');
    await waitFor(() => expect(router.state.location.pathname).toBe('/estimator'), slow);
    // The home screen may already be loading its own data; what matters is that the one-time link was spent once.
    expect(api.callsTo('POST', magic)).toHaveLength(1);
    expect(authStore.get('estimator')?.token).toBe('token-2');
  });

  it('offers a new link when the link has expired', async () => {
    api.once('POST', '/api/passport/owner/login/magic/abcdefghijklmnopqrstuvwxyz012345', {
      status: 410,
      body: { error: { code: 'link_expired', message: 'Срок действия ссылки истёк' } },
    });
    renderApp('/owner/magic-link?token=abcdefghijklmnopqrstuvwxyz012345');
    expect((await screen.findByTestId('auth-error', {}, slow)).textContent).toContain('Срок действия ссылки истёк');
    expect(screen.getByRole('button', { name: 'Прислать ссылку' })).toBeTruthy();
  });

  it('refuses sign-up without the consents and shows the server message when the sign-up is refused', async () => {
    const user = userEvent.setup();
    renderApp('/owner/first-signup', 'en');
    await screen.findByTestId('signup-page', {}, slow);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('Company'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findAllByText('Consent is required')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/passport/owner/signup')).toHaveLength(0);

    await user.click(screen.getByLabelText('I accept the privacy policy'));
    await user.click(screen.getByLabelText('I agree to the processing of my personal data'));
    api.once('POST', '/api/passport/owner/signup', { status: 429, body: { error: { code: 'rate_limited', message: 'Too many attempts. Try again later' } } });
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect((await screen.findByTestId('auth-error', {}, slow)).textContent).toContain('Too many attempts. Try again later');
    expect(api.callsTo('POST', '/api/passport/owner/signup')[0]?.body).toMatchObject({
      email: 'anna@example.com',
      companyName: 'Acme',
      privacyPolicy: true,
      personalData: true,
      surface: 'desktop',
    });
  });
});
