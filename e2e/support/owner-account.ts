import { expect, type APIRequestContext } from '@playwright/test';
import { mailedLink } from './mail.ts';

export type SignedUpOwner = { email: string; token: string; id: string };

/**
 * Signs an owner up through the passport API the way a person does: the sign-up mails a link, the link proves the
 * address and signs in, and the owner chooses his password (a password set before the proof would not survive it).
 */
export async function signedUpOwner(
  request: APIRequestContext,
  { email, password = 'correct-horse-42', companyName = 'Acme', ln = 'en' }: { email: string; password?: string; companyName?: string; ln?: 'en' | 'ru' },
): Promise<SignedUpOwner> {
  const signup = await request.post('/api/passport/owner/signup', { data: { email, companyName, privacyPolicy: true, personalData: true, ln } });
  expect(signup.status(), await signup.text()).toBe(202);
  const link = await mailedLink(request, email, 'verify');
  const verified = await request.post('/api/passport/owner/verification', { data: { token: new URL(link, 'http://x').searchParams.get('token') } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { token, id } = (await verified.json()).result as { token: string; id: string };
  const chosen = await request.patch('/api/owner/self', { headers: { authorization: `Bearer ${token}` }, data: { password, repeatPassword: password } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return { email, token, id };
}
