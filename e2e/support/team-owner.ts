import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signedInOwner, type ApiOwner } from './owner.ts';

/**
 * An owner signed up and verified through the passport API, subscribed to a plan with the built-in provider's success
 * card, signed in in the page's storage.
 */
export async function subscribedOwner(page: Page, request: APIRequestContext, name: string, plan: string): Promise<ApiOwner> {
  const owner = await signedInOwner(page, request, name);
  const auth = { authorization: `Bearer ${owner.token}` };
  const card = await request.post('/api/payment/attach-payment-method', {
    headers: auth,
    data: { testCard: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' } },
  });
  expect(card.ok(), await card.text()).toBe(true);
  const subscribed = await request.post('/api/payment/update-subscription', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { subscribe: plan, paymentMethodId: ((await card.json()).result as { _id: string })._id, ln: 'en' },
  });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  return owner;
}

/** An owner who can build and compare teams: on a plan with team comparison and two teams. Returns the token. */
export async function teamOwner(page: Page, request: APIRequestContext, name: string): Promise<string> {
  return (await subscribedOwner(page, request, name, 'FULL_1M_2')).token;
}
