import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailedLink } from './mail.ts';

/** An owner account made through the passport API, for journeys that are not about signing up. */
export type ApiOwner = { email: string; password: string; token: string; id: string };

/**
 * Signs an owner up through the passport API the way a person does: the sign-up mails a link (read from the test
 * mailbox), the link proves the address and signs in, and the owner chooses his password (a password set before the
 * proof would not survive it).
 */
export async function signedUpOwner(
  request: APIRequestContext,
  { email, password = 'correct-horse-42', companyName = 'Acme', ln = 'en' }: { email: string; password?: string; companyName?: string; ln?: 'en' | 'ru' },
): Promise<ApiOwner> {
  const signup = await request.post('/api/passport/owner/signup', { data: { email, companyName, privacyPolicy: true, personalData: true, ln } });
  expect(signup.status(), await signup.text()).toBe(202);
  const link = await mailedLink(request, email, 'verify');
  const verified = await request.post('/api/passport/owner/verification', { data: { token: new URL(link, 'http://x').searchParams.get('token') } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { token, id } = (await verified.json()).result as { token: string; id: string };
  const chosen = await request.patch('/api/owner/self', { headers: { authorization: `Bearer ${token}` }, data: { password, repeatPassword: password } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return { email, password, token, id };
}

/**
 * Signs an owner up through the passport API (no clicks, see `signedUpOwner`), and signs the page in as that owner in
 * English with the notices and the first-visit guide closed. The caller then goes to the screen the journey is about.
 */
export async function signedInOwner(page: Page, request: APIRequestContext, name: string): Promise<ApiOwner> {
  const email = `${name.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const owner = await signedUpOwner(request, { email, companyName: `${name} Ltd` });
  // Seeded once per tab: a later sign-out or change of language in the journey stays as the journey left it.
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e.seeded')) return;
    sessionStorage.setItem('e2e.seeded', 'yes');
    localStorage.setItem('teamcast.auth.owner', JSON.stringify({ token: stored }));
    localStorage.setItem('teamcast.locale', 'en');
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  }, owner.token);
  return owner;
}
