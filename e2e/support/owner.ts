import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailedLink } from './mail.ts';

/** An owner account made through the passport API, for journeys that are not about signing up. */
export type ApiOwner = { email: string; password: string; token: string };

/**
 * Signs an owner up and verifies the address through the passport API (no clicks), and signs the page in as that owner
 * in English with the notices and the first-visit guide closed. The caller then goes to the screen the journey is about.
 */
export async function signedInOwner(page: Page, request: APIRequestContext, name: string): Promise<ApiOwner> {
  const email = `${name.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct-horse-42';
  const signup = await request.post('/api/passport/owner/signup', {
    data: { email, password, repeatPassword: password, companyName: `${name} Ltd`, privacyPolicy: true, personalData: true, ln: 'en' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const link = await mailedLink(request, email, 'verify');
  const verified = await request.post('/api/passport/owner/verification', { data: { token: new URL(link, 'http://x').searchParams.get('token') } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { token } = (await verified.json()).result as { token: string };
  // Seeded once per tab: a later sign-out or change of language in the journey stays as the journey left it.
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e.seeded')) return;
    sessionStorage.setItem('e2e.seeded', 'yes');
    localStorage.setItem('teamcast.auth.owner', JSON.stringify({ token: stored }));
    localStorage.setItem('teamcast.locale', 'en');
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  }, token);
  return { email, password, token };
}
