import type { Currency, PaymentFailure, PaymentProviderName, TestCard } from '@teamcast/contracts';

/** A card as the processor reports it; only these fields are ever stored. */
export type CardDetails = { providerMethodId: string | null; brand: string; last4: string; expMonth: number; expYear: number };

export type ChargeRequest = {
  providerCustomerId: string | null;
  /** The stored card: its processor id, and its last four digits (the built-in processor decides by them). */
  card: { providerMethodId: string | null; last4: string };
  amount: number;
  currency: Currency;
  description: string;
  /** Passed to the processor so a retried call never charges twice. */
  idempotencyKey: string;
  /** True for renewals, charged with nobody at the keyboard. */
  offSession: boolean;
  /** The cardholder confirmed a payment that needed it (built-in: the test card ending 3155). */
  confirm: boolean;
  /** A payment attempt started before, to confirm or look up instead of starting another. */
  existingIntentId: string | null;
  metadata: Record<string, string>;
};

export type ChargeResult =
  { status: 'succeeded'; intentId: string | null } | { status: 'failed'; failure: PaymentFailure; intentId: string | null; clientSecret: string | null };

/**
 * The one interface both payment providers implement. Teamcast keeps the subscription and invoice ledger itself
 * (subscriptions, invoices, renewals, proration, access rules); the processor holds customers and cards and moves
 * money. Two implementations: the built-in test processor (default, no account needed) and Stripe.
 */
export type CardProcessor = {
  name: PaymentProviderName;
  /** Browser key for Stripe Elements; null for the built-in processor. */
  publishableKey: string | null;
  createCustomer(owner: { id: string; email: string }): Promise<string | null>;
  /** A Stripe payment method id made by Stripe Elements, or a test card for the built-in processor. */
  attachCard(providerCustomerId: string | null, input: { paymentMethodId: string } | { testCard: TestCard }, now: Date): Promise<CardDetails>;
  detachCard(providerMethodId: string | null): Promise<void>;
  setDefaultCard(providerCustomerId: string | null, providerMethodId: string | null): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
};
