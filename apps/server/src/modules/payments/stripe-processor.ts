import Stripe from 'stripe';
import type { PaymentFailure } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import type { CardProcessor, ChargeResult } from './card-processor.ts';

export type StripeSettings = { secretKey: string; publishableKey: string | null; apiBase?: string };

/** The Stripe client; `apiBase` points it at another host (stripe-mock, a test double) instead of Stripe's API. */
export function createStripeClient(settings: { secretKey: string; apiBase?: string }): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

/** Maps Stripe's decline reasons to the product's payment messages. */
export function failureOf(error: { code?: string; decline_code?: string }): PaymentFailure {
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') return 'insufficient_funds';
  if (error.code === 'authentication_required') return 'payment_incomplete';
  if (error.code === 'card_declined' || error.code === 'expired_card' || error.code === 'incorrect_cvc') return 'card_declined';
  return 'payment_failed';
}

function fromIntent(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', intentId: intent.id };
  if (intent.status === 'requires_action' || intent.status === 'requires_confirmation' || intent.status === 'processing') {
    return { status: 'failed', failure: 'payment_incomplete', intentId: intent.id, clientSecret: intent.client_secret };
  }
  const failure = intent.last_payment_error ? failureOf(intent.last_payment_error) : 'payment_failed';
  return { status: 'failed', failure, intentId: intent.id, clientSecret: intent.client_secret };
}

/**
 * Stripe as the card processor: Customers, PaymentMethods (card data is collected by Stripe Elements in the browser
 * and never reaches our server) and PaymentIntents. Every money-moving call carries an idempotency key.
 */
export function createStripeProcessor(settings: StripeSettings): CardProcessor {
  const stripe = createStripeClient(settings);
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    createCustomer: async (owner) => {
      const customer = await stripe.customers.create({ email: owner.email, metadata: { ownerId: owner.id } }, { idempotencyKey: `customer-${owner.id}` });
      return customer.id;
    },
    attachCard: async (customerId, input) => {
      // Card numbers must never reach our server in Stripe mode: only Elements' payment method ids are accepted.
      if (!('paymentMethodId' in input) || !customerId) throw new AppError('validation_failed', undefined, 'paymentMethodId');
      const method = await stripe.paymentMethods.attach(input.paymentMethodId, { customer: customerId }).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeCardError) throw new AppError(error.code === 'expired_card' ? 'card_expired' : failureOf(error));
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new AppError('validation_failed', undefined, 'paymentMethodId');
        throw error;
      });
      if (!method.card) throw new AppError('validation_failed', undefined, 'paymentMethodId');
      return {
        providerMethodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },
    detachCard: async (methodId) => {
      if (methodId) await stripe.paymentMethods.detach(methodId);
    },
    setDefaultCard: async (customerId, methodId) => {
      if (customerId && methodId) await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: methodId } });
    },
    charge: async (request) => {
      if (request.amount === 0) return { status: 'succeeded', intentId: null };
      if (request.existingIntentId && request.confirm) {
        // The browser confirmed the payment with Stripe.js; read where it stands.
        return fromIntent(await stripe.paymentIntents.retrieve(request.existingIntentId));
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer: request.providerCustomerId ?? undefined,
            payment_method: request.card.providerMethodId ?? undefined,
            confirm: true,
            off_session: request.offSession,
            description: request.description,
            metadata: request.metadata,
            ...(request.offSession ? {} : { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromIntent(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = error.payment_intent;
          return { status: 'failed', failure: failureOf(error), intentId: intent?.id ?? null, clientSecret: intent?.client_secret ?? null };
        }
        throw error;
      }
    },
  };
}
