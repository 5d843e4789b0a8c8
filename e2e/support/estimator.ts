import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './mail.ts';
import { adminCode } from './second-factor.ts';

/** The browser tests' administrator signed in through the API (password, then a fresh second-step code). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(res.status(), await res.text()).toBe(200);
  const { challenge } = (await res.json()).result as { challenge: string };
  const second = await request.post('/api/passport/second-factor', { data: { challenge, code: await adminCode() } });
  expect(second.status(), await second.text()).toBe(200);
  return (await second.json()).result.token as string;
}

/**
 * A new estimator made by the administrator through the API, for a journey about the estimator's sign-in: the demo
 * estimator is left to the scoring journey, whose training learns from its labels. An address gets 5 mailed links in
 * 15 minutes; with both journeys on the demo estimator (three links a pass), repeating them on one server
 * (`--repeat-each 3`, issue 31) ran into the limit.
 */
export async function newEstimator(request: APIRequestContext, token: string): Promise<{ email: string }> {
  const tag = crypto.randomBytes(4).toString('hex');
  const estimator = { name: 'Вера Оценщикова', email: `estimator-${tag}@example.com`, username: `estimator-${tag}` };
  const created = await request.post('/api/admin/estimators', { headers: { authorization: `Bearer ${token}` }, data: estimator });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return { email: estimator.email };
}
