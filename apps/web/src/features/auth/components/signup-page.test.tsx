import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../../../shared/api/client.ts';
import { updateConsent } from '../../../shared/ui/consent-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

let calls: { url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'en' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    const answer = url.endsWith('/api/passport/owner/signup')
      ? { status: 202, body: { result: { sent: true } } }
      : url.endsWith('/api/site/events')
        ? { status: 200, body: { result: { recorded: true } } }
        : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const slow = { timeout: STATE_WAIT_MS };
const steps = () => calls.filter((call) => call.url.endsWith('/api/site/events')).map((call) => call.body as { kind: string; step: string; consent: boolean });

async function signUp() {
  const user = userEvent.setup();
  const { router } = renderApp('/owner/first-signup', 'en');
  await screen.findByTestId('signup-page', {}, slow);
  await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await user.type(screen.getByLabelText('Company'), 'Acme');
  await user.click(screen.getByLabelText('I accept the privacy policy'));
  await user.click(screen.getByLabelText('I agree to the processing of my personal data'));
  await user.click(screen.getByRole('button', { name: 'Create the account' }));
  expect((await screen.findByTestId('signup-sent', {}, slow)).textContent).toContain('Check your mail: we sent a message to anna@example.com');
  expect(router.state.location.pathname).toBe('/owner/first-signup');
}

describe('sign-up analytics', () => {
  it('records opened, submitted and succeeded on our own server when the visitor turned analytics on', async () => {
    updateConsent({ analytics: true });
    await signUp();
    await waitFor(() => expect(steps().map((event) => event.step)).toEqual(['signup_opened', 'signup_submitted', 'signup_succeeded']));
    expect(steps().every((event) => event.kind === 'registration' && event.consent)).toBe(true);
    expect(calls.every((call) => call.url.startsWith('http://api.test/'))).toBe(true);
  });

  it('sends no step at all while analytics is off', async () => {
    await signUp();
    expect(calls.some((call) => call.url.endsWith('/api/passport/owner/signup'))).toBe(true);
    expect(steps()).toEqual([]);
  });

  it('asks no password: the address is proven first, and the sign-up sends only address, company and consents', async () => {
    await signUp();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(calls.find((call) => call.url.endsWith('/api/passport/owner/signup'))!.body).toEqual({
      email: 'anna@example.com',
      companyName: 'Acme',
      privacyPolicy: true,
      personalData: true,
      ln: 'en',
      surface: 'desktop',
    });
  });
});
