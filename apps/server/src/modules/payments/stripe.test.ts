import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { loadConfig } from '../../core/config.ts';
import { captureLog, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_teamcast';
const stripe = new Stripe('sk_test_teamcast');

/** A stand-in for Stripe's API on this machine: the few calls the processor makes, recorded with their headers. */
type Recorded = { method: string; path: string; body: URLSearchParams; idempotencyKey?: string };
const recorded: Recorded[] = [];
const card = (id: string, last4: string) => ({ id, object: 'payment_method', card: { brand: 'visa', last4, exp_month: 12, exp_year: 2099 } });
const server = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', () => {
    const body = new URLSearchParams(raw);
    const path = request.url ?? '';
    recorded.push({ method: request.method ?? '', path, body, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(payload));
    };
    if (path === '/v1/customers') return send(200, { id: 'cus_test', object: 'customer' });
    if (path.startsWith('/v1/customers/')) return send(200, { id: 'cus_test', object: 'customer' });
    const attach = /^\/v1\/payment_methods\/([\w]+)\/attach$/.exec(path);
    if (attach) return send(200, card(attach[1]!, attach[1] === 'pm_card_visa' ? '4242' : attach[1] === 'pm_card_chargeDeclined' ? '0002' : '3155'));
    if (path === '/v1/payment_intents') {
      const method = body.get('payment_method');
      if (method === 'pm_card_chargeDeclined') {
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method', client_secret: 'pi_declined_secret' },
          },
        });
      }
      if (method === 'pm_card_authenticationRequired')
        return send(200, { id: 'pi_3ds', object: 'payment_intent', status: 'requires_action', client_secret: 'pi_3ds_secret_x' });
      return send(200, { id: `pi_${crypto.randomBytes(4).toString('hex')}`, object: 'payment_intent', status: 'succeeded', client_secret: 'secret' });
    }
    send(404, { error: { type: 'invalid_request_error', message: `no route ${path}` } });
  });
});

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_teamcast',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_teamcast',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'error',
  });
});
// Every test pays as a new owner: no card, customer or subscription left by another test, in whatever order they run.
beforeEach(async () => {
  owner = await createOwner(t);
});
afterAll(async () => {
  await t.close();
  server.close();
});

async function call(path: string, payload?: unknown, method = payload === undefined ? 'GET' : 'POST', key: string = crypto.randomUUID()) {
  const res = await t.app.inject({
    method: method as 'GET' | 'POST',
    url: `/api/payment${path}`,
    headers: { ...owner.headers, 'accept-language': 'en', 'idempotency-key': key },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

function deliver(event: object, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

const intentEvent = (id: string, type: string, intent: object) => ({
  id,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  api_version: Stripe.API_VERSION,
  data: { object: intent },
});

describe('Stripe settings', () => {
  it('stops start-up naming a Stripe variable with a wrong value', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_wrong_kind' })).toThrow(/STRIPE_SECRET_KEY: must start with sk_ or rk_/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });
});

describe('Stripe processor', () => {
  it('says Stripe is active and hands out the publishable key', async () => {
    const prices = (await call('/list-price')).body.result;
    expect(prices).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_teamcast' });
  });

  it('lets Stripe Elements load in the page (script, frames and API in the content security policy)', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toContain('frame-src https://js.stripe.com');
    expect(csp).toContain('https://api.stripe.com');
  });

  it('attaches a card made by Stripe Elements and refuses raw card numbers', async () => {
    const res = await call('/attach-payment-method', { paymentMethodId: 'pm_card_visa' });
    expect(res.body.result).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    expect(recorded.some((entry) => entry.path === '/v1/customers')).toBe(true);
    const raw = await call('/attach-payment-method', { testCard: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } });
    expect(raw.status).toBe(400);
  });

  it('charges through a payment intent carrying the idempotency key, and reports a decline', async () => {
    const declined = (await call('/attach-payment-method', { paymentMethodId: 'pm_card_chargeDeclined' })).body.result._id;
    const res = await call('/update-subscription', { subscribe: 'LITE_7D', paymentMethodId: declined }, 'POST', 'stripe-decline-1');
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('card_declined');
    const intent = recorded.filter((entry) => entry.path === '/v1/payment_intents').at(-1)!;
    expect(intent.idempotencyKey).toContain('stripe-decline-1');
    expect(intent.body.get('amount')).toBe('699');
    expect(intent.body.get('currency')).toBe('usd');
  });
});

describe('Stripe webhook', () => {
  it('completes a payment the cardholder confirmed in the browser, on a validly signed event, and processes a duplicate delivery once', async () => {
    const threeDs = (await call('/attach-payment-method', { paymentMethodId: 'pm_card_authenticationRequired' })).body.result._id;
    const res = await call('/update-subscription', { subscribe: 'FULL_7D_1', paymentMethodId: threeDs });
    expect(res.body.error.code).toBe('payment_incomplete');
    const pending = (await call('/subscription')).body.result.subscription;
    expect(pending.status).toBe('incomplete');
    expect(pending.latestInvoice.clientSecret).toBe('pi_3ds_secret_x');
    const invoiceId = pending.latestInvoice._id as string;
    const [invoice] = await t.database.query<{ amount: number; currency: string }>('select amount, currency from invoices where id = $1', [invoiceId]);
    const paid = { amount_received: invoice!.amount, currency: invoice!.currency.toLowerCase() };

    // Less money, or the same figure in another currency, leaves the invoice open; Stripe is told the event arrived.
    const lines = captureLog(t.app);
    for (const [id, wrong] of [
      ['evt_short_1', { ...paid, amount_received: paid.amount_received - 1 }],
      ['evt_currency_1', { ...paid, currency: paid.currency === 'usd' ? 'rub' : 'usd' }],
    ] as const) {
      const refused = await deliver(
        intentEvent(id, 'payment_intent.succeeded', { id: 'pi_3ds', object: 'payment_intent', status: 'succeeded', metadata: { invoiceId }, ...wrong }),
      );
      expect(refused.statusCode).toBe(200);
      expect((await call('/subscription')).body.result.subscription.status).toBe('incomplete');
    }
    expect(lines.filter((line) => line.includes('does not match its invoice'))).toHaveLength(2);

    const delivered = await deliver(
      intentEvent('evt_paid_1', 'payment_intent.succeeded', { id: 'pi_3ds', object: 'payment_intent', status: 'succeeded', metadata: { invoiceId }, ...paid }),
    );
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().result).toEqual({ received: true, duplicate: false });
    const now = (await call('/subscription')).body.result;
    expect(now.subscription.status).toBe('active');
    expect(now.access.allowScene).toBe(true);

    // The same event id delivered again is processed once.
    const again = await deliver(
      intentEvent('evt_paid_1', 'payment_intent.succeeded', { id: 'pi_3ds', object: 'payment_intent', status: 'succeeded', metadata: { invoiceId }, ...paid }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().result.duplicate).toBe(true);
    const rows = await t.database.query<{ count: number }>("select count(*)::int as count from payment_events where id = 'evt_paid_1'");
    expect(rows[0]!.count).toBe(1);
  });

  it('refuses a bad signature', async () => {
    const res = await deliver(intentEvent('evt_forged', 'payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' }), {
      secret: 'whsec_someone_else',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('webhook_signature_invalid');
    const rows = await t.database.query("select id from payment_events where id = 'evt_forged'");
    expect(rows).toHaveLength(0);
  });

  it('refuses a stale event signed outside the tolerance', async () => {
    const res = await deliver(intentEvent('evt_stale', 'payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' }), {
      timestamp: Math.floor(Date.now() / 1000) - 15 * 60,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('webhook_signature_invalid');
  });

  it('refuses an unsigned body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(400);
  });
});
