import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PairRequest } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { updateConsent } from '../../../shared/ui/consent-store.ts';
import { afterQueuedCallbacks } from '../../../test/fake-api.ts';
import { LoveUnlock } from './love-unlock.tsx';

afterEach(() => vi.unstubAllGlobals());

const actor = (id: string, firstName: string) => ({
  _id: id,
  name: firstName,
  firstName,
  lastName: null,
  avatarName: null,
  gender: 'Ж' as const,
  age: 30,
  isDemo: false,
  filled: true,
});
const pair = { _id: 'pair-1', actors: [actor('a', 'Anna'), actor('b', 'Boris')] } as unknown as PairRequest;

/** Pays the unlock with the built-in provider's test card; the server answers `status` for the payment. */
async function payWithTestCard(status: 'paid' | 'incomplete') {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    if (url.includes('/list-price')) return json({ result: { currency: 'USD', provider: 'builtin', publishableKey: null, loveUnlockPrice: 499, plans: [] } });
    if (url.includes('/attach-payment-method'))
      return json({ result: { _id: 'pm-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true } });
    if (url.includes('/create-payment-intent')) return json({ result: { status, price: 499, currency: 'USD', invoice: null } });
    if (url.includes('/site/events')) return json({ result: { recorded: true } });
    return Promise.resolve(new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 }));
  });
  authStore.set('owner', { token: 'token' });
  configureApi({ domain: 'loveMobile', locale: 'en' });
  initI18n('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <LoveUnlock pair={pair} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText(/^Expiry/), '12/30');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(await screen.findByRole('button', { name: 'Pay $4.99 and open' }));
  await waitFor(() => expect(calls.some((call) => call.url.includes('/create-payment-intent'))).toBe(true));
  // The payment has settled and whatever its promise does next (recording the step or not) has run.
  await waitFor(() =>
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.status),
    ).toEqual(['success']),
  );
  await afterQueuedCallbacks();
  return () => calls.filter((call) => call.url.endsWith('/api/site/events')).map((call) => call.body);
}

describe('LoveUnlock analytics', () => {
  it('records the bought unlock when analytics is on, and only once the payment is paid', async () => {
    updateConsent({ analytics: true });
    const steps = await payWithTestCard('paid');
    await waitFor(() => expect(steps()).toEqual([expect.objectContaining({ kind: 'pair', step: 'love_unlock_bought', consent: true })]));
  });

  it('records nothing for a payment still waiting for confirmation', async () => {
    updateConsent({ analytics: true });
    const steps = await payWithTestCard('incomplete');
    expect(steps()).toEqual([]);
  });

  it('records nothing while analytics is off', async () => {
    const steps = await payWithTestCard('paid');
    expect(steps()).toEqual([]);
  });
});
