import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rulesOfPlan, type Invoice, type PaymentMethod, type PriceList, type Subscription, type SubscriptionState } from '@teamcast/contracts';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { CardForm } from './card-form.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

const prices: PriceList = { currency: 'RUB', provider: 'builtin', publishableKey: null, loveUnlockPrice: 29_900, plans: [] };
const invoice: Invoice = {
  _id: 'in_1',
  number: 'TC-00000000-0001',
  kind: 'subscription',
  plan: 'MID_1M_4',
  description: 'Команды · команд: 4 · месяц',
  amount: 749_000,
  currency: 'RUB',
  status: 'open',
  failure: 'card_declined',
  clientSecret: null,
  periodStart: '2026-11-24T10:00:00.000Z',
  periodEnd: '2026-12-24T10:00:00.000Z',
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: null,
};
const subscription: Subscription = {
  plan: 'MID_1M_4',
  title: 'Команды · команд: 4 · месяц',
  status: 'incomplete',
  period: 'month',
  currency: 'RUB',
  amount: 749_000,
  subscribeStartDate: '2026-11-24T10:00:00.000Z',
  subscribeEndDate: '2026-12-24T10:00:00.000Z',
  nextPaymentAt: null,
  nextPaymentAmount: null,
  cancelAtPeriodEnd: false,
  pendingPlan: null,
  latestInvoice: invoice,
};
const declinedCard: PaymentMethod = { _id: 'pm_declined', brand: 'visa', last4: '0002', expMonth: 12, expYear: 2099, isDefault: true };
const goodCard: PaymentMethod = { _id: 'pm_good', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: false };

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

type Call = { url: string; body: unknown };

/** A fake payment service: an owner whose first payment was declined; `payResult` answers pay-invoice. */
function fakeService(
  options: { subscriptionState?: SubscriptionState; attach?: (body: unknown) => Promise<Response>; pay?: (body: unknown) => Promise<Response> } = {},
) {
  const calls: Call[] = [];
  let cards = [declinedCard];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ url, body });
    if (url.includes('/list-price')) return answer(200, { result: prices });
    if (url.includes('/subscription'))
      return answer(200, { result: options.subscriptionState ?? { subscription, access: rulesOfPlan('NONE', true), provider: 'builtin' } });
    if (url.includes('/list-payment-methods')) return answer(200, { result: { data: cards } });
    if (url.includes('/attach-payment-method')) {
      if (options.attach) return options.attach(body);
      cards = [...cards, goodCard];
      return answer(200, { result: goodCard });
    }
    if (url.includes('/pay-invoice')) return options.pay ? options.pay(body) : answer(402, { error: { code: 'card_declined', message: 'Карта отклонена' } });
    return answer(404, { error: { code: 'not_found', message: 'Не найдено' } });
  });
  return calls;
}

function start(node: ReactNode) {
  authStore.set('owner', { token: 'token' });
  configureApi({ domain: 'subscription', locale: 'ru' });
  initI18n('ru');
  return render(<Providers>{node}</Providers>);
}

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear('owner');
});

async function fillCard(number: string, expiry = '12/39') {
  await userEvent.type(screen.getByLabelText('Номер карты'), number);
  await userEvent.type(screen.getByLabelText('Срок действия'), expiry);
  await userEvent.type(screen.getByLabelText('CVC'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Добавить карту' }));
}

describe('a payment that did not go through', () => {
  it('is said once, with no period paid and no team cap of the plan it does not give, and one action: another card', async () => {
    fakeService();
    start(<SubscriptionPanel />);
    const plan = await screen.findByTestId('current-plan');
    expect(plan.textContent).toContain('Команды · команд: 4 · месяц');
    expect(within(plan).getByTestId('subscription-status').textContent).toBe('Платёж не завершён');
    expect(plan.textContent).not.toContain('Оплачено до');
    expect(screen.queryByTestId('team-cap')).toBeNull();
    expect(document.body.textContent).not.toContain('Команды не входят в эту подписку');

    const notice = screen.getByTestId('payment-status-alert');
    expect(notice.textContent).toContain('Карта отклонена');
    expect(notice.textContent).toContain('Оплата подписки «Команды · команд: 4 · месяц» на 7');
    expect(
      within(notice)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Оплатить другой картой']);
    expect(screen.queryByRole('button', { name: 'Оплатить снова' })).toBeNull();
  });

  it('pays the open invoice with a card added in the same dialog, never the declined one', async () => {
    const calls = fakeService({
      pay: () =>
        answer(200, { result: { subscription: { ...subscription, status: 'active' }, access: rulesOfPlan('MID_1M_4', true), provider: 'builtin', invoice } }),
    });
    start(<SubscriptionPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Оплатить другой картой' }));
    const dialog = await screen.findByTestId('pay-invoice');
    expect(dialog.textContent).toContain('Команды · команд: 4 · месяц: 7');
    const pay = within(dialog).getByRole('button', { name: /^Оплатить 7/ });
    expect(pay.hasAttribute('disabled')).toBe(true);

    await fillCard('4242 4242 4242 4242');
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('button', { name: /^Оплатить 7/ })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /^Оплатить 7/ }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/pay-invoice'))).toBe(true));
    expect(calls.find((call) => call.url.includes('/pay-invoice'))!.body).toEqual({ invoiceId: 'in_1', paymentMethodId: 'pm_good' });
    await waitFor(() => expect(screen.queryByTestId('pay-invoice')).toBeNull());
  });

  it('says a second refusal inside the dialog, where another card can be tried at once', async () => {
    fakeService();
    start(<SubscriptionPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Оплатить другой картой' }));
    const dialog = await screen.findByTestId('pay-invoice');
    await fillCard('4242 4242 4242 4242');
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('button', { name: /^Оплатить 7/ })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /^Оплатить 7/ }));
    expect((await within(dialog).findByTestId('pay-invoice-error')).textContent).toBe('Карта отклонена');
    expect(within(dialog).getByRole('button', { name: 'Добавить другую карту' })).toBeTruthy();
  });

  it('says a failed renewal with its reason and the amount it could not charge', async () => {
    const pastDue = { ...subscription, status: 'past_due' as const, latestInvoice: { ...invoice, failure: 'insufficient_funds' as const } };
    fakeService({ subscriptionState: { subscription: pastDue, access: rulesOfPlan('NONE', true), provider: 'builtin' } });
    start(<SubscriptionPanel />);
    const notice = await screen.findByTestId('payment-status-alert');
    expect(notice.textContent).toContain('Недостаточно средств на карте');
    expect(notice.textContent).toContain('Не удалось списать 7');
    expect(within(notice).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByTestId('current-plan').textContent).not.toContain('Оплачено до');
  });
});

describe('the card form says each problem on its field', () => {
  const field = (label: string) => screen.getByLabelText(label);
  const describedBy = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');

  it('a number failing the Luhn check is an invalid number on the number field, before any call', async () => {
    const calls = fakeService();
    start(<CardForm provider="builtin" publishableKey={null} />);
    await fillCard('4242 4242 4242 4241');
    const number = field('Номер карты');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(number)).toContain('Неверный номер карты');
    expect(screen.queryByText('Карта отклонена')).toBeNull();
    expect(calls.some((call) => call.url.includes('/attach-payment-method'))).toBe(false);
  });

  it('an expired date is said on the expiry field, before any call', async () => {
    const calls = fakeService();
    start(<CardForm provider="builtin" publishableKey={null} />);
    await fillCard('4242 4242 4242 4242', '01/20');
    const expiry = field('Срок действия');
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(expiry)).toContain('Срок действия карты истёк');
    expect(screen.queryByText('Проверьте выделенное поле')).toBeNull();
    expect(calls.some((call) => call.url.includes('/attach-payment-method'))).toBe(false);
  });

  it("puts the server's refusal of a field on that field, and a decline above the form", async () => {
    let refusal = { code: 'card_expired', message: 'Срок действия карты истёк', field: 'testCard.expYear' };
    fakeService({ attach: () => answer(refusal.code === 'card_expired' ? 400 : 402, { error: refusal }) });
    start(<CardForm provider="builtin" publishableKey={null} />);
    await fillCard('4242 4242 4242 4242');
    await waitFor(() => expect(field('Срок действия').getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(field('Срок действия'))).toContain('Срок действия карты истёк');
    expect(screen.queryByTestId('card-error')).toBeNull();

    refusal = { code: 'card_declined', message: 'Карта отклонена', field: undefined as unknown as string };
    await userEvent.click(screen.getByRole('button', { name: 'Добавить карту' }));
    expect((await screen.findByTestId('card-error')).textContent).toBe('Карта отклонена');
    expect(field('Срок действия').getAttribute('aria-invalid')).not.toBe('true');
  });
});
