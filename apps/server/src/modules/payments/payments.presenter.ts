import {
  discountPercent,
  planById,
  planTitle,
  productTexts,
  rulesOfPlan,
  PRODUCT_CAPABILITIES,
  CAPABILITIES,
  type Capability,
  type Currency,
  type Invoice,
  type Locale,
  type PaymentMethod,
  type PlanId,
  type PriceEntry,
  type Subscription,
} from '@teamcast/contracts';
import type { InvoiceRow, MethodRow, SubscriptionRow } from './payments.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `TC-<first 8 characters of the owner's id>-<the owner's own count>`: unique, and silent about other owners' invoices. */
export function invoiceNumber(row: Pick<InvoiceRow, 'ownerId' | 'ownerSeq'>): string {
  return `TC-${row.ownerId.replace(/-/g, '').slice(0, 8).toUpperCase()}-${String(row.ownerSeq).padStart(4, '0')}`;
}

export function presentInvoice(row: InvoiceRow, locale: Locale): Invoice {
  const plan = row.plan ? planById(row.plan as PlanId) : null;
  const description =
    row.kind === 'pair_unlock'
      ? locale === 'ru'
        ? 'Полный отчёт о совместимости пары'
        : 'Full compatibility report of a pair'
      : plan
        ? planTitle(plan, locale)
        : '';
  return {
    _id: row.id,
    number: invoiceNumber(row),
    kind: row.kind,
    plan: (row.plan as PlanId | null) ?? null,
    description,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    failure: row.status === 'open' ? row.failure : null,
    clientSecret: row.status === 'open' ? row.clientSecret : null,
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
  };
}

export function priceOf(planId: PlanId, currency: Currency): number {
  return planById(planId).prices[currency].discountedPrice;
}

export function presentSubscription(row: SubscriptionRow, latest: InvoiceRow | undefined, locale: Locale): Subscription {
  const plan = planById(row.plan as PlanId);
  const renews = row.status === 'active' && !row.cancelAtPeriodEnd && plan.period !== 'demo';
  const nextPlan = (row.pendingPlan as PlanId | null) ?? (row.plan as PlanId);
  return {
    plan: plan.id,
    title: planTitle(plan, locale),
    status: row.status,
    period: plan.period,
    currency: row.currency,
    amount: row.amount,
    subscribeStartDate: row.startedAt.toISOString(),
    subscribeEndDate: row.currentPeriodEnd.toISOString(),
    nextPaymentAt: renews ? row.currentPeriodEnd.toISOString() : null,
    nextPaymentAmount: renews ? priceOf(nextPlan, row.currency) : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pendingPlan: (row.pendingPlan as PlanId | null) ?? null,
    latestInvoice: latest ? presentInvoice(latest, locale) : null,
  };
}

export function presentMethod(row: MethodRow, defaultId: string | null): PaymentMethod {
  return { _id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, isDefault: row.id === defaultId };
}

export function presentPrice(planId: PlanId, currency: Currency, locale: Locale): PriceEntry {
  const plan = planById(planId);
  const point = plan.prices[currency];
  const rules = rulesOfPlan(plan.id, true);
  const row = PRODUCT_CAPABILITIES[plan.product];
  return {
    subscription: plan.id,
    title: planTitle(plan, locale),
    description: productTexts[plan.product][locale].description,
    product: plan.product,
    tier: plan.tier,
    period: plan.period,
    teams: plan.teams,
    currency,
    price: point.price,
    discountedPrice: point.discountedPrice,
    discountPercent: discountPercent(point),
    allowTeams: rules.allowTeams,
    allowScene: rules.allowScene,
    allowCompareTeams: rules.allowCompareTeams,
    hideExpertise: rules.hideExpertise,
    capabilities: Object.fromEntries(CAPABILITIES.map((capability) => [capability, row[capability]])) as Record<Capability, boolean>,
    seats: row.seats,
  };
}
