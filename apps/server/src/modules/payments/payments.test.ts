import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TEST_CARDS, defineEndpoint, formatMoney, planById } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { createOwner, mailTo, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { profiles } from '../../db/schema/index.ts';
import { assertTeamCap, onAccessRulesChanged, pairUnlocked } from './access-rules.ts';
import { advancePaymentClock, days } from './payment-clock.ts';

// A team-creation-like gated call, registered the way the teams module will use the access rules.
const createTeamLike = defineEndpoint({
  group: 'scene',
  method: 'POST',
  path: '/test/gated-team',
  summary: 'test only',
  body: z.object({ currentTeams: z.number().int() }),
  result: z.object({ created: z.boolean() }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    route(app, createTeamLike, {
      access: ['owner'],
      handler: async ({ auth, body }) => {
        await assertTeamCap(app.database.db, auth.subjectId, body.currentTeams);
        return { created: true };
      },
    });
  });
});
afterAll(() => t.close());

type Call = { method?: 'GET' | 'POST' | 'DELETE'; key?: string | false; lang?: 'ru' | 'en' };
async function call(owner: SignedIn, path: string, payload?: unknown, { method = payload === undefined ? 'GET' : 'POST', key, lang = 'en' }: Call = {}) {
  const headers: Record<string, string> = { ...owner.headers, 'accept-language': lang };
  if (key !== false && method === 'POST') headers['idempotency-key'] = key ?? crypto.randomUUID();
  const res = await t.app.inject({ method, url: `/api/payment${path}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

async function addCard(owner: SignedIn, number: string) {
  const res = await call(owner, '/attach-payment-method', { testCard: { number, expMonth: 12, expYear: 2099, cvc: '123' } });
  expect(res.status).toBe(200);
  return res.body.result._id as string;
}

async function ownerWithCard(number: string = TEST_CARDS.success) {
  const owner = await createOwner(t);
  const card = await addCard(owner, number);
  return { owner, card };
}

async function profileOf(owner: SignedIn): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db
    .insert(profiles)
    .values({ id, ownerId: owner.id, kind: 'love', permalink: crypto.randomUUID(), linkExpiresAt: new Date(Date.now() + days(30)) });
  return id;
}

const state = async (owner: SignedIn) => (await call(owner, '/subscription')).body.result;

describe('plans and prices', () => {
  it('lists plans in rubles for Russian and dollars otherwise, with the discount computed from the two prices', async () => {
    const ru = (await t.app.inject({ method: 'GET', url: '/api/payment/list-price?ln=ru' })).json().result;
    const en = (await t.app.inject({ method: 'GET', url: '/api/payment/list-price?ln=en' })).json().result;
    expect(ru.currency).toBe('RUB');
    expect(en.currency).toBe('USD');
    expect(ru.provider).toBe('builtin');
    expect(ru.publishableKey).toBeNull();
    const monthly = en.plans.find((plan: { subscription: string }) => plan.subscription === 'FULL_1M_2');
    expect(monthly).toMatchObject({ currency: 'USD', period: 'month', teams: 2, product: 'simulator' });
    expect(monthly.discountPercent).toBe(Math.round(((monthly.price - monthly.discountedPrice) / monthly.price) * 100));
    expect(monthly.discountPercent).toBeGreaterThan(0);
    expect(ru.plans.map((plan: { subscription: string }) => plan.subscription)).not.toContain('NONE');
    expect(ru.plans.find((plan: { subscription: string }) => plan.subscription === 'LITE_7D').title).toBe('Базовый · неделя');
  });
});

describe('subscribing with the test cards', () => {
  it('activates with 4242 4242 4242 4242 and opens teams', async () => {
    const { owner } = await ownerWithCard();
    expect((await call(owner, '/access-rules')).body.result).toMatchObject({ plan: 'NONE', allowCreateTeams: false, hideExpertise: true });
    const res = await call(owner, '/update-subscription', { subscribe: 'MID_1M_2', ln: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.result.subscription).toMatchObject({
      plan: 'MID_1M_2',
      status: 'active',
      currency: 'USD',
      amount: planById('MID_1M_2').prices.USD.discountedPrice,
    });
    expect(res.body.result.subscription.latestInvoice).toMatchObject({ status: 'paid', failure: null });
    expect(res.body.result.access).toMatchObject({ plan: 'MID_1M_2', allowCreateTeams: true, allowScene: false, teamCap: 2, hideExpertise: false });
    expect(res.body.result.subscription.nextPaymentAt).toBe(res.body.result.subscription.subscribeEndDate);
  });

  it('answers card declined for 4000 0000 0000 0002 and leaves the subscription incomplete', async () => {
    const { owner } = await ownerWithCard(TEST_CARDS.declined);
    const res = await call(owner, '/update-subscription', { subscribe: 'FULL_7D_1' }, { lang: 'ru' });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'card_declined', message: 'Карта отклонена' });
    const now = await state(owner);
    expect(now.subscription).toMatchObject({ status: 'incomplete', currency: 'RUB' });
    expect(now.subscription.latestInvoice).toMatchObject({ status: 'open', failure: 'card_declined' });
    expect(now.access.allowCreateTeams).toBe(false);
  });

  it('answers insufficient funds for 4000 0000 0000 9995', async () => {
    const { owner } = await ownerWithCard(TEST_CARDS.insufficientFunds);
    const res = await call(owner, '/update-subscription', { subscribe: 'FULL_7D_1' });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'insufficient_funds', message: 'Insufficient funds on the card' });
    expect((await state(owner)).subscription.status).toBe('incomplete');
  });

  it('keeps 4000 0025 0000 3155 incomplete until the cardholder confirms, with its own wording', async () => {
    const { owner } = await ownerWithCard(TEST_CARDS.needsConfirmation);
    const res = await call(owner, '/update-subscription', { subscribe: 'FULL_1M_1' }, { lang: 'ru' });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'payment_incomplete', message: 'Платёж требует подтверждения' });
    const pending = await state(owner);
    expect(pending.subscription.status).toBe('incomplete');
    expect(pending.subscription.latestInvoice.failure).toBe('payment_incomplete');
    const confirmed = await call(owner, '/pay-invoice', { invoiceId: pending.subscription.latestInvoice._id, confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result.subscription.status).toBe('active');
    expect(confirmed.body.result.invoice.status).toBe('paid');
    expect(confirmed.body.result.access.allowScene).toBe(true);
  });

  it('restores a declined first payment with another card', async () => {
    const { owner } = await ownerWithCard(TEST_CARDS.declined);
    await call(owner, '/update-subscription', { subscribe: 'LITE_7D' });
    const good = await addCard(owner, TEST_CARDS.success);
    const invoiceId = (await state(owner)).subscription.latestInvoice._id;
    const paid = await call(owner, '/pay-invoice', { invoiceId, paymentMethodId: good });
    expect(paid.status).toBe(200);
    expect(paid.body.result.subscription.status).toBe('active');
    const again = await call(owner, '/pay-invoice', { invoiceId, paymentMethodId: good });
    expect(again.body.error.code).toBe('invoice_not_payable');
  });

  it('asks for a card first, and refuses a card number that is not a test card', async () => {
    const owner = await createOwner(t);
    const res = await call(owner, '/update-subscription', { subscribe: 'LITE_7D' });
    expect(res.body.error.code).toBe('payment_method_required');
    const real = await call(owner, '/attach-payment-method', { testCard: { number: '5555 5555 5555 4444', expMonth: 1, expYear: 2099, cvc: '123' } });
    expect(real.body.error.code).toBe('card_declined');
  });

  it('refuses a money-moving call without an Idempotency-Key', async () => {
    const { owner } = await ownerWithCard();
    const res = await call(owner, '/update-subscription', { subscribe: 'LITE_7D' }, { key: false });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'Idempotency-Key' });
    expect((await state(owner)).subscription).toBeNull();
  });
});

describe('a card that fails, said where it fails', () => {
  const attach = (owner: SignedIn, card: Record<string, unknown>, lang: 'ru' | 'en') =>
    call(owner, '/attach-payment-method', { testCard: { expMonth: 12, expYear: 2099, cvc: '123', ...card } }, { lang });

  it('answers a number failing the Luhn check as an invalid number on the number field, not as a decline, in both languages', async () => {
    const owner = await createOwner(t);
    const ru = await attach(owner, { number: '4242 4242 4242 4241' }, 'ru');
    expect(ru.status).toBe(400);
    expect(ru.body.error).toEqual({ code: 'validation_failed', field: 'testCard.number', message: 'Неверный номер карты' });
    const en = await attach(owner, { number: '1234' }, 'en');
    expect(en.body.error).toEqual({ code: 'validation_failed', field: 'testCard.number', message: 'Invalid card number' });
    expect((await call(owner, '/list-payment-methods')).body.result.data).toHaveLength(0);
  });

  it('answers an expired card as expired on the expiry field, by the payment clock, in both languages', async () => {
    const owner = await createOwner(t);
    const ru = await attach(owner, { number: TEST_CARDS.success, expMonth: 1, expYear: 2020 }, 'ru');
    expect(ru.status).toBe(400);
    expect(ru.body.error).toEqual({ code: 'card_expired', field: 'testCard.expYear', message: 'Срок действия карты истёк' });
    const en = await attach(owner, { number: TEST_CARDS.declined, expMonth: 1, expYear: 2020 }, 'en');
    expect(en.body.error).toEqual({ code: 'card_expired', field: 'testCard.expYear', message: 'The card has expired' });
  });

  it('declines a valid number that is no test card with the decline message, on no field', async () => {
    const owner = await createOwner(t);
    const res = await attach(owner, { number: '4111 1111 1111 1111' }, 'ru');
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'card_declined', message: 'Карта отклонена' });
  });

  it('pays a declined first payment with another card, which then renews it, and mails one receipt with the invoice', async () => {
    const { owner, card: declined } = await ownerWithCard(TEST_CARDS.declined);
    const refused = await call(owner, '/update-subscription', { subscribe: 'MID_1M_2', ln: 'ru' }, { lang: 'ru' });
    expect(refused.body.error.code).toBe('card_declined');
    expect(await mailTo(t, owner.email)).toHaveLength(0);

    const good = await addCard(owner, TEST_CARDS.success);
    const invoiceId = (await state(owner)).subscription.latestInvoice._id;
    const paid = await call(owner, '/pay-invoice', { invoiceId, paymentMethodId: good }, { lang: 'ru' });
    expect(paid.status).toBe(200);
    expect(paid.body.result.subscription.status).toBe('active');
    const methods = (await call(owner, '/list-payment-methods')).body.result.data;
    expect(methods.find((method: { _id: string }) => method._id === good).isDefault).toBe(true);
    expect(methods.find((method: { _id: string }) => method._id === declined).isDefault).toBe(false);

    const mails = await mailTo(t, owner.email);
    expect(mails).toHaveLength(1);
    const [receipt] = mails;
    const invoice = paid.body.result.invoice;
    expect(receipt).toMatchObject({ kind: 'receipt', locale: 'ru' });
    expect(receipt!.subject).toBe(`Чек Teamcast по счёту ${invoice.number}`);
    const plain = receipt!.textBody.replace(/\u00a0|\u202f/g, ' ');
    expect(plain).toContain(`Счёт: ${invoice.number}`);
    expect(plain).toContain(`За что: ${invoice.description}`);
    expect(plain).toContain(`Оплачено: ${formatMoney(planById('MID_1M_2').prices.RUB.discountedPrice, 'RUB', 'ru').replace(/\u00a0|\u202f/g, ' ')}`);
    expect(plain).toMatch(/Период: \d{1,2} [а-я]+ \d{4} г\. – \d{1,2} [а-я]+ \d{4} г\./);
    expect(plain).toContain('VISA •••• 4242');
  });

  it('renews with the card a declined subscription was then paid with in the plans dialog', async () => {
    const { owner, card: declined } = await ownerWithCard(TEST_CARDS.declined);
    expect((await call(owner, '/update-subscription', { subscribe: 'LITE_7D' })).body.error.code).toBe('card_declined');
    const good = await addCard(owner, TEST_CARDS.success);
    expect((await call(owner, '/update-subscription', { subscribe: 'LITE_7D', paymentMethodId: good })).status).toBe(200);
    const methods = (await call(owner, '/list-payment-methods')).body.result.data as { _id: string; isDefault: boolean }[];
    expect(methods.filter((method) => method.isDefault).map((method) => method._id)).toEqual([good]);
    expect(methods.map((method) => method._id)).toContain(declined);
    await advancePaymentClock(t.database.db, days(7) + 60_000);
    expect((await state(owner)).subscription).toMatchObject({ status: 'active' });
  });

  it('mails a receipt for each renewal and each plan change that charges, in dollars for an English owner, and none for a free demo', async () => {
    const { owner } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'MID_7D_1', ln: 'en' });
    await advancePaymentClock(t.database.db, days(7) + 60_000);
    expect((await state(owner)).subscription.status).toBe('active');
    const changed = await call(owner, '/update-subscription', { subscribe: 'FULL_7D_1' });
    expect(changed.body.result.proration).toBeGreaterThan(0);
    const receipts = await mailTo(t, owner.email);
    expect(receipts.map((mail) => mail.kind)).toEqual(['receipt', 'receipt', 'receipt']);
    const invoices = (await call(owner, '/list-all-invoices')).body.result.data as { number: string; status: string }[];
    for (const invoice of invoices.filter((row) => row.status === 'paid'))
      expect(receipts.some((mail) => mail.subject === `Your Teamcast receipt ${invoice.number}`)).toBe(true);
    expect(receipts.some((mail) => mail.textBody.includes(`Amount paid: ${formatMoney(planById('MID_7D_1').prices.USD.discountedPrice, 'USD', 'en')}`))).toBe(
      true,
    );

    const demo = await createOwner(t);
    await call(demo, '/update-subscription', { subscribe: 'LITE_DEMO' });
    expect(await mailTo(t, demo.email)).toHaveLength(0);
  });
});

describe('idempotency', () => {
  it('charges once when a subscribe is retried with the same key, and returns the first outcome', async () => {
    const { owner } = await ownerWithCard();
    const key = `retry-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([
      call(owner, '/update-subscription', { subscribe: 'FULL_1M_3' }, { key }),
      call(owner, '/update-subscription', { subscribe: 'FULL_1M_3' }, { key }),
    ]);
    const third = await call(owner, '/update-subscription', { subscribe: 'FULL_1M_3' }, { key });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(third.body).toEqual(first.body);
    const invoices = (await call(owner, '/list-all-invoices?limit=50')).body.result.data;
    expect(invoices.filter((invoice: { status: string }) => invoice.status === 'paid')).toHaveLength(1);
  });

  it('replays a decline for the same key and refuses the key for another request', async () => {
    const { owner } = await ownerWithCard(TEST_CARDS.declined);
    const key = `decline-${crypto.randomUUID()}`;
    const first = await call(owner, '/update-subscription', { subscribe: 'LITE_7D' }, { key });
    const retry = await call(owner, '/update-subscription', { subscribe: 'LITE_7D' }, { key });
    expect(retry.body).toEqual(first.body);
    const other = await call(owner, '/update-subscription', { subscribe: 'LITE_1M' }, { key });
    expect(other.body.error.code).toBe('idempotency_conflict');
    const invoices = (await call(owner, '/list-all-invoices')).body.result.data;
    expect(invoices).toHaveLength(1);
  });
});

describe('renewals', () => {
  it('renews at the period end with the default card', async () => {
    const { owner } = await ownerWithCard();
    const started = (await call(owner, '/update-subscription', { subscribe: 'MID_7D_1' })).body.result.subscription;
    await advancePaymentClock(t.database.db, days(7) + 60_000);
    const renewed = await state(owner);
    expect(renewed.subscription.status).toBe('active');
    expect(renewed.subscription.subscribeEndDate).toBe(new Date(Date.parse(started.subscribeEndDate) + days(7)).toISOString());
    expect(renewed.subscription.latestInvoice).toMatchObject({ status: 'paid', periodStart: started.subscribeEndDate });
    expect((await call(owner, '/list-all-invoices')).body.result.data).toHaveLength(2);
  });

  it('makes a failed renewal past_due, closes the gate, and restores it with another card', async () => {
    const { owner, card } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'MID_7D_2' });
    const bad = await addCard(owner, TEST_CARDS.insufficientFunds);
    await call(owner, '/set-default-payment-method', { paymentMethodId: bad });
    await advancePaymentClock(t.database.db, days(7) + 60_000);
    const failed = await state(owner);
    expect(failed.subscription.status).toBe('past_due');
    expect(failed.subscription.latestInvoice).toMatchObject({ status: 'open', failure: 'insufficient_funds' });
    expect(failed.access).toMatchObject({ plan: 'NONE', allowCreateTeams: false });
    const gated = await t.app.inject({
      method: 'POST',
      url: '/api/scene/test/gated-team',
      headers: { ...owner.headers, 'accept-language': 'ru' },
      payload: { currentTeams: 0 },
    });
    expect(gated.statusCode).toBe(403);
    const restored = await call(owner, '/pay-invoice', { invoiceId: failed.subscription.latestInvoice._id, paymentMethodId: card });
    expect(restored.status).toBe(200);
    expect(restored.body.result.subscription.status).toBe('active');
    expect(restored.body.result.access.allowCreateTeams).toBe(true);
  });
});

describe('cancel, resume and change plan', () => {
  it('cancels renewal keeping access to the period end, resumes, and ends after a cancelled period', async () => {
    const { owner } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'FULL_7D_1' });
    const cancelled = (await call(owner, '/cancel-subscription', {})).body.result;
    expect(cancelled.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextPaymentAt: null });
    expect(cancelled.access.allowScene).toBe(true);
    const resumed = (await call(owner, '/resume-subscription', {})).body.result;
    expect(resumed.subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect(resumed.subscription.nextPaymentAt).toBe(resumed.subscription.subscribeEndDate);
    await call(owner, '/cancel-subscription', {});
    await advancePaymentClock(t.database.db, days(8));
    const ended = await state(owner);
    expect(ended.subscription.status).toBe('canceled');
    expect(ended.access.plan).toBe('NONE');
    expect((await call(owner, '/list-all-invoices')).body.result.data).toHaveLength(1);
    expect((await call(owner, '/resume-subscription', {})).body.error.code).toBe('subscription_not_active');
  });

  it('changes plan at once, charging the difference for the rest of the period', async () => {
    const { owner } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'MID_1M_1', ln: 'en' });
    const res = await call(owner, '/update-subscription', { subscribe: 'FULL_1M_4' });
    expect(res.status).toBe(200);
    const difference = planById('FULL_1M_4').prices.USD.discountedPrice - planById('MID_1M_1').prices.USD.discountedPrice;
    expect(res.body.result.proration).toBeGreaterThan(0);
    expect(res.body.result.proration).toBeLessThanOrEqual(difference);
    expect(res.body.result.subscription).toMatchObject({ plan: 'FULL_1M_4', status: 'active' });
    expect(res.body.result.access).toMatchObject({ teamCap: 4, allowCompareTeams: true });
    const down = await call(owner, '/update-subscription', { subscribe: 'LITE_1M' });
    expect(down.body.result.proration).toBe(0);
    expect(down.body.result.access.allowCreateTeams).toBe(false);
  });

  it('keeps the plan when the change payment is declined', async () => {
    const { owner } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'LITE_7D' });
    const declined = await addCard(owner, TEST_CARDS.declined);
    const res = await call(owner, '/update-subscription', { subscribe: 'FULL_7D_1', paymentMethodId: declined });
    expect(res.body.error.code).toBe('card_declined');
    expect((await state(owner)).subscription).toMatchObject({ plan: 'LITE_7D', status: 'active' });
  });

  it('books a plan change for the next renewal without charging now', async () => {
    const { owner } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'FULL_7D_2' });
    const booked = (await call(owner, '/update-subscription-unsecure', { subscribe: 'MID_7D_1' })).body.result;
    expect(booked.subscription).toMatchObject({
      plan: 'FULL_7D_2',
      pendingPlan: 'MID_7D_1',
      nextPaymentAmount: planById('MID_7D_1').prices.USD.discountedPrice,
    });
    await advancePaymentClock(t.database.db, days(7) + 60_000);
    expect((await state(owner)).subscription).toMatchObject({ plan: 'MID_7D_1', pendingPlan: null, status: 'active' });
  });

  it('gives the free 3-day demo once, without renewal', async () => {
    const owner = await createOwner(t);
    const demo = (await call(owner, '/update-subscription', { subscribe: 'MID_DEMO' })).body.result;
    expect(demo.subscription).toMatchObject({ plan: 'MID_DEMO', status: 'active', amount: 0, nextPaymentAt: null });
    expect(demo.access).toMatchObject({ allowCreateTeams: true, teamCap: 1 });
    await advancePaymentClock(t.database.db, days(4));
    expect((await state(owner)).access.plan).toBe('NONE');
    expect((await call(owner, '/update-subscription', { subscribe: 'FULL_DEMO' })).body.error.code).toBe('demo_already_used');
  });
});

describe('access rules gate the product', () => {
  it('refuses a gated call without a plan (403 with a clear message) and lets it through with one', async () => {
    const { owner } = await ownerWithCard();
    const gated = () =>
      t.app.inject({ method: 'POST', url: '/api/scene/test/gated-team', headers: { ...owner.headers, 'accept-language': 'en' }, payload: { currentTeams: 0 } });
    const refused = await gated();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'subscription_required', message: 'This needs a subscription plan that includes it' });
    expect((await call(owner, '/access-rules')).body.result.allowCreateTeams).toBe(false);
    await call(owner, '/update-subscription', { subscribe: 'MID_7D_1' });
    expect((await call(owner, '/access-rules')).body.result.allowCreateTeams).toBe(true);
    expect((await gated()).statusCode).toBe(200);
  });

  it('enforces the team cap of the plan', async () => {
    const { owner } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'MID_7D_2' });
    const create = (currentTeams: number) =>
      t.app.inject({ method: 'POST', url: '/api/scene/test/gated-team', headers: { ...owner.headers, 'accept-language': 'ru' }, payload: { currentTeams } });
    expect((await create(1)).statusCode).toBe(200);
    const full = await create(2);
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toEqual({ code: 'team_limit_reached', message: 'Достигнуто максимальное количество команд в подписке' });
  });

  it('asks an unverified owner to verify first', async () => {
    const owner = await createOwner(t, { verifiedAt: null });
    expect((await call(owner, '/access-rules')).body.result.needVerify).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/scene/test/gated-team', headers: owner.headers, payload: { currentTeams: 0 } });
    expect(res.json().error.code).toBe('verify_account');
  });

  it('tells listeners when an owner’s rules change, and pushes syncAccessRules to the owner’s sockets', async () => {
    const { owner } = await ownerWithCard();
    const heard: string[] = [];
    const stop = onAccessRulesChanged((id) => heard.push(id));
    const publish = vi.spyOn(t.app.gate, 'publish');
    await call(owner, '/update-subscription', { subscribe: 'LITE_7D' });
    const synced = await call(owner, '/sync-access-rules', {});
    stop();
    expect(synced.body.result.plan).toBe('LITE_7D');
    expect(heard.filter((id) => id === owner.id).length).toBeGreaterThanOrEqual(2);
    await vi.waitFor(() =>
      expect(publish).toHaveBeenCalledWith(
        { role: 'owner', subjectId: owner.id },
        { type: 'syncAccessRules', payload: expect.objectContaining({ plan: 'LITE_7D', allowCreateTeams: false }) },
      ),
    );
    publish.mockRestore();
  });
});

describe('cards and invoices', () => {
  it('stores only brand, last four digits and expiry; sets the default and removes cards', async () => {
    const { owner, card } = await ownerWithCard();
    const second = await addCard(owner, TEST_CARDS.declined);
    const list = (await call(owner, '/list-payment-methods')).body.result.data;
    expect(list[0]).toEqual({ _id: card, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true });
    const rows = await t.database.query('select * from payment_methods where owner_id = $1', [owner.id]);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expect(Object.keys(rows[0]!).sort()).toEqual(['brand', 'created_at', 'exp_month', 'exp_year', 'id', 'last4', 'owner_id', 'provider', 'provider_method_id']);
    const switched = (await call(owner, '/set-default-payment-method', { paymentMethodId: second })).body.result.data;
    expect(switched[0]).toMatchObject({ _id: second, isDefault: true });
    const removed = (await call(owner, `/detach-payment-method?paymentMethodId=${second}`, undefined, { method: 'DELETE' })).body.result.data;
    expect(removed).toEqual([expect.objectContaining({ _id: card, isDefault: true })]);
  });

  it('limits how fast one session adds cards', async () => {
    const owner = await createOwner(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push(
        (await call(owner, '/attach-payment-method', { testCard: { number: TEST_CARDS.success, expMonth: 12, expYear: 2099, cvc: '123' } })).status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("answers 404 for another owner's card or invoice", async () => {
    const { owner, card } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'LITE_7D' });
    const invoiceId = (await state(owner)).subscription.latestInvoice._id;
    const other = await createOwner(t);
    expect((await call(other, '/set-default-payment-method', { paymentMethodId: card })).status).toBe(404);
    expect((await call(other, '/pay-invoice', { invoiceId })).status).toBe(404);
  });

  it('pages invoices newest first with next_page and has_more', async () => {
    const { owner } = await ownerWithCard();
    await call(owner, '/update-subscription', { subscribe: 'LITE_7D' });
    for (let week = 0; week < 4; week++) {
      await advancePaymentClock(t.database.db, days(7) + 1000);
      await state(owner);
    }
    const first = (await call(owner, '/list-all-invoices?limit=2')).body.result;
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = (await call(owner, `/list-all-invoices?limit=2&next_page=${first.next_page}`)).body.result;
    const third = (await call(owner, `/list-all-invoices?limit=2&next_page=${second.next_page}`)).body.result;
    expect(third).toMatchObject({ has_more: false, next_page: null });
    const all = [...first.data, ...second.data, ...third.data];
    expect(all).toHaveLength(5);
    expect(new Set(all.map((invoice: { _id: string }) => invoice._id)).size).toBe(5);
    expect(all.map((invoice: { createdAt: string }) => invoice.createdAt)).toEqual(
      all
        .map((invoice: { createdAt: string }) => invoice.createdAt)
        .sort()
        .reverse(),
    );
  });

  it("numbers each owner's invoices from 1 under the owner's own prefix, whatever other owners bought, and never twice", async () => {
    const numbers = async (owner: SignedIn) =>
      ((await call(owner, '/list-all-invoices?limit=50')).body.result.data as { number: string }[]).map((invoice) => invoice.number).reverse();
    const { owner: first } = await ownerWithCard();
    await call(first, '/update-subscription', { subscribe: 'LITE_7D' });
    const { owner: second } = await ownerWithCard();
    await call(second, '/update-subscription', { subscribe: 'LITE_7D' });
    const prefix = (owner: SignedIn) => `TC-${owner.id.replace(/-/g, '').slice(0, 8).toUpperCase()}-`;
    expect(await numbers(first)).toEqual([`${prefix(first)}0001`]);
    expect(await numbers(second)).toEqual([`${prefix(second)}0001`]);
    // Renewals run outside any request, several periods at once: each takes the next number of its owner.
    await advancePaymentClock(t.database.db, days(14) + 1000);
    await Promise.all([state(second), state(second), state(second)]);
    expect(await numbers(second)).toEqual([1, 2, 3].map((n) => `${prefix(second)}000${n}`));
  });
});

describe('love unlock per pair', () => {
  it("unlocks a pair of the owner's own profiles once, in either order, charges once, and answers 404 for another owner", async () => {
    const { owner } = await ownerWithCard();
    const [a, b] = [await profileOf(owner), await profileOf(owner)];
    expect((await call(owner, '/check-payment-pair', { id1: a, id2: b })).body.result.status).toBe('unpaid');
    const paid = await call(owner, '/create-payment-intent', { id1: a, id2: b }, { lang: 'ru' });
    expect(paid.status).toBe(200);
    expect(paid.body.result).toMatchObject({ status: 'paid', currency: 'RUB', price: 29_900 });
    expect((await call(owner, '/check-payment-pair', { id1: b, id2: a })).body.result.status).toBe('paid');
    await call(owner, '/create-payment-intent', { id1: b, id2: a });
    const invoices = (await call(owner, '/list-all-invoices')).body.result.data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'pair_unlock', status: 'paid' });
    expect(await pairUnlocked(t.database.db, owner.id, b, a)).toBe(true);
    const other = await createOwner(t);
    expect((await call(other, '/check-payment-pair', { id1: a, id2: b })).status).toBe(404);
    expect((await call(other, '/create-payment-intent', { id1: a, id2: b })).body.error.code).toBe('profile_not_found');
    expect(await pairUnlocked(t.database.db, other.id, a, b)).toBe(false);
  });

  it('keeps a pair incomplete until confirmed, and refuses a pair of one profile', async () => {
    const { owner } = await ownerWithCard(TEST_CARDS.needsConfirmation);
    const [a, b] = [await profileOf(owner), await profileOf(owner)];
    const first = await call(owner, '/create-payment-intent', { id1: a, id2: b });
    expect(first.body.error.code).toBe('payment_incomplete');
    expect((await call(owner, '/check-payment-pair', { id1: a, id2: b })).body.result.status).toBe('incomplete');
    const confirmed = await call(owner, '/create-payment-intent', { id1: a, id2: b, confirm: true });
    expect(confirmed.body.result.status).toBe('paid');
    expect((await call(owner, '/check-payment-pair', { id1: a, id2: a })).status).toBe(400);
  });
});

describe('access declarations', () => {
  it('serves prices to anyone and everything else to owners only', () => {
    const payment = t.app.accessCatalogue.filter((entry) => entry.url.startsWith('/api/payment/'));
    expect(payment.find((entry) => entry.url === '/api/payment/list-price')?.access).toBe('anonymous');
    for (const entry of payment.filter((entry) => entry.url !== '/api/payment/list-price')) expect(entry.access).toEqual(['owner']);
  });
});
