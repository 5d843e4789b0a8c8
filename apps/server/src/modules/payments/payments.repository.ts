import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import { qualified, type Db, type SqlFragment } from '../../core/db.ts';
import {
  idempotencyKeys,
  invoices,
  owners,
  pairUnlocks,
  paymentCustomers,
  paymentEvents,
  paymentMethods,
  paymentTestClock,
  profiles,
  subscriptions,
} from '../../db/schema/index.ts';

export type CustomerRow = typeof paymentCustomers.$inferSelect;
export type MethodRow = typeof paymentMethods.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PairUnlockRow = typeof pairUnlocks.$inferSelect;
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Prefixed random ids, in the style of a card processor (pm_, sub_, in_). */
export const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url')}`;

export async function findOwnerAccount(db: Db, ownerId: string) {
  const [row] = await db
    .select({ id: owners.id, email: owners.email, verifiedAt: owners.verifiedAt, locale: owners.locale, variant: owners.variant })
    .from(owners)
    .where(eq(owners.id, ownerId));
  return row;
}

// -------------------------------------------------------------------------------------------- customers

export async function findCustomer(db: Db, ownerId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.ownerId, ownerId));
  return row;
}

export async function insertCustomer(db: Db, values: typeof paymentCustomers.$inferInsert): Promise<CustomerRow> {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing();
  return (await findCustomer(db, values.ownerId))!;
}

export async function updateCustomer(db: Db, ownerId: string, patch: Partial<typeof paymentCustomers.$inferInsert>): Promise<void> {
  await db.update(paymentCustomers).set(patch).where(eq(paymentCustomers.ownerId, ownerId));
}

// -------------------------------------------------------------------------------------------- cards

export async function listMethods(db: Db, ownerId: string): Promise<MethodRow[]> {
  return db.select().from(paymentMethods).where(eq(paymentMethods.ownerId, ownerId)).orderBy(paymentMethods.createdAt, paymentMethods.id);
}

export async function findMethod(db: Db, ownerId: string, id: string): Promise<MethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.ownerId, ownerId), eq(paymentMethods.id, id)));
  return row;
}

export async function insertMethod(db: Db, values: typeof paymentMethods.$inferInsert): Promise<MethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

export async function deleteMethod(db: Db, ownerId: string, id: string): Promise<void> {
  await db.delete(paymentMethods).where(and(eq(paymentMethods.ownerId, ownerId), eq(paymentMethods.id, id)));
}

export async function deleteMethodByProviderId(db: Db, providerMethodId: string): Promise<void> {
  await db.delete(paymentMethods).where(eq(paymentMethods.providerMethodId, providerMethodId));
}

// -------------------------------------------------------------------------------------------- subscriptions

export async function findSubscription(db: Db, ownerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
  return row;
}

/** Creates the owner's subscription row, or replaces the one they had (it is reused when they subscribe again). */
export async function saveSubscription(db: Db, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const { id: _id, ownerId: _owner, ...rest } = values;
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.ownerId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function updateSubscription(db: Db, id: string, patch: Partial<typeof subscriptions.$inferInsert>): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

/**
 * Moves a subscription to its next period only if nobody else did: the update matches the period end that was read,
 * so of several processes looking at the same subscription exactly one renews it.
 */
export async function claimPeriod(db: Db, sub: SubscriptionRow, patch: Partial<typeof subscriptions.$inferInsert>): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.currentPeriodEnd, sub.currentPeriodEnd), eq(subscriptions.status, sub.status)))
    .returning();
  return row;
}

/** Built-in subscriptions whose period has ended and that still need a renewal or an ending. */
export async function dueSubscriptionOwners(db: Db, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ ownerId: subscriptions.ownerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'builtin'), eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
    .limit(limit);
  return rows.map((row) => row.ownerId);
}

// -------------------------------------------------------------------------------------------- invoices

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'ownerSeq'>;

/**
 * Inserts an invoice with the owner's next number. The owner's payment lock is held while the number is chosen (in a
 * transaction of its own when the caller has none: renewals run outside one), so two invoices never share a number.
 */
async function insertNumbered(db: Db, values: NewInvoice, onConflict: 'fail' | 'skip'): Promise<InvoiceRow | undefined> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockOwnerPayments(tx, values.ownerId);
    const next = sql<number>`(select coalesce(max(${invoices.ownerSeq}), 0) + 1 from ${invoices} where ${invoices.ownerId} = ${values.ownerId})`;
    const insert = tx.insert(invoices).values({ ...values, ownerSeq: next });
    const [row] = await (onConflict === 'skip' ? insert.onConflictDoNothing() : insert).returning();
    return row;
  });
}

export async function insertInvoice(db: Db, values: NewInvoice): Promise<InvoiceRow> {
  return (await insertNumbered(db, values, 'fail'))!;
}

/** Inserts a renewal invoice unless that period already has one; undefined when it had. */
export async function insertCycleInvoice(db: Db, values: NewInvoice): Promise<InvoiceRow | undefined> {
  return insertNumbered(db, values, 'skip');
}

export async function updateInvoice(db: Db, id: string, patch: Partial<typeof invoices.$inferInsert>): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set(patch).where(eq(invoices.id, id)).returning();
  return row!;
}

export async function findInvoice(db: Db, ownerId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.ownerId, ownerId), eq(invoices.id, id)));
  return row;
}

export async function findInvoiceById(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function findInvoiceByProviderId(db: Db, column: 'invoice' | 'intent', providerId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(column === 'invoice' ? invoices.providerInvoiceId : invoices.providerIntentId, providerId));
  return row;
}

/** A page of an owner's invoices, newest first; `beforeSeq` (an owner's number) continues after the previous page. */
export async function listInvoices(db: Db, ownerId: string, limit: number, beforeSeq?: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.ownerId, ownerId), beforeSeq === undefined ? undefined : lt(invoices.ownerSeq, beforeSeq)))
    .orderBy(desc(invoices.ownerSeq))
    .limit(limit);
}

/** Voids the open invoices of a subscription, except one. */
export async function voidOpenInvoices(db: Db, subscriptionId: string, exceptId = ''): Promise<void> {
  await db
    .update(invoices)
    .set({ status: 'void' })
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open'), ne(invoices.id, exceptId)));
}

// -------------------------------------------------------------------------------------------- pair unlocks

/**
 * Whether the owner paid the one-off unlock of the full love report of two people (either order; false when either is
 * missing), as a sub-select of another module's statement. The row keys the pair lower id first, as JavaScript
 * compares strings: byte order, so the ids are compared in collation "C"; the value compared with the key keeps the
 * column's own collation, so the primary key finds the row.
 */
export const pairUnlockedSql = (ownerId: SqlFragment, id1: SqlFragment, id2: SqlFragment): SqlFragment<boolean> => {
  const firstIsLower = sql`${id1} < ${id2} collate "C"`;
  return sql<boolean>`(${id1} is not null and ${id2} is not null and coalesce((select ${qualified(pairUnlocks.status)} = 'paid' from ${pairUnlocks}
    where ${qualified(pairUnlocks.ownerId)} = ${ownerId}
    and ${qualified(pairUnlocks.profileLow)} = (case when ${firstIsLower} then ${id1} else ${id2} end)
    and ${qualified(pairUnlocks.profileHigh)} = (case when ${firstIsLower} then ${id2} else ${id1} end)), false))`;
};

export async function findPairUnlock(db: Db, ownerId: string, low: string, high: string): Promise<PairUnlockRow | undefined> {
  const [row] = await db
    .select()
    .from(pairUnlocks)
    .where(and(eq(pairUnlocks.ownerId, ownerId), eq(pairUnlocks.profileLow, low), eq(pairUnlocks.profileHigh, high)));
  return row;
}

export async function savePairUnlock(db: Db, values: typeof pairUnlocks.$inferInsert): Promise<void> {
  const { ownerId: _o, profileLow: _l, profileHigh: _h, ...rest } = values;
  await db
    .insert(pairUnlocks)
    .values(values)
    .onConflictDoUpdate({ target: [pairUnlocks.ownerId, pairUnlocks.profileLow, pairUnlocks.profileHigh], set: rest });
}

/** How many of these profile ids are the owner's own, not deleted. */
export async function countOwnedProfiles(db: Db, ownerId: string, ids: readonly string[]): Promise<number> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), inArray(profiles.id, [...ids]), ne(profiles.state, 'deleted')));
  return rows.length;
}

/** Marks the pair paid for by an invoice as unlocked. */
export async function markPairPaid(db: Db, invoiceId: string, paidAt: Date): Promise<void> {
  await db.update(pairUnlocks).set({ status: 'paid', paidAt }).where(eq(pairUnlocks.invoiceId, invoiceId));
}

// -------------------------------------------------------------------------------------------- idempotency

/**
 * Serialises an owner's money-moving calls until the transaction ends (a transaction-scoped advisory lock), so two
 * attempts with different keys never race each other into two subscriptions.
 */
export async function lockOwnerPayments(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`payments:${ownerId}`}))`);
}

/** Claims a key for a request; returns the earlier record instead when the key was used before. */
export async function claimIdempotencyKey(
  db: Db,
  values: { ownerId: string; key: string; operation: string; fingerprint: string },
): Promise<{ claimed: true } | { claimed: false; earlier: IdempotencyRow }> {
  const inserted = await db.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (inserted.length) return { claimed: true };
  const [earlier] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.ownerId, values.ownerId), eq(idempotencyKeys.key, values.key)));
  return { claimed: false, earlier: earlier! };
}

export async function recordIdempotentOutcome(db: Db, ownerId: string, key: string, outcome: { result?: unknown; errorCode?: string }): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ result: outcome.result ?? null, errorCode: outcome.errorCode ?? null })
    .where(and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.key, key)));
}

// -------------------------------------------------------------------------------------------- webhook events

/** Records a provider event id; false when it was recorded before (a duplicate delivery). */
export async function recordEvent(db: Db, values: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(paymentEvents).values(values).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Serialises every purchase of a seat-limited product (a transaction-scoped advisory lock across processes). */
export async function lockProductSeats(db: Db, product: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan-seats:${product}`}, 0))`);
}

/** Owners other than `ownerId` holding one of these plans (active or past due) or booked onto one for the next renewal. */
export async function countSeatHolders(db: Db, planIds: readonly string[], ownerId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(subscriptions)
    .where(
      and(
        ne(subscriptions.ownerId, ownerId),
        or(
          and(inArray(subscriptions.plan, [...planIds]), inArray(subscriptions.status, ['active', 'past_due'])),
          inArray(subscriptions.pendingPlan, [...planIds]),
        ),
      ),
    );
  return row?.value ?? 0;
}

/**
 * What an owner's access rules depend on, in one statement (they are read on most owner calls): whether the account is
 * verified, the subscription, and the built-in processor's clock offset. Undefined for an unknown owner.
 */
/** What an owner's access rules are derived from (access-rules.ts): the account's verification, the subscription, the payment clock. */
export type AccessFacts = {
  verified: boolean;
  subscription: Pick<SubscriptionRow, 'status' | 'plan' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'> | null;
  clockOffsetMs: number;
};

type AccessFactsJson = {
  verified: boolean;
  status: SubscriptionRow['status'] | null;
  plan: string | null;
  cancelAtPeriodEnd: boolean | null;
  currentPeriodEndMs: number | null;
  clockOffsetMs: number | string;
};

function accessFactsFrom(value: unknown): AccessFacts | null {
  if (value === null || value === undefined) return null;
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as AccessFactsJson;
  return {
    verified: json.verified,
    subscription:
      json.status === null || json.plan === null || json.currentPeriodEndMs === null
        ? null
        : { status: json.status, plan: json.plan, cancelAtPeriodEnd: json.cancelAtPeriodEnd === true, currentPeriodEnd: new Date(json.currentPeriodEndMs) },
    clockOffsetMs: Number(json.clockOffsetMs),
  };
}

/**
 * An owner's access facts as one value (null for no such owner): a sub-select another module's statement carries, so
 * a profile read learns its owner's rules in the same round trip. The one place these facts are read.
 */
export const accessFactsSql = (ownerId: SqlFragment): SqlFragment<AccessFacts | null> =>
  sql`(select json_build_object(
    'verified', ${qualified(owners.verifiedAt)} is not null,
    'status', ${qualified(subscriptions.status)},
    'plan', ${qualified(subscriptions.plan)},
    'cancelAtPeriodEnd', ${qualified(subscriptions.cancelAtPeriodEnd)},
    'currentPeriodEndMs', (extract(epoch from ${qualified(subscriptions.currentPeriodEnd)}) * 1000)::float8,
    'clockOffsetMs', coalesce((select ${qualified(paymentTestClock.offsetMs)} from ${paymentTestClock} where ${qualified(paymentTestClock.id)} = 1), 0))
    from ${owners} left join ${subscriptions} on ${qualified(subscriptions.ownerId)} = ${qualified(owners.id)}
    where ${qualified(owners.id)} = ${ownerId})`.mapWith(accessFactsFrom);

export async function findAccessFacts(db: Db, ownerId: string): Promise<AccessFacts | null> {
  const [row] = await db
    .select({ facts: accessFactsSql(sql`${ownerId}`) })
    .from(owners)
    .where(eq(owners.id, ownerId));
  return row?.facts ?? null;
}

/** The built-in processor's clock offset in milliseconds (payment-clock.ts): one row, 0 when absent. */
export async function testClockOffset(db: Db): Promise<number> {
  const [row] = await db.select({ offsetMs: paymentTestClock.offsetMs }).from(paymentTestClock).where(eq(paymentTestClock.id, 1));
  return row?.offsetMs ?? 0;
}

export async function addTestClockOffset(db: Db, ms: number): Promise<void> {
  await db
    .update(paymentTestClock)
    .set({ offsetMs: sql`${paymentTestClock.offsetMs} + ${ms}` })
    .where(eq(paymentTestClock.id, 1));
}
