import {
  PRODUCT_CAPABILITIES,
  PLANS,
  currencyFor,
  planById,
  type Currency,
  type Locale,
  type PaymentProviderName,
  type PlanDef,
  type PlanId,
  type TestCard,
} from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { accessRulesFor, notifyAccessRulesChanged } from './access-rules.ts';
import type { CardProcessor } from './card-processor.ts';
import { paymentNow, periodEnd } from './payment-clock.ts';
import * as repo from './payments.repository.ts';
import type { CustomerRow, InvoiceRow, MethodRow, SubscriptionRow } from './payments.repository.ts';
import { presentInvoice, presentMethod, presentPrice, presentSubscription, priceOf } from './payments.presenter.ts';
import type { Receipts } from './receipts.ts';

/**
 * What every payment operation works with: the database (or the transaction it runs in), the card processor, and the
 * receipts mailed after each successful charge.
 */
export type Payments = { db: Db; processor: CardProcessor; receipts: Receipts };

export const within = (payments: Payments, db: Db): Payments => ({ ...payments, db });

// ------------------------------------------------------------------------------------------------ reads

export async function priceList(payments: Payments, locale: Locale) {
  const currency = currencyFor(locale);
  return {
    currency,
    provider: payments.processor.name,
    publishableKey: payments.processor.publishableKey,
    loveUnlockPrice: PRODUCT_CAPABILITIES.none.loveUnlockPrice[currency],
    plans: PLANS.filter((plan) => plan.purchasable).map((plan) => presentPrice(plan.id, currency, locale)),
  };
}

export async function subscriptionState(payments: Payments, ownerId: string, locale: Locale) {
  await settleRenewals(payments, ownerId);
  const { db } = payments;
  const sub = await repo.findSubscription(db, ownerId);
  const latest = sub?.latestInvoiceId ? await repo.findInvoiceById(db, sub.latestInvoiceId) : undefined;
  return {
    subscription: sub ? presentSubscription(sub, latest, locale) : null,
    access: await accessRulesFor(db, ownerId),
    provider: payments.processor.name as PaymentProviderName,
  };
}

export async function paymentMethods(payments: Payments, ownerId: string) {
  const [customer, methods] = await Promise.all([repo.findCustomer(payments.db, ownerId), repo.listMethods(payments.db, ownerId)]);
  const defaultId = customer?.defaultPaymentMethodId ?? null;
  const data = methods.map((method) => presentMethod(method, defaultId));
  return { data: [...data.filter((m) => m.isDefault), ...data.filter((m) => !m.isDefault)] };
}

export async function invoicePage(payments: Payments, ownerId: string, limit: number, nextPage: string | undefined, locale: Locale) {
  const before = nextPage === undefined ? undefined : Number.parseInt(nextPage, 36);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) throw new AppError('validation_failed', undefined, 'next_page');
  const rows = await repo.listInvoices(payments.db, ownerId, limit + 1, before);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { data: page.map((row) => presentInvoice(row, locale)), has_more: hasMore, next_page: hasMore ? page.at(-1)!.ownerSeq.toString(36) : null };
}

// ------------------------------------------------------------------------------------------------ cards

async function ensureCustomer(payments: Payments, ownerId: string, currency?: Currency): Promise<CustomerRow> {
  const { db, processor } = payments;
  const existing = await repo.findCustomer(db, ownerId);
  if (existing && existing.provider === processor.name) {
    if (!existing.currency && currency) await repo.updateCustomer(db, ownerId, { currency });
    return { ...existing, currency: existing.currency ?? currency ?? null };
  }
  const account = await repo.findOwnerAccount(db, ownerId);
  if (!account) throw new AppError('user_not_found');
  const providerCustomerId = await processor.createCustomer({ id: ownerId, email: account.email });
  if (existing) {
    // The provider changed (built-in to Stripe): cards of the other provider cannot be charged any more.
    await repo.updateCustomer(db, ownerId, { provider: processor.name, providerCustomerId, defaultPaymentMethodId: null });
    return { ...existing, provider: processor.name, providerCustomerId, defaultPaymentMethodId: null };
  }
  return repo.insertCustomer(db, { ownerId, provider: processor.name, providerCustomerId, currency: currency ?? null });
}

export async function attachPaymentMethod(payments: Payments, ownerId: string, input: { paymentMethodId: string } | { testCard: TestCard }) {
  const { db, processor } = payments;
  const customer = await ensureCustomer(payments, ownerId);
  const card = await processor.attachCard(customer.providerCustomerId, input, await paymentNow(db));
  const method = await repo.insertMethod(db, { id: repo.newId('pm'), ownerId, provider: processor.name, ...card });
  let defaultId = customer.defaultPaymentMethodId;
  if (!defaultId) {
    defaultId = method.id;
    await processor.setDefaultCard(customer.providerCustomerId, card.providerMethodId);
    await repo.updateCustomer(db, ownerId, { defaultPaymentMethodId: method.id });
  }
  return presentMethod(method, defaultId);
}

async function ownedMethod(payments: Payments, ownerId: string, id: string): Promise<MethodRow> {
  const method = await repo.findMethod(payments.db, ownerId, id);
  if (!method || method.provider !== payments.processor.name) throw new AppError('not_found');
  return method;
}

export async function setDefaultPaymentMethod(payments: Payments, ownerId: string, id: string) {
  const method = await ownedMethod(payments, ownerId, id);
  const customer = await ensureCustomer(payments, ownerId);
  await payments.processor.setDefaultCard(customer.providerCustomerId, method.providerMethodId);
  await repo.updateCustomer(payments.db, ownerId, { defaultPaymentMethodId: method.id });
  return paymentMethods(payments, ownerId);
}

export async function detachPaymentMethod(payments: Payments, ownerId: string, id: string) {
  const method = await ownedMethod(payments, ownerId, id);
  await payments.processor.detachCard(method.providerMethodId);
  await repo.deleteMethod(payments.db, ownerId, id);
  const customer = await repo.findCustomer(payments.db, ownerId);
  if (customer?.defaultPaymentMethodId === id) {
    // Another card, if any, becomes the default so renewals still have one.
    const [next] = await repo.listMethods(payments.db, ownerId);
    await repo.updateCustomer(payments.db, ownerId, { defaultPaymentMethodId: next?.id ?? null });
    if (next) await payments.processor.setDefaultCard(customer.providerCustomerId, next.providerMethodId);
  }
  return paymentMethods(payments, ownerId);
}

async function chosenMethod(payments: Payments, customer: CustomerRow, id: string | undefined | null): Promise<MethodRow> {
  const methodId = id ?? customer.defaultPaymentMethodId;
  if (!methodId) throw new AppError('payment_method_required');
  return ownedMethod(payments, customer.ownerId, methodId);
}

// ------------------------------------------------------------------------------------------------ charging

type ChargeOptions = { key: string; offSession: boolean; confirm: boolean };

/** Charges an invoice with a card and records the attempt on it: paid, or open with the reason it failed. */
async function chargeInvoice(payments: Payments, invoice: InvoiceRow, customer: CustomerRow, method: MethodRow, options: ChargeOptions): Promise<InvoiceRow> {
  const { db, processor } = payments;
  const now = await paymentNow(db);
  const result = await processor.charge({
    providerCustomerId: customer.providerCustomerId,
    card: { providerMethodId: method.providerMethodId, last4: method.last4 },
    amount: invoice.amount,
    currency: invoice.currency,
    description: presentInvoice(invoice, 'en').description,
    idempotencyKey: `${invoice.id}:${options.key}`,
    offSession: options.offSession,
    confirm: options.confirm,
    existingIntentId: invoice.providerIntentId,
    metadata: { invoiceId: invoice.id, ownerId: invoice.ownerId },
  });
  const common = { attemptCount: invoice.attemptCount + 1, paymentMethodId: method.id, providerIntentId: result.intentId ?? invoice.providerIntentId };
  if (result.status === 'succeeded') {
    const paid = await repo.updateInvoice(db, invoice.id, { ...common, status: 'paid', paidAt: now, failure: null, clientSecret: null });
    await applyPaidInvoice(db, paid, now);
    await payments.receipts.queue(db, paid);
    // The card the owner just paid a subscription with renews it (after a declined card, the default is the one that failed).
    if (paid.kind === 'subscription' && !options.offSession && customer.defaultPaymentMethodId !== method.id) {
      await processor.setDefaultCard(customer.providerCustomerId, method.providerMethodId);
      await repo.updateCustomer(db, customer.ownerId, { defaultPaymentMethodId: method.id });
    }
    return paid;
  }
  return repo.updateInvoice(db, invoice.id, { ...common, failure: result.failure, clientSecret: result.clientSecret });
}

function failIfUnpaid(invoice: InvoiceRow): void {
  if (invoice.status !== 'paid') throw new AppError(invoice.failure ?? 'payment_failed');
}

/**
 * What a paid invoice does: the first one starts the subscription's period, a renewal restores a past-due
 * subscription, a plan-change invoice switches the plan, a pair invoice unlocks the pair. Also run for payments the
 * provider confirms later (Stripe webhooks).
 */
export async function applyPaidInvoice(db: Db, invoice: InvoiceRow, now: Date): Promise<void> {
  if (invoice.kind === 'pair_unlock') {
    await repo.markPairPaid(db, invoice.id, now);
    return;
  }
  const sub = invoice.subscriptionId ? await repo.findSubscription(db, invoice.ownerId) : undefined;
  if (!sub || sub.id !== invoice.subscriptionId || sub.status === 'canceled') return;
  if (invoice.reason === 'subscription_create') {
    const plan = planById(invoice.plan as PlanId);
    await repo.updateSubscription(db, sub.id, { status: 'active', startedAt: now, currentPeriodStart: now, currentPeriodEnd: periodEnd(now, plan.period!) });
  } else if (invoice.reason === 'subscription_cycle') {
    if (sub.latestInvoiceId === invoice.id && sub.status === 'past_due') await repo.updateSubscription(db, sub.id, { status: 'active' });
  } else if (invoice.reason === 'subscription_update') {
    const plan = planById(invoice.plan as PlanId);
    const periodChanged = invoice.periodEnd && invoice.periodEnd.getTime() !== sub.currentPeriodEnd.getTime();
    await repo.updateSubscription(db, sub.id, {
      plan: plan.id,
      amount: priceOf(plan.id, sub.currency),
      pendingPlan: null,
      ...(periodChanged ? { currentPeriodStart: invoice.periodStart!, currentPeriodEnd: invoice.periodEnd! } : {}),
    });
  }
}

// ------------------------------------------------------------------------------------------------ subscribing

function purchasable(id: PlanId): PlanDef {
  const plan = planById(id);
  if (!plan.purchasable) throw new AppError('validation_failed', undefined, 'subscribe');
  return plan;
}

/**
 * A seat-limited product (the bonus): counted and taken under one lock for the product across processes, inside the
 * caller's transaction, so concurrent buyers never hold more seats than the capability table gives.
 */
async function takeSeat(db: Db, ownerId: string, plan: PlanDef): Promise<void> {
  const { seats } = PRODUCT_CAPABILITIES[plan.product];
  if (seats === null) return;
  await repo.lockProductSeats(db, plan.product);
  const holders = await repo.countSeatHolders(
    db,
    PLANS.filter((p) => p.product === plan.product).map((p) => p.id),
    ownerId,
  );
  if (holders >= seats) throw new AppError('plan_seats_taken');
}

const live = (sub: SubscriptionRow | undefined): sub is SubscriptionRow => sub !== undefined && (sub.status === 'active' || sub.status === 'past_due');

export type SubscribeInput = { subscribe: PlanId; paymentMethodId?: string; ln?: Locale };

/**
 * Subscribes (no live subscription) or changes plan at once. A new paid subscription charges its first period now;
 * a change within the same billing period charges the price difference for the rest of the period (nothing when the
 * new plan is cheaper; no refunds); a change of billing period starts a new period now and charges the new price less
 * what is left of the old one. Returns the amount charged now (proration), or null for a new subscription.
 */
export async function updateSubscription(payments: Payments, ownerId: string, input: SubscribeInput, locale: Locale, key: string): Promise<number | null> {
  const { db } = payments;
  const plan = purchasable(input.subscribe);
  await settleRenewals(payments, ownerId);
  const sub = await repo.findSubscription(db, ownerId);
  const now = await paymentNow(db);
  await takeSeat(db, ownerId, plan);
  if (!live(sub) || (sub.status === 'active' && planById(sub.plan as PlanId).period === 'demo' && plan.period !== 'demo')) {
    await startSubscription(payments, ownerId, plan, sub, input, locale, key, now);
    return null;
  }
  if (sub.status === 'past_due') throw new AppError('payment_failed');
  if (plan.period === 'demo') throw new AppError('demo_already_used');
  if (plan.id === sub.plan) {
    if (sub.cancelAtPeriodEnd || sub.pendingPlan) await repo.updateSubscription(db, sub.id, { cancelAtPeriodEnd: false, pendingPlan: null });
    return 0;
  }
  return changePlan(payments, sub, plan, input.paymentMethodId, key, now);
}

async function startSubscription(
  payments: Payments,
  ownerId: string,
  plan: PlanDef,
  previous: SubscriptionRow | undefined,
  input: SubscribeInput,
  locale: Locale,
  key: string,
  now: Date,
): Promise<void> {
  const { db, processor } = payments;
  const customer = await ensureCustomer(payments, ownerId, currencyFor(input.ln ?? locale));
  const currency = customer.currency!;
  if (previous) await repo.voidOpenInvoices(db, previous.id);
  const base = {
    id: previous?.id ?? repo.newId('sub'),
    ownerId,
    provider: processor.name,
    plan: plan.id,
    pendingPlan: null,
    currency,
    amount: plan.prices[currency].discountedPrice,
    startedAt: now,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd(now, plan.period!),
    canceledAt: null,
    latestInvoiceId: null,
  };
  if (plan.period === 'demo') {
    if (customer.demoUsedAt) throw new AppError('demo_already_used');
    // The demo is free, needs no card and does not renew.
    const sub = await repo.saveSubscription(db, { ...base, status: 'active', cancelAtPeriodEnd: true });
    const invoice = await repo.insertInvoice(db, {
      ...invoiceBase(sub, 'subscription_create', plan.id, 0, now),
      status: 'paid',
      paidAt: now,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
    });
    await repo.updateSubscription(db, sub.id, { latestInvoiceId: invoice.id });
    await repo.updateCustomer(db, ownerId, { demoUsedAt: now });
    return;
  }
  const method = await chosenMethod(payments, customer, input.paymentMethodId);
  const sub = await repo.saveSubscription(db, { ...base, status: 'incomplete', cancelAtPeriodEnd: false });
  const invoice = await repo.insertInvoice(db, {
    ...invoiceBase(sub, 'subscription_create', plan.id, sub.amount, now),
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
  });
  await repo.updateSubscription(db, sub.id, { latestInvoiceId: invoice.id });
  failIfUnpaid(await chargeInvoice(payments, invoice, customer, method, { key, offSession: false, confirm: false }));
}

function invoiceBase(
  sub: SubscriptionRow,
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
  plan: PlanId,
  amount: number,
  now: Date,
) {
  return {
    id: repo.newId('in'),
    ownerId: sub.ownerId,
    subscriptionId: sub.id,
    provider: sub.provider,
    kind: 'subscription' as const,
    reason,
    plan,
    amount,
    currency: sub.currency,
    status: 'open' as const,
    createdAt: now,
  };
}

async function changePlan(
  payments: Payments,
  sub: SubscriptionRow,
  plan: PlanDef,
  paymentMethodId: string | undefined,
  key: string,
  now: Date,
): Promise<number> {
  const { db } = payments;
  const current = planById(sub.plan as PlanId);
  const length = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
  const remaining = length > 0 ? Math.max(0, sub.currentPeriodEnd.getTime() - now.getTime()) / length : 0;
  const newAmount = plan.prices[sub.currency].discountedPrice;
  const samePeriod = plan.period === current.period;
  const due = samePeriod ? Math.max(0, Math.round((newAmount - sub.amount) * remaining)) : Math.max(0, newAmount - Math.round(sub.amount * remaining));
  const period = samePeriod ? { start: now, end: sub.currentPeriodEnd } : { start: now, end: periodEnd(now, plan.period!) };
  await repo.voidOpenInvoices(db, sub.id);
  const invoice = await repo.insertInvoice(db, {
    ...invoiceBase(sub, 'subscription_update', plan.id, due, now),
    periodStart: period.start,
    periodEnd: period.end,
  });
  if (due === 0) {
    const paid = await repo.updateInvoice(db, invoice.id, { status: 'paid', paidAt: now });
    await applyPaidInvoice(db, paid, now);
    return 0;
  }
  const customer = await ensureCustomer(payments, sub.ownerId);
  const method = await chosenMethod(payments, customer, paymentMethodId);
  failIfUnpaid(await chargeInvoice(payments, invoice, customer, method, { key, offSession: false, confirm: false }));
  return due;
}

/** Books a plan change for the next renewal; nothing is charged now. */
export async function schedulePlan(payments: Payments, ownerId: string, planId: PlanId): Promise<void> {
  const plan = purchasable(planId);
  const sub = await repo.findSubscription(payments.db, ownerId);
  if (!sub || sub.status !== 'active' || planById(sub.plan as PlanId).period === 'demo') throw new AppError('subscription_not_active');
  if (plan.period === 'demo') throw new AppError('demo_already_used');
  await takeSeat(payments.db, ownerId, plan);
  await repo.updateSubscription(payments.db, sub.id, { pendingPlan: plan.id === sub.plan ? null : plan.id, cancelAtPeriodEnd: false });
}

/** Cancels renewal; access stays to the period end. An unpaid (incomplete or past-due) subscription ends at once. */
export async function cancelSubscription(payments: Payments, ownerId: string): Promise<void> {
  const { db } = payments;
  await settleRenewals(payments, ownerId);
  const sub = await repo.findSubscription(db, ownerId);
  if (!sub || sub.status === 'canceled') throw new AppError('subscription_not_active');
  if (sub.status === 'active') {
    await repo.updateSubscription(db, sub.id, { cancelAtPeriodEnd: true, pendingPlan: null });
    return;
  }
  await repo.voidOpenInvoices(db, sub.id);
  await repo.updateSubscription(db, sub.id, { status: 'canceled', canceledAt: await paymentNow(db) });
}

export async function resumeSubscription(payments: Payments, ownerId: string): Promise<void> {
  const { db } = payments;
  await settleRenewals(payments, ownerId);
  const sub = await repo.findSubscription(db, ownerId);
  if (!sub || sub.status !== 'active' || !sub.cancelAtPeriodEnd || planById(sub.plan as PlanId).period === 'demo') {
    throw new AppError('subscription_not_active');
  }
  await repo.updateSubscription(db, sub.id, { cancelAtPeriodEnd: false });
}

/** Pays an open invoice: restores a failed renewal or a first payment that failed or needed confirmation. */
export async function payInvoice(
  payments: Payments,
  ownerId: string,
  input: { invoiceId: string; paymentMethodId?: string; confirm?: boolean },
  key: string,
): Promise<InvoiceRow> {
  const invoice = await repo.findInvoice(payments.db, ownerId, input.invoiceId);
  if (!invoice || invoice.provider !== payments.processor.name) throw new AppError('not_found');
  if (invoice.status !== 'open') throw new AppError('invoice_not_payable');
  const customer = await ensureCustomer(payments, ownerId);
  const confirm = input.confirm === true && invoice.failure === 'payment_incomplete';
  // Confirming completes the attempt made with its card; otherwise the chosen (or default) card is charged anew.
  const method = await chosenMethod(payments, customer, confirm ? invoice.paymentMethodId : input.paymentMethodId);
  const charged = await chargeInvoice(payments, invoice, customer, method, { key, offSession: false, confirm });
  failIfUnpaid(charged);
  return charged;
}

// ------------------------------------------------------------------------------------------------ renewals

/**
 * Renews the owner's subscription at each period end that has passed (by the payment clock): the booked plan change
 * takes effect, the default card is charged off-session, and a failed charge makes the subscription past_due.
 * A subscription cancelled at period end ends instead. Safe to run from several places at once: each period is
 * claimed by a conditional update and charged through a per-period invoice. Returns whether anything changed.
 */
export async function settleRenewals(payments: Payments, ownerId: string): Promise<boolean> {
  const { db } = payments;
  let changed = false;
  for (let guard = 0; guard < 500; guard++) {
    const sub = await repo.findSubscription(db, ownerId);
    const now = await paymentNow(db);
    if (!sub || sub.status !== 'active' || sub.currentPeriodEnd > now) break;
    if (sub.cancelAtPeriodEnd) {
      if (await repo.claimPeriod(db, sub, { status: 'canceled', canceledAt: sub.currentPeriodEnd })) changed = true;
      continue;
    }
    const plan = planById((sub.pendingPlan ?? sub.plan) as PlanId);
    const start = sub.currentPeriodEnd;
    const end = periodEnd(start, plan.period!);
    const amount = plan.prices[sub.currency].discountedPrice;
    const claimed = await repo.claimPeriod(db, sub, { plan: plan.id, pendingPlan: null, amount, currentPeriodStart: start, currentPeriodEnd: end });
    if (!claimed) continue;
    changed = true;
    const invoice = await repo.insertCycleInvoice(db, {
      ...invoiceBase(claimed, 'subscription_cycle', plan.id, amount, start),
      periodStart: start,
      periodEnd: end,
    });
    if (!invoice) continue;
    await repo.updateSubscription(db, sub.id, { latestInvoiceId: invoice.id });
    const customer = await repo.findCustomer(db, ownerId);
    const method = customer?.defaultPaymentMethodId ? await repo.findMethod(db, ownerId, customer.defaultPaymentMethodId) : undefined;
    const charged =
      customer && method && method.provider === payments.processor.name
        ? await chargeInvoice(payments, invoice, customer, method, { key: 'renewal', offSession: true, confirm: false })
        : await repo.updateInvoice(db, invoice.id, { failure: 'payment_failed', attemptCount: 1 });
    if (charged.status !== 'paid') await repo.updateSubscription(db, sub.id, { status: 'past_due' });
  }
  if (changed) {
    notifyAccessRulesChanged(ownerId);
    payments.receipts.deliver();
  }
  return changed;
}

/** Renews every subscription whose period has ended; run by a timer so renewals happen without anyone calling. */
export async function renewDueSubscriptions(payments: Payments): Promise<number> {
  const owners = await repo.dueSubscriptionOwners(payments.db, await paymentNow(payments.db));
  for (const ownerId of owners) await settleRenewals(payments, ownerId);
  return owners.length;
}

// ------------------------------------------------------------------------------------------------ love unlock

/** The pair as stored (lower id first), once both profiles are checked to be the owner's; another owner's answers 404. */
async function ownedPair(db: Db, ownerId: string, id1: string, id2: string): Promise<readonly [string, string]> {
  if (id1 === id2) throw new AppError('validation_failed', undefined, 'id2');
  const pair = id1 < id2 ? ([id1, id2] as const) : ([id2, id1] as const);
  if ((await repo.countOwnedProfiles(db, ownerId, pair)) !== 2) throw new AppError('profile_not_found');
  return pair;
}

export async function pairStatus(payments: Payments, ownerId: string, id1: string, id2: string, locale: Locale) {
  const { db } = payments;
  const [low, high] = await ownedPair(db, ownerId, id1, id2);
  // One after another: this runs inside a transaction too, and a transaction's connection takes one query at a time.
  const row = await repo.findPairUnlock(db, ownerId, low, high);
  const customer = await repo.findCustomer(db, ownerId);
  const invoice = row?.invoiceId ? await repo.findInvoiceById(db, row.invoiceId) : undefined;
  const currency = invoice?.currency ?? customer?.currency ?? currencyFor(locale);
  const { product } = await accessRulesFor(db, ownerId);
  return {
    status: row?.status ?? ('unpaid' as const),
    price: PRODUCT_CAPABILITIES[product].loveUnlockPrice[currency],
    currency,
    invoice: invoice ? presentInvoice(invoice, locale) : null,
  };
}

/** The one-off unlock of the full love report of a pair: charges once per owner and pair; paying again is a no-op. */
export async function payPairUnlock(
  payments: Payments,
  ownerId: string,
  input: { id1: string; id2: string; paymentMethodId?: string; confirm?: boolean },
  locale: Locale,
  key: string,
) {
  const { db, processor } = payments;
  const [low, high] = await ownedPair(db, ownerId, input.id1, input.id2);
  const existing = await repo.findPairUnlock(db, ownerId, low, high);
  if (existing?.status === 'paid') return pairStatus(payments, ownerId, low, high, locale);
  const customer = await ensureCustomer(payments, ownerId, currencyFor(locale));
  const open = existing?.invoiceId ? await repo.findInvoiceById(db, existing.invoiceId) : undefined;
  const now = await paymentNow(db);
  const invoice =
    open?.status === 'open' && open.provider === processor.name
      ? open
      : await repo.insertInvoice(db, {
          id: repo.newId('in'),
          ownerId,
          provider: processor.name,
          kind: 'pair_unlock',
          reason: 'pair_unlock',
          amount: PRODUCT_CAPABILITIES[(await accessRulesFor(db, ownerId)).product].loveUnlockPrice[customer.currency!],
          currency: customer.currency!,
          status: 'open',
          createdAt: now,
        });
  await repo.savePairUnlock(db, { ownerId, profileLow: low, profileHigh: high, status: 'unpaid', invoiceId: invoice.id });
  const confirm = input.confirm === true && invoice.failure === 'payment_incomplete';
  const method = await chosenMethod(payments, customer, confirm ? invoice.paymentMethodId : input.paymentMethodId);
  const charged = await chargeInvoice(payments, invoice, customer, method, { key, offSession: false, confirm });
  if (charged.status !== 'paid') {
    await repo.savePairUnlock(db, {
      ownerId,
      profileLow: low,
      profileHigh: high,
      status: charged.failure === 'payment_incomplete' ? 'incomplete' : 'unpaid',
      invoiceId: invoice.id,
    });
    failIfUnpaid(charged);
  }
  return pairStatus(payments, ownerId, low, high, locale);
}
