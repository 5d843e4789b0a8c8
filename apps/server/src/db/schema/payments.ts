import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { owners } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const provider = () => text('provider', { enum: ['builtin', 'stripe'] }).notNull();
const currency = () => text('currency', { enum: ['RUB', 'USD'] });
const ownerRef = () =>
  text('owner_id')
    .notNull()
    .references(() => owners.id, { onDelete: 'cascade' });

export const paymentCustomers = pgTable('payment_customers', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => owners.id, { onDelete: 'cascade' }),
  provider: provider(),
  providerCustomerId: text('provider_customer_id'),
  currency: currency(),
  defaultPaymentMethodId: text('default_payment_method_id'),
  demoUsedAt: ts('demo_used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    ownerId: ownerRef(),
    provider: provider(),
    providerMethodId: text('provider_method_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [index('payment_methods_owner_idx').on(table.ownerId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    ownerId: ownerRef(),
    provider: provider(),
    providerSubscriptionId: text('provider_subscription_id'),
    plan: text('plan').notNull(),
    pendingPlan: text('pending_plan'),
    status: text('status', { enum: ['active', 'past_due', 'incomplete', 'canceled'] }).notNull(),
    currency: currency().notNull(),
    amount: integer('amount').notNull(),
    startedAt: ts('started_at').notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: ts('canceled_at'),
    latestInvoiceId: text('latest_invoice_id'),
    providerSyncedAt: ts('provider_synced_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_owner_idx').on(table.ownerId),
    uniqueIndex('subscriptions_provider_idx').on(table.providerSubscriptionId),
    index('subscriptions_period_end_idx').on(table.status, table.currentPeriodEnd),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    ownerId: ownerRef(),
    /** 1, 2, 3... per owner: the invoice's number, which says nothing about anyone else's invoices. */
    ownerSeq: integer('owner_seq').notNull(),
    subscriptionId: text('subscription_id'),
    provider: provider(),
    providerInvoiceId: text('provider_invoice_id'),
    providerIntentId: text('provider_intent_id'),
    kind: text('kind', { enum: ['subscription', 'pair_unlock'] }).notNull(),
    reason: text('reason', { enum: ['subscription_create', 'subscription_cycle', 'subscription_update', 'pair_unlock'] }).notNull(),
    plan: text('plan'),
    amount: integer('amount').notNull(),
    currency: currency().notNull(),
    status: text('status', { enum: ['open', 'paid', 'void'] }).notNull(),
    failure: text('failure', { enum: ['card_declined', 'insufficient_funds', 'payment_incomplete', 'payment_failed'] }),
    clientSecret: text('client_secret'),
    paymentMethodId: text('payment_method_id'),
    attemptCount: integer('attempt_count').notNull().default(0),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (table) => [
    uniqueIndex('invoices_provider_idx').on(table.providerInvoiceId),
    uniqueIndex('invoices_intent_idx').on(table.providerIntentId),
    uniqueIndex('invoices_owner_seq_idx').on(table.ownerId, table.ownerSeq),
    uniqueIndex('invoices_cycle_idx')
      .on(table.subscriptionId, table.periodStart)
      .where(sql`reason = 'subscription_cycle'`),
  ],
);

export const pairUnlocks = pgTable(
  'pair_unlocks',
  {
    ownerId: ownerRef(),
    profileLow: text('profile_low').notNull(),
    profileHigh: text('profile_high').notNull(),
    status: text('status', { enum: ['paid', 'incomplete', 'unpaid'] }).notNull(),
    invoiceId: text('invoice_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.profileLow, table.profileHigh] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    ownerId: ownerRef(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    fingerprint: text('fingerprint').notNull(),
    result: jsonb('result'),
    errorCode: text('error_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.key] })],
);

export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  createdAt: ts('created_at').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

export const paymentTestClock = pgTable('payment_test_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
});
