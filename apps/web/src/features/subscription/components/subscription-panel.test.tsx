import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CAPABILITIES,
  PRODUCT_CAPABILITIES,
  rulesOfPlan,
  type AccessRules,
  type Capability,
  type PriceList,
  type SubscriptionState,
} from '@teamcast/contracts';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { SubscriptionPanel } from './subscription-panel.tsx';

const none: AccessRules = rulesOfPlan('NONE', true);
const prices: PriceList = {
  currency: 'RUB',
  provider: 'builtin',
  publishableKey: null,
  loveUnlockPrice: 29_900,
  plans: [
    {
      subscription: 'MID_1M_1',
      title: 'Команды · команд: 1 · месяц',
      description: 'Создание и проверка команд',
      product: 'teams',
      tier: 'MID',
      period: 'month',
      teams: 1,
      currency: 'RUB',
      price: 396_000,
      discountedPrice: 299_000,
      discountPercent: 24,
      allowTeams: true,
      allowScene: false,
      allowCompareTeams: false,
      hideExpertise: false,
      capabilities: Object.fromEntries(CAPABILITIES.map((capability) => [capability, PRODUCT_CAPABILITIES.teams[capability]])) as Record<Capability, boolean>,
      seats: null,
    },
  ],
};
const state: SubscriptionState = { subscription: null, access: none, provider: 'builtin' };
const card = { _id: 'pm_1', brand: 'visa', last4: '0002', expMonth: 12, expYear: 2099, isDefault: true };

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SubscriptionPanel', () => {
  it('says the test provider is active, shows the plan with its discount and the decline message of a declined card', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      if (url.includes('/list-price')) return answer(200, { result: prices });
      if (url.includes('/subscription')) return answer(200, { result: state });
      if (url.includes('/list-payment-methods')) return answer(200, { result: { data: [card] } });
      if (url.includes('/update-subscription')) return answer(402, { error: { code: 'card_declined', message: 'Карта отклонена' } });
      return answer(404, { error: { code: 'not_found', message: 'Не найдено' } });
    });
    authStore.set('owner', { token: 'token' });
    configureApi({ domain: 'subscription', locale: 'ru' });
    initI18n('ru');
    render(
      <Providers>
        <SubscriptionPanel />
      </Providers>,
    );
    expect(await screen.findByTestId('test-mode-notice')).toBeTruthy();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeTruthy();
    expect(screen.getByTestId('current-plan').textContent).toContain('Без подписки');

    await userEvent.click(screen.getByRole('button', { name: 'Выбрать подписку' }));
    const plan = await screen.findByTestId('plan-MID_1M_1');
    expect(plan.textContent).toContain('−24%');
    await userEvent.click(within(plan).getByRole('button', { name: 'Выбрать' }));
    const pay = await screen.findByRole('button', { name: /Оплатить/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await userEvent.click(pay);
    const refusal = await screen.findByTestId('checkout-error');
    expect(refusal.textContent).toContain('Карта отклонена');
    // The one way on is another card, in this same dialog.
    await userEvent.click(within(refusal).getByRole('button', { name: 'Оплатить другой картой' }));
    expect(await screen.findByLabelText('Номер карты')).toBeTruthy();
    expect(screen.queryByTestId('checkout-error')).toBeNull();
    expect(screen.getByTestId('checkout')).toBeTruthy();
    const subscribe = calls.find((call) => call.url.includes('/update-subscription'))!;
    expect(subscribe.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    authStore.clear('owner');
  });

  it('shows the team cap message once the cap is reached', async () => {
    const mid: SubscriptionState = {
      subscription: null,
      access: { ...none, plan: 'MID_7D_1', allowTeams: true, allowCreateTeams: true, teamCap: 1, hideExpertise: false },
      provider: 'builtin',
    };
    vi.stubGlobal('fetch', (url: string) => answer(200, { result: url.includes('/list-price') ? prices : mid }));
    configureApi({ domain: 'subscription', locale: 'ru' });
    initI18n('ru');
    render(
      <Providers>
        <SubscriptionPanel teamCount={1} />
      </Providers>,
    );
    expect((await screen.findByTestId('team-cap-reached')).textContent).toBe('Достигнуто максимальное количество команд в подписке');
  });
});
