import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@teamcast/contracts';
import { createAdministrator, createEstimator, createOwner, lastMailLink, linkToken, mailTo } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createFailureCounter } from '../../core/failure-counter.ts';
import { FAILURE_WINDOW_MS, FAILURES_PER_ACCOUNT, FAILURES_PER_ACCOUNT_AND_CLIENT, accountKey } from './passport.routes.ts';
import { enrolWithSecret } from './second-factor.service.ts';

let t: TestApp;
beforeAll(async () => {
  // The tests stand for many clients behind a proxy on loopback: each request names its client in X-Forwarded-For.
  t = await createTestApp({ LOVE_HOSTS: 'love.example.com', PUBLIC_URL: 'https://teamcast.example.com', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

const PASSWORD = 'quiet-harbour-42';
const en = { 'accept-language': 'en' };

/** Each call comes from its own client address unless told, so per-client limits do not mix tests. */
let client = 0;
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...en, 'x-forwarded-for': `10.0.0.${++client % 250}`, ...headers } });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const errorOf = (res: { json(): unknown }) => ErrorEnvelopeSchema.parse(res.json()).error;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('owner sign-in', () => {
  it('signs in with e-mail and password, and the token opens the owner self call', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const res = await post('/api/passport/owner/login', { email: owner.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token, id } = res.json().result;
    expect(id).toBe(owner.id);
    expect(res.body).not.toContain('scrypt');
    const self = await get('/api/owner/self', bearer(token));
    expect(self.json().result).toMatchObject({ _id: owner.id, email: owner.email, verified: true });
    expect(self.body).not.toContain('password');
  });

  it('answers a wrong password and an unknown address with the same message', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const wrong = await post('/api/passport/owner/login', { email: owner.email, password: 'not-the-password' });
    const unknown = await post('/api/passport/owner/login', { email: 'nobody-here@example.com', password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ code: 'invalid_credentials', message: "Please check the data you've entered and try again" });
    }
  });

  it('every sign-in starts a new session, and logout ends only that one at once', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const first = (await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).json().result.token;
    const second = (await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).json().result.token;
    expect(first).not.toBe(second);
    const out = await post('/api/passport/owner/logout', undefined, bearer(first));
    expect(out.json()).toEqual({ result: { done: true } });
    expect((await get('/api/owner/self', bearer(first))).statusCode).toBe(401);
    expect((await get('/api/owner/self', bearer(second))).statusCode).toBe(200);
  });

  it('signs in by a magic link received by mail, once', async () => {
    const owner = await createOwner(t, { password: PASSWORD, verifiedAt: null });
    const sent = await post('/api/passport/owner/mail/login-link', { username: owner.email, surface: 'ownerMobile' });
    expect(sent.json()).toEqual({ result: { sent: true } });
    const link = await lastMailLink(t, owner.email);
    expect(link.origin).toBe('https://teamcast.example.com');
    expect(link.pathname).toBe('/owner-mobile/magic-link');
    const token = linkToken(link);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const res = await post(`/api/passport/owner/login/magic/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.id).toBe(owner.id);
    // Reaching the mailbox proves the address.
    expect((await get('/api/owner/self', bearer(res.json().result.token))).json().result.verified).toBe(true);

    const again = await post(`/api/passport/owner/login/magic/${token}`);
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toEqual({ code: 'link_expired', message: 'The link has expired' });
  });

  it('refuses an expired magic link and stores only a hash of the token', async () => {
    const owner = await createOwner(t);
    await post('/api/passport/owner/mail/login-link', { username: owner.email });
    const token = linkToken(await lastMailLink(t, owner.email));
    const stored = await t.database.query<{ token_hash: string }>('select token_hash from link_tokens where subject_id = $1', [owner.id]);
    expect(stored[0]!.token_hash).not.toContain(token);
    await t.database.query(`update link_tokens set expires_at = now() - interval '1 second' where subject_id = $1`, [owner.id]);
    const res = await post(`/api/passport/owner/login/magic/${token}`);
    expect(errorOf(res).code).toBe('link_expired');
  });

  it('answers a link request for an unknown address exactly like for a known one, and mails nothing', async () => {
    const res = await post('/api/passport/owner/mail/login-link', { username: 'ghost@example.com' });
    expect(res.json()).toEqual({ result: { sent: true } });
    expect(await mailTo(t, 'ghost@example.com')).toEqual([]);
  });

  it('exchanges a single-use auth id through preauthenticate', async () => {
    const owner = await createOwner(t);
    await post('/api/passport/owner/mail/login-link', { username: owner.email });
    const authId = linkToken(await lastMailLink(t, owner.email));
    expect((await post('/api/passport/owner/preauthenticate', { authId })).json().result.id).toBe(owner.id);
    expect(errorOf(await post('/api/passport/owner/preauthenticate', { authId })).code).toBe('link_expired');
  });
});

describe('owner sign-up and verification', () => {
  const signup = (email: string, extra: object = {}, headers: Record<string, string> = {}) =>
    post('/api/passport/owner/signup', { email, companyName: 'Acme', privacyPolicy: true, personalData: true, ...extra }, headers);
  const choosePassword = (token: string, password = PASSWORD) =>
    t.app.inject({ method: 'PATCH', url: '/api/owner/self', headers: bearer(token), payload: { password, repeatPassword: password } });

  it('signs up by mail: the link proves the address, signs in and asks for a password, which then signs in', async () => {
    const res = await signup('New.Owner@Example.com');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ result: { sent: true } });

    const [message] = await mailTo(t, 'new.owner@example.com');
    expect(message).toMatchObject({ kind: 'verify', locale: 'en', subject: 'Confirm your e-mail address for Teamcast' });
    const link = await lastMailLink(t, 'new.owner@example.com');
    expect(link.pathname).toBe('/owner/registration');

    const verified = await post('/api/passport/owner/verification', { token: linkToken(link) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().result).toMatchObject({ firstProof: true, hasPassword: false });
    const { token } = verified.json().result;
    const self = (await get('/api/owner/self', bearer(token))).json().result;
    expect(self).toMatchObject({ email: 'new.owner@example.com', companyName: 'Acme', verified: true, hasPassword: false, variant: 'work' });

    const again = await post('/api/passport/owner/verification', { token: linkToken(link) });
    expect(errorOf(again)).toEqual({ code: 'email_already_verified', message: 'Email address already verified' });
    expect((await choosePassword(token)).statusCode).toBe(200);
    expect((await post('/api/passport/owner/login', { email: 'new.owner@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers a sign-up for a registered address exactly like a new one, and mails the owner a sign-in link instead', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const known = await signup(owner.email);
    const fresh = await signup('fresh-address@example.com');
    expect([known.statusCode, fresh.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(fresh.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const [message] = await mailTo(t, owner.email);
    expect(message).toMatchObject({ kind: 'exists', subject: 'You already have a Teamcast account' });
    const link = await lastMailLink(t, owner.email);
    expect(link.pathname).toBe('/owner/magic-link');
    expect((await post(`/api/passport/owner/login/magic/${linkToken(link)}`)).json().result.id).toBe(owner.id);
    // The account is untouched: the password still signs in, and no second owner appeared.
    expect((await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await t.database.query('select id from owners where email = $1', [owner.email])).toHaveLength(1);
    const ru = await signup(owner.email, {}, { 'accept-language': 'ru' });
    expect(ru.json()).toEqual({ result: { sent: true } });
  });

  it('answers join requests and love sign-ups the same for registered and new addresses', async () => {
    const owner = await createOwner(t);
    const join = (email: string) => post('/api/passport/owner/join/request', { email, companyName: 'Join Co', privacyPolicy: true, personalData: true });
    const love = (email: string) => post('/api/passport/owner/love/signup', { email, privacyPolicy: true, personalData: true });
    for (const call of [join, love]) {
      const known = await call(owner.email);
      const fresh = await call(`fresh-${known.statusCode}-${Math.random().toString(36).slice(2)}@example.com`);
      expect([known.statusCode, known.body]).toEqual([fresh.statusCode, fresh.body]);
      expect(known.statusCode).toBe(202);
    }
    expect((await mailTo(t, owner.email)).map((message) => message.kind)).toEqual(['exists', 'exists']);
  });

  it('refuses missing consent and a bad address with their messages, and mails nothing', async () => {
    const consent = await signup('consent@example.com', { personalData: false });
    expect(errorOf(consent)).toMatchObject({ field: 'personalData', message: 'Consent is required' });
    expect(await mailTo(t, 'consent@example.com')).toEqual([]);
  });

  it('answers an expired verification link with link_expired', async () => {
    await signup('late@example.com');
    const link = await lastMailLink(t, 'late@example.com');
    await t.database.query(
      `update link_tokens set expires_at = now() - interval '1 second' where token_hash is not null and subject_id = (select id from owners where email = $1)`,
      ['late@example.com'],
    );
    expect(errorOf(await post('/api/passport/owner/verification', { token: linkToken(link) })).code).toBe('link_expired');
  });

  it('resends the verification link to an unverified owner only', async () => {
    const unverified = await createOwner(t, { verifiedAt: null });
    expect((await post('/api/passport/owner/mail/verification-link', { ln: 'ru' }, unverified.headers)).json()).toEqual({ result: { sent: true } });
    const [message] = await mailTo(t, unverified.email);
    expect(message).toMatchObject({ kind: 'verify', locale: 'ru', subject: 'Подтвердите адрес электронной почты для Teamcast' });
    const verified = await createOwner(t);
    expect(errorOf(await post('/api/passport/owner/mail/verification-link', {}, verified.headers)).code).toBe('email_already_verified');
  });

  it('love sign-up on a love host gets the love title and a love-mobile link', async () => {
    const res = await post(
      '/api/passport/owner/love/signup',
      { email: 'romeo@example.com', privacyPolicy: true, personalData: true },
      { host: 'love.example.com' },
    );
    expect(res.statusCode).toBe(202);
    const [message] = await mailTo(t, 'romeo@example.com');
    expect(message!.subject).toBe('Confirm your e-mail address for Flame by Teamcast');
    const link = await lastMailLink(t, 'romeo@example.com');
    expect(link.origin).toBe('https://love.example.com');
    expect(link.pathname).toBe('/love-mobile/registration');
    const verified = await post('/api/passport/owner/verification', { token: linkToken(link) });
    expect((await get('/api/owner/self', bearer(verified.json().result.token))).json().result.variant).toBe('love');
  });

  it.each([
    ['en', 'Confirm your e-mail address for Flame by Teamcast'],
    ['ru', 'Flame by Teamcast'],
  ] as const)('love sign-up from the love app on the work host (%s) is branded for the love product, its link on the work host', async (ln, subject) => {
    const email = `juliet-${ln}@example.com`;
    expect((await post('/api/passport/owner/love/signup', { email, privacyPolicy: true, personalData: true, ln })).statusCode).toBe(202);
    const [message] = await mailTo(t, email);
    expect(message!.subject).toContain(subject);
    expect(message!.subject).not.toMatch(/(for|для) Teamcast$/);
    const link = await lastMailLink(t, email);
    expect(link.origin).toBe('https://teamcast.example.com');
    expect(link.pathname).toBe('/love-mobile/registration');
  });

  it('a work sign-up on the work host stays branded Teamcast', async () => {
    expect(
      (await post('/api/passport/owner/signup', { email: 'work-brand@example.com', companyName: 'Acme', privacyPolicy: true, personalData: true })).statusCode,
    ).toBe(202);
    const [message] = await mailTo(t, 'work-brand@example.com');
    expect(message!.subject).toBe('Confirm your e-mail address for Teamcast');
  });

  it('ignores a foreign Host header for links: they point at PUBLIC_URL', async () => {
    const owner = await createOwner(t);
    await post('/api/passport/owner/mail/login-link', { username: owner.email }, { host: 'evil.example.net' });
    expect((await lastMailLink(t, owner.email)).origin).toBe('https://teamcast.example.com');
  });

  it('a join request mails a registration link; following it verifies and signs in without a password yet', async () => {
    const res = await post('/api/passport/owner/join/request', {
      email: 'joiner@example.com',
      companyName: 'Join Co',
      privacyPolicy: true,
      personalData: true,
    });
    expect(res.statusCode).toBe(202);
    const [message] = await mailTo(t, 'joiner@example.com');
    expect(message!.kind).toBe('join');
    const verified = await post('/api/passport/owner/verification', { token: linkToken(await lastMailLink(t, 'joiner@example.com')) });
    expect(verified.json().result.hasPassword).toBe(false);
    expect((await choosePassword(verified.json().result.token)).statusCode).toBe(200);
    expect((await post('/api/passport/owner/login', { email: 'joiner@example.com', password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('pre-registration takeover: the first proof of the address ends what came before it', () => {
  const ATTACKER_PASSWORD = 'attacker-chose-this-1';

  /** An attacker's unverified account on someone else's address, with his password and a live session. */
  const attackerAccount = async () => {
    const victim = await createOwner(t, { password: ATTACKER_PASSWORD, verifiedAt: null });
    const login = await post('/api/passport/owner/login', { email: victim.email, password: ATTACKER_PASSWORD });
    expect(login.statusCode).toBe(200);
    return { ...victim, attackerToken: login.json().result.token as string };
  };

  const expectAttackerLockedOut = async (account: { email: string; token: string; attackerToken: string }) => {
    for (const token of [account.token, account.attackerToken]) expect((await get('/api/owner/self', bearer(token))).statusCode).toBe(401);
    const login = await post('/api/passport/owner/login', { email: account.email, password: ATTACKER_PASSWORD });
    expect(errorOf(login).code).toBe('invalid_credentials');
  };

  it('a magic link on an unverified account ends the earlier password and sessions and says so', async () => {
    const account = await attackerAccount();
    await post('/api/passport/owner/mail/login-link', { username: account.email });
    const magic = await post(`/api/passport/owner/login/magic/${linkToken(await lastMailLink(t, account.email))}`);
    expect(magic.json().result).toMatchObject({ id: account.id, firstProof: true });
    await expectAttackerLockedOut(account);
    const mine = bearer(magic.json().result.token);
    expect((await get('/api/owner/self', mine)).json().result).toMatchObject({ verified: true, hasPassword: false });

    // A later magic link is no first proof: the password the owner chose stays.
    await t.app.inject({ method: 'PATCH', url: '/api/owner/self', headers: mine, payload: { password: PASSWORD, repeatPassword: PASSWORD } });
    await post('/api/passport/owner/mail/login-link', { username: account.email });
    const later = await post(`/api/passport/owner/login/magic/${linkToken(await lastMailLink(t, account.email))}`);
    expect(later.json().result.firstProof).toBeUndefined();
    expect((await post('/api/passport/owner/login', { email: account.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('a verification link ends the earlier password and sessions and asks for a new password', async () => {
    const account = await attackerAccount();
    await post('/api/passport/owner/mail/verification-link', {}, bearer(account.attackerToken));
    const verified = await post('/api/passport/owner/verification', { token: linkToken(await lastMailLink(t, account.email)) });
    expect(verified.json().result).toMatchObject({ firstProof: true, hasPassword: false });
    await expectAttackerLockedOut(account);
    expect((await get('/api/owner/self', bearer(verified.json().result.token))).statusCode).toBe(200);
  });

  it('a preauthenticate exchange counts as the first proof too', async () => {
    const account = await attackerAccount();
    await post('/api/passport/owner/mail/login-link', { username: account.email });
    const res = await post('/api/passport/owner/preauthenticate', { authId: linkToken(await lastMailLink(t, account.email)) });
    expect(res.json().result.firstProof).toBe(true);
    await expectAttackerLockedOut(account);
  });

  it('closes the attacker\u2019s reset links too', async () => {
    const account = await attackerAccount();
    await post('/api/passport/owner/mail/forgot-password', { username: account.email });
    const reset = linkToken(await lastMailLink(t, account.email));
    await post('/api/passport/owner/mail/login-link', { username: account.email });
    await post(`/api/passport/owner/login/magic/${linkToken(await lastMailLink(t, account.email))}`);
    const used = await post('/api/passport/owner/password-reset', { token: reset, password: ATTACKER_PASSWORD, repeatPassword: ATTACKER_PASSWORD });
    expect(errorOf(used).code).toBe('link_expired');
  });
});

describe('password reset', () => {
  it('forgot password → mail → reset → the new password signs in, the old one and every session do not', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const res = await post('/api/passport/owner/mail/forgot-password', { username: owner.email, ln: 'ru' });
    expect(res.json()).toEqual({ result: { sent: true } });
    const [message] = await mailTo(t, owner.email);
    expect(message).toMatchObject({ kind: 'reset', locale: 'ru' });
    const link = await lastMailLink(t, owner.email);
    expect(link.pathname).toBe('/owner/login');

    const reset = await post('/api/passport/owner/password-reset', {
      token: linkToken(link),
      password: 'brand-new-secret',
      repeatPassword: 'brand-new-secret',
    });
    expect(reset.json()).toEqual({ result: { done: true } });
    expect((await get('/api/owner/self', owner.headers)).statusCode).toBe(401);
    expect((await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/passport/owner/login', { email: owner.email, password: 'brand-new-secret' })).statusCode).toBe(200);

    const reused = await post('/api/passport/owner/password-reset', {
      token: linkToken(link),
      password: 'another-secret-9',
      repeatPassword: 'another-secret-9',
    });
    expect(errorOf(reused)).toEqual({ code: 'link_expired', message: 'The link has expired' });
  });

  it('a reset link does not work as a magic link', async () => {
    const owner = await createOwner(t);
    await post('/api/passport/owner/mail/forgot-password', { username: owner.email });
    const token = linkToken(await lastMailLink(t, owner.email));
    expect(errorOf(await post(`/api/passport/owner/login/magic/${token}`)).code).toBe('link_expired');
  });

  it('estimators reset theirs through the estimator password-reset page', async () => {
    const estimator = await createEstimator(t, { password: PASSWORD });
    await post('/api/passport/estimator/mail/forgot-password', { username: estimator.email });
    const link = await lastMailLink(t, estimator.email);
    expect(link.pathname).toBe('/estimator/password-reset');
    await post('/api/passport/estimator/password-reset', {
      token: linkToken(link),
      password: 'estimator-new-secret-1',
      repeatPassword: 'estimator-new-secret-1',
    });
    expect((await post('/api/passport/estimator/login', { username: estimator.email, password: 'estimator-new-secret-1' })).statusCode).toBe(200);
  });
});

describe('estimators and administrators', () => {
  it('an estimator signs in with username or e-mail, by magic link, and signs out', async () => {
    const estimator = await createEstimator(t, { password: PASSWORD, username: 'Marta' });
    const byName = await post('/api/passport/estimator/login', { username: 'marta', password: PASSWORD });
    expect(byName.json().result.id).toBe(estimator.id);
    expect((await post('/api/passport/estimator/login', { username: estimator.email, password: PASSWORD })).statusCode).toBe(200);

    await post('/api/passport/estimator/mail/login-link', { username: 'marta' });
    const link = await lastMailLink(t, estimator.email);
    expect(link.pathname).toBe('/estimator/magic-link');
    const magic = await post(`/api/passport/estimator/login/magic/${linkToken(link)}`);
    const token = magic.json().result.token;
    expect((await get('/api/estimator/self', bearer(token))).json().result).toMatchObject({ _id: estimator.id, username: 'Marta' });
    await post('/api/passport/estimator/logout', undefined, bearer(token));
    expect((await get('/api/estimator/self', bearer(token))).statusCode).toBe(401);
  });

  it('a deleted estimator is told so', async () => {
    const estimator = await createEstimator(t, { password: PASSWORD, status: 'deleted' });
    const res = await post('/api/passport/estimator/login', { username: estimator.email, password: PASSWORD });
    expect(errorOf(res)).toEqual({ code: 'user_deleted', message: 'this user has been deleted' });
  });

  it('an administrator signs in with password, by magic link (each through the second step), and signs out', async () => {
    const admin = await createAdministrator(t, { password: PASSWORD });
    const recoveryCodes = await enrolWithSecret(
      { db: t.database.db, sealer: t.app.secondFactorSealer },
      'administrator',
      admin.id,
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    const res = await post('/api/admin/login', { email: admin.email, password: PASSWORD });
    expect(res.json().result).toEqual({ challenge: expect.any(String), secondFactor: 'code' });
    const second = await post('/api/passport/second-factor', { challenge: res.json().result.challenge, code: recoveryCodes[0] });
    expect(second.json().result.id).toBe(admin.id);
    await post('/api/admin/mail/login-link', { username: admin.email });
    const link = await lastMailLink(t, admin.email);
    expect(link.pathname).toBe('/administrator-login');
    const magic = await post(`/api/admin/login/magic/${linkToken(link)}`);
    expect(magic.json().result.token).toBeUndefined();
    const token = (await post('/api/passport/second-factor', { challenge: magic.json().result.challenge, code: recoveryCodes[1] })).json().result.token;
    const out = await post('/api/admin/logout', undefined, bearer(token));
    expect(out.statusCode).toBe(200);
    expect((await post('/api/admin/logout', undefined, bearer(token))).statusCode).toBe(401);
  });

  it("refuses a token of one role on another role's routes", async () => {
    const owner = await createOwner(t);
    const estimator = await createEstimator(t);
    const admin = await createAdministrator(t);
    expect((await get('/api/estimator/self', owner.headers)).statusCode).toBe(403);
    expect((await get('/api/owner/self', estimator.headers)).statusCode).toBe(403);
    expect((await get('/api/owner/self', admin.headers)).statusCode).toBe(403);
    expect((await post('/api/admin/logout', undefined, owner.headers)).statusCode).toBe(403);
    expect((await post('/api/passport/owner/logout', undefined, admin.headers)).statusCode).toBe(403);
    // The magic link of one role does not sign in another.
    await post('/api/passport/estimator/mail/login-link', { username: estimator.email });
    const token = linkToken(await lastMailLink(t, estimator.email));
    expect(errorOf(await post(`/api/passport/owner/login/magic/${token}`)).code).toBe('link_expired');
  });
});

describe('rate limits', () => {
  /** A sign-in from a given client address (the socket's, whatever the headers say). */
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/passport/owner/login', payload: { email, password }, headers: en, remoteAddress });

  // Fourteen password checks (scrypt, 128 MiB each): slow on a loaded machine.
  it('stops a client after 10 wrong passwords for one account, and lets the owner in from elsewhere', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const codes: number[] = [];
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_CLIENT; i++) codes.push((await loginFrom('198.51.100.1', owner.email, 'wrong-guess')).statusCode);
    expect(codes.every((code) => code === 401)).toBe(true);
    const limited = await loginFrom('198.51.100.1', owner.email, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: 'Too many attempts. Try again in a minute' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom('198.51.100.2', owner.email, PASSWORD)).statusCode).toBe(200);
    // Right passwords are not failures: the owner signs in again and again.
    for (let i = 0; i < 3; i++) expect((await loginFrom('198.51.100.2', owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('after 50 wrong passwords from any clients asks for a mailed link, which signs in and lifts it', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    // All but the last failure are counted directly (50 password checks would take minutes); the last goes over HTTP.
    const counter = createFailureCounter(t.database, FAILURE_WINDOW_MS);
    for (let i = 0; i < FAILURES_PER_ACCOUNT - 1; i++) await counter.add(accountKey('owner', owner.email));
    expect((await loginFrom('203.0.113.9', owner.email, 'wrong-guess')).statusCode).toBe(401);
    const challenged = await loginFrom('192.0.2.200', owner.email, PASSWORD);
    expect(challenged.statusCode).toBe(429);
    expect(errorOf(challenged)).toEqual({
      code: 'sign_in_link_required',
      message: 'Too many wrong passwords for this account. Sign in with a link sent by e-mail',
    });
    // Another account is not affected.
    const other = await createOwner(t, { password: PASSWORD });
    expect((await loginFrom('192.0.2.200', other.email, PASSWORD)).statusCode).toBe(200);

    await post('/api/passport/owner/mail/login-link', { username: owner.email });
    expect((await post(`/api/passport/owner/login/magic/${linkToken(await lastMailLink(t, owner.email))}`)).statusCode).toBe(200);
    expect((await loginFrom('192.0.2.200', owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('limits link requests per address and per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/api/passport/owner/mail/forgot-password', { username: 'target@example.com' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i++) {
      fromOne.push(
        (await post('/api/passport/estimator/mail/login-link', { username: `spray-${i}@example.com` }, { 'x-forwarded-for': '192.0.2.7' })).statusCode,
      );
    }
    expect(fromOne.slice(0, 20).every((code) => code === 200)).toBe(true);
    expect(fromOne[20]).toBe(429);
  });
});

describe('access catalogue', () => {
  it('declares who may call each passport and account route', () => {
    const access = Object.fromEntries(
      t.app.accessCatalogue
        .filter((e) => /\/api\/(passport|owner\/self|estimator\/self|admin\/(login|logout|mail\/login-link))/.test(e.url))
        .map((e) => [`${e.method} ${e.url}`, e.access]),
    );
    expect(access).toMatchSnapshot();
  });
});
