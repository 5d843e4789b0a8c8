import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { notifyAccessRulesChanged } from './access-rules.ts';
import { paymentNow } from './payment-clock.ts';
import * as repo from './payments.repository.ts';
import { applyPaidInvoice } from './payments.service.ts';
import type { Receipts } from './receipts.ts';
import { failureOf } from './stripe-processor.ts';

export const STRIPE_WEBHOOK_URL = '/api/payment/webhook';
/** Events signed longer ago than this are refused as stale (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

async function invoiceOfIntent(db: Db, intent: Stripe.PaymentIntent) {
  return (
    (await repo.findInvoiceByProviderId(db, 'intent', intent.id)) ??
    (intent.metadata?.invoiceId ? await repo.findInvoiceById(db, intent.metadata.invoiceId) : undefined)
  );
}

/**
 * Applies one verified Stripe event, each event id once: a payment confirmed in the browser (3-D Secure) or later
 * settles its invoice when the amount received and its currency are the invoice's; a failed one records why; a card removed at Stripe is removed here. Returns the owner whose
 * state changed, if any, and whether the event had been processed before.
 */
/** A succeeded payment whose money is not what the invoice asks for: the invoice stays unpaid. */
export type PaymentMismatch = {
  invoiceId: string;
  intentId: string;
  expected: { amount: number; currency: string };
  received: { amount: number | null; currency: string | null };
};

export async function applyStripeEvent(
  db: Db,
  event: Stripe.Event,
  receipts: Receipts,
): Promise<{ duplicate: boolean; ownerId?: string; mismatch?: PaymentMismatch }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const fresh = await repo.recordEvent(tx, { id: event.id, provider: 'stripe', type: event.type, createdAt: new Date(event.created * 1000) });
    if (!fresh) return { duplicate: true };
    if (event.type === 'payment_intent.succeeded') {
      const invoice = await invoiceOfIntent(tx, event.data.object);
      if (!invoice || invoice.status !== 'open') return { duplicate: false };
      // Amounts are in minor units on both sides; Stripe writes currencies in lower case.
      const intent = event.data.object;
      const amount = typeof intent.amount_received === 'number' ? intent.amount_received : null;
      const currency = typeof intent.currency === 'string' ? intent.currency.toUpperCase() : null;
      if (amount !== invoice.amount || currency !== invoice.currency) {
        return {
          duplicate: false,
          mismatch: {
            invoiceId: invoice.id,
            intentId: intent.id,
            expected: { amount: invoice.amount, currency: invoice.currency },
            received: { amount, currency },
          },
        };
      }
      const now = await paymentNow(tx);
      const paid = await repo.updateInvoice(tx, invoice.id, {
        status: 'paid',
        paidAt: now,
        failure: null,
        clientSecret: null,
        providerIntentId: event.data.object.id,
      });
      await applyPaidInvoice(tx, paid, now);
      await receipts.queue(tx, paid);
      return { duplicate: false, ownerId: invoice.ownerId };
    }
    if (event.type === 'payment_intent.payment_failed') {
      const invoice = await invoiceOfIntent(tx, event.data.object);
      if (!invoice || invoice.status !== 'open') return { duplicate: false };
      await repo.updateInvoice(tx, invoice.id, { failure: failureOf(event.data.object.last_payment_error ?? {}), providerIntentId: event.data.object.id });
      return { duplicate: false, ownerId: invoice.ownerId };
    }
    if (event.type === 'payment_method.detached') {
      await repo.deleteMethodByProviderId(tx, event.data.object.id);
    }
    return { duplicate: false };
  });
}

/**
 * POST /api/payment/webhook: Stripe's event endpoint. The signature is checked on the raw body (so this route keeps
 * the body as text), stale signatures are refused, and each event id is processed once.
 */
export async function registerStripeWebhook(app: FastifyInstance, settings: { secretKey: string; webhookSecret: string }, receipts: Receipts): Promise<void> {
  const stripe = new Stripe(settings.secretKey);
  app.accessCatalogue.push({ method: 'POST', url: STRIPE_WEBHOOK_URL, access: 'anonymous' });
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_URL, { schema: { hide: true }, bodyLimit: 512 * 1024 }, async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || typeof request.body !== 'string') throw new AppError('webhook_signature_invalid');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw new AppError('webhook_signature_invalid');
      }
      const outcome = await applyStripeEvent(app.database.db, event, receipts);
      receipts.deliver();
      // Answered as received: a redelivery carries the same amount, so Stripe retrying for days would change nothing.
      if (outcome.mismatch)
        request.log.error({ eventId: event.id, ...outcome.mismatch }, 'stripe: the payment does not match its invoice; the invoice stays unpaid');
      if (outcome.ownerId) notifyAccessRulesChanged(outcome.ownerId);
      return { result: { received: true, duplicate: outcome.duplicate } };
    });
  });
}
