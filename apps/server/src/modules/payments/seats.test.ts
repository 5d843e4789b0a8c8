import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BONUS_SEATS, PRODUCT_CAPABILITIES, TEST_CARDS } from '@teamcast/contracts';
import { owners, subscriptions } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * The bonus plan's seats (the capability table's `seats`) hold exactly under concurrent purchases, on either driver:
 * the purchases are counted and taken under one advisory lock for the product.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function post(owner: SignedIn, path: string, payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payment${path}`,
    headers: { ...owner.headers, 'accept-language': 'en', 'idempotency-key': crypto.randomUUID() },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function buyer(): Promise<SignedIn> {
  const owner = await createOwner(t);
  const card = await post(owner, '/attach-payment-method', { testCard: { number: TEST_CARDS.success, expMonth: 12, expYear: 2099, cvc: '123' } });
  expect(card.status).toBe(200);
  return owner;
}

/** Owners already holding the bonus, written directly (as many purchases before these tests would have left). */
async function holders(count: number, values: Partial<typeof subscriptions.$inferInsert> = {}): Promise<string[]> {
  const now = new Date();
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await t.database.db.insert(owners).values(ids.map((id) => ({ id, email: `seat-${id}@example.com`, companyName: 'Seat', verifiedAt: now })));
  await t.database.db.insert(subscriptions).values(
    ids.map((ownerId) => ({
      id: crypto.randomUUID(),
      ownerId,
      provider: 'builtin' as const,
      plan: 'FULL_120',
      status: 'active' as const,
      currency: 'USD' as const,
      amount: 12_000,
      startedAt: now,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      ...values,
    })),
  );
  return ids;
}

async function seatsTaken(): Promise<number> {
  const live = await t.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.plan, 'FULL_120'), inArray(subscriptions.status, ['active', 'past_due'])));
  const booked = await t.database.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.pendingPlan, 'FULL_120'));
  return live.length + booked.length;
}

describe('bonus seats', () => {
  it('gives the last seat to exactly one of many owners buying at once, and refuses the others with plan_seats_taken', async () => {
    expect(PRODUCT_CAPABILITIES.bonus.seats).toBe(BONUS_SEATS);
    const filled = await holders(BONUS_SEATS - 1);
    const racers = await Promise.all(Array.from({ length: 8 }, () => buyer()));
    const answers = await Promise.all(racers.map((owner) => post(owner, '/update-subscription', { subscribe: 'FULL_120', ln: 'en' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(7);
    expect(refused.every((a) => a.status === 409 && a.body.error.code === 'plan_seats_taken')).toBe(true);
    expect(await seatsTaken()).toBe(BONUS_SEATS);

    // A seat frees when its holder leaves; a booking for the next renewal takes a seat too.
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.ownerId, filled[0]!));
    const [booker] = await holders(1, { plan: 'FULL_1M_4', amount: 5_900 + 3 * 2_500 });
    const late = await buyer();
    const [booked, buying] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/payment/update-subscription-unsecure',
        headers: {
          ...(await t.app.authenticator.signIn('owner', booker!).then(({ token }) => ({ authorization: `Bearer ${token}` }))),
          'idempotency-key': crypto.randomUUID(),
        },
        payload: { subscribe: 'FULL_120' },
      }),
      post(late, '/update-subscription', { subscribe: 'FULL_120', ln: 'en' }),
    ]);
    expect([booked.statusCode, buying.status].filter((status) => status === 200)).toHaveLength(1);
    expect([booked.statusCode, buying.status].filter((status) => status === 409)).toHaveLength(1);
    expect(await seatsTaken()).toBe(BONUS_SEATS);
  });
});
