import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema, RECOVERY_CODE_COUNT, SECOND_FACTOR_FAILURES_PER_ACCOUNT } from '@teamcast/contracts';
import { createAdministrator, createOwner, lastMailLink, linkToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enrolWithSecret } from './second-factor.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'quiet-harbour-42';
let client = 0;
/** Each call from its own client address, so per-client limits do not mix tests. */
const call = (method: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { 'accept-language': 'en', 'x-forwarded-for': `10.1.0.${++client % 250}`, ...headers } });
const post = (url: string, payload?: object, headers?: Record<string, string>) => call('POST', url, payload, headers);
const errorOf = (res: { json(): unknown }) => ErrorEnvelopeSchema.parse(res.json()).error;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
const codeAt = (secret: string, offsetSteps = 0) => totp(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
/** A 6-digit code that no step of the ±1 window accepts. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((offset) => codeAt(secret, offset)));
  for (let n = 0; ; n += 1) {
    const candidate = String(123456 + n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const deps = () => ({ db: t.database.db, sealer: t.app.secondFactorSealer });

async function adminWithFactor() {
  const admin = await createAdministrator(t, { password: PASSWORD });
  const recoveryCodes = await enrolWithSecret(deps(), 'administrator', admin.id, SECRET);
  return { ...admin, recoveryCodes };
}
const adminPassword = (email: string) => post('/api/admin/login', { email, password: PASSWORD });
const isSession = async (token: string) => (await call('GET', '/api/admin/owners', undefined, bearer(token))).statusCode === 200;

describe('administrator second factor', () => {
  it('password sign-in of an administrator without a factor gives no session, only an enrolment step; a code confirms it and the recovery codes come once', async () => {
    const admin = await createAdministrator(t, { password: PASSWORD });
    const first = await adminPassword(admin.email);
    expect(first.statusCode).toBe(200);
    const step = first.json().result;
    expect(step).toEqual({ challenge: expect.any(String), secondFactor: 'enrol' });
    expect(step.token).toBeUndefined();
    // The challenge is not a session token.
    expect((await call('GET', '/api/admin/owners', undefined, bearer(step.challenge))).statusCode).toBe(401);

    const enrolment = (await post('/api/passport/second-factor/enrolment', { challenge: step.challenge })).json().result;
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Teamcast:.*\?.*secret=/);
    expect(enrolment.otpauthUrl).toContain('algorithm=SHA1');
    expect(enrolment.otpauthUrl).toContain('digits=6');
    expect(enrolment.otpauthUrl).toContain('period=30');
    expect(enrolment.qrSvg).toContain('<svg');
    // Shown again, the same secret: a reloaded page keeps its QR code.
    expect((await post('/api/passport/second-factor/enrolment', { challenge: step.challenge })).json().result.secret).toBe(enrolment.secret);
    // The secret is kept sealed, not as given.
    const [stored] = await t.database.query<{ sealed_secret: string }>('select sealed_secret from second_factors where subject_id = $1', [admin.id]);
    expect(stored!.sealed_secret).not.toContain(enrolment.secret);

    const wrong = await post('/api/passport/second-factor', { challenge: step.challenge, code: wrongCode(enrolment.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({ code: 'second_factor_invalid', message: 'The code is wrong or has already been used', field: 'code' });

    const done = await post('/api/passport/second-factor', { challenge: step.challenge, code: codeAt(enrolment.secret) });
    expect(done.statusCode).toBe(200);
    const session = done.json().result;
    expect(session.id).toBe(admin.id);
    expect(session.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(session.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await isSession(session.token)).toBe(true);
    // Only hashes of the recovery codes are kept.
    const hashes = JSON.stringify(await t.database.query('select code_hash from recovery_codes where subject_id = $1', [admin.id]));
    for (const code of session.recoveryCodes) expect(hashes).not.toContain(code);

    // Next time: a code step, and the secret is never shown again.
    const next = (await adminPassword(admin.email)).json().result;
    expect(next.secondFactor).toBe('code');
    const again = await post('/api/passport/second-factor/enrolment', { challenge: next.challenge });
    expect(errorOf(again).code).toBe('second_factor_enabled');
    expect(again.body).not.toContain(enrolment.secret);
  });

  it('signs in with a code once: the same code, replayed, is refused', async () => {
    const admin = await adminWithFactor();
    const code = codeAt(SECRET);
    const first = (await adminPassword(admin.email)).json().result;
    const ok = await post('/api/passport/second-factor', { challenge: first.challenge, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.recoveryCodes).toBeUndefined();
    expect(await isSession(ok.json().result.token)).toBe(true);

    const second = (await adminPassword(admin.email)).json().result;
    const replay = await post('/api/passport/second-factor', { challenge: second.challenge, code });
    expect(errorOf(replay).code).toBe('second_factor_invalid');
  });

  it('refuses a wrong password before any second step, as before', async () => {
    const admin = await adminWithFactor();
    const res = await post('/api/admin/login', { email: admin.email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('invalid_credentials');
  });

  it('takes each recovery code once', async () => {
    const admin = await adminWithFactor();
    const [code] = admin.recoveryCodes;
    const first = (await adminPassword(admin.email)).json().result;
    // Case and dashes do not matter.
    const ok = await post('/api/passport/second-factor', { challenge: first.challenge, code: code!.toUpperCase().replace(/-/g, ' ') });
    expect(ok.statusCode).toBe(200);
    const second = (await adminPassword(admin.email)).json().result;
    expect(errorOf(await post('/api/passport/second-factor', { challenge: second.challenge, code: code! })).code).toBe('second_factor_invalid');
    expect((await post('/api/passport/second-factor', { challenge: second.challenge, code: admin.recoveryCodes[1]! })).statusCode).toBe(200);
  });

  it('a magic link of an administrator stops at the second step too', async () => {
    const admin = await adminWithFactor();
    await post('/api/admin/mail/login-link', { username: admin.email });
    const res = await post(`/api/admin/login/magic/${linkToken(await lastMailLink(t, admin.email))}`);
    expect(res.statusCode).toBe(200);
    const step = res.json().result;
    expect(step).toEqual({ challenge: expect.any(String), secondFactor: 'code' });
    const done = await post('/api/passport/second-factor', { challenge: step.challenge, code: codeAt(SECRET) });
    expect(done.json().result.id).toBe(admin.id);
  });

  it('a magic link of an administrator without a factor leads to enrolment, not a session', async () => {
    const admin = await createAdministrator(t, { password: PASSWORD });
    await post('/api/admin/mail/login-link', { username: admin.email });
    const res = await post(`/api/admin/login/magic/${linkToken(await lastMailLink(t, admin.email))}`);
    expect(res.json().result).toEqual({ challenge: expect.any(String), secondFactor: 'enrol' });
  });

  it('a challenge is used once, expires after 5 minutes, and dies after 5 wrong codes', async () => {
    const admin = await adminWithFactor();
    const used = (await adminPassword(admin.email)).json().result.challenge;
    expect((await post('/api/passport/second-factor', { challenge: used, code: admin.recoveryCodes[0]! })).statusCode).toBe(200);
    const reused = await post('/api/passport/second-factor', { challenge: used, code: admin.recoveryCodes[1]! });
    expect(reused.statusCode).toBe(410);
    expect(errorOf(reused)).toEqual({ code: 'second_factor_expired', message: 'The sign-in has timed out. Sign in again' });

    const old = (await adminPassword(admin.email)).json().result.challenge;
    await t.database.query(`update sign_in_challenges set expires_at = now() - interval '1 second' where subject_id = $1 and used_at is null`, [admin.id]);
    expect(errorOf(await post('/api/passport/second-factor', { challenge: old, code: admin.recoveryCodes[2]! })).code).toBe('second_factor_expired');

    const tried = (await adminPassword(admin.email)).json().result.challenge;
    for (let i = 0; i < 5; i += 1)
      expect(errorOf(await post('/api/passport/second-factor', { challenge: tried, code: wrongCode(SECRET) })).code).toBe('second_factor_invalid');
    expect(errorOf(await post('/api/passport/second-factor', { challenge: tried, code: admin.recoveryCodes[3]! })).code).toBe('second_factor_expired');
    // Only hashes of challenges are stored.
    const stored = JSON.stringify(await t.database.query('select token_hash from sign_in_challenges where subject_id = $1', [admin.id]));
    for (const challenge of [used, old, tried]) expect(stored).not.toContain(challenge);
  });

  it('limits wrong second-step codes per account across challenges and client addresses, and counts no right ones', async () => {
    const admin = await adminWithFactor();
    // Right codes do not count: more sign-ins than the limit all pass.
    for (let i = 0; i < SECOND_FACTOR_FAILURES_PER_ACCOUNT - 7; i += 1) {
      const challenge = (await adminPassword(admin.email)).json().result.challenge;
      expect((await post('/api/passport/second-factor', { challenge, code: admin.recoveryCodes[i]! })).statusCode).toBe(200);
    }
    const answers: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const challenge = (await adminPassword(admin.email)).json().result.challenge;
      for (let i = 0; i < 4; i += 1) answers.push((await post('/api/passport/second-factor', { challenge, code: wrongCode(SECRET) })).statusCode);
    }
    expect(answers.slice(0, SECOND_FACTOR_FAILURES_PER_ACCOUNT)).toEqual(Array(SECOND_FACTOR_FAILURES_PER_ACCOUNT).fill(400));
    expect(answers.slice(SECOND_FACTOR_FAILURES_PER_ACCOUNT)).toEqual([429, 429]);
    // Even the right code waits now.
    const challenge = (await adminPassword(admin.email)).json().result.challenge;
    expect(errorOf(await post('/api/passport/second-factor', { challenge, code: admin.recoveryCodes[5]! })).code).toBe('rate_limited');
  });

  it('a challenge of one administrator, with a code of another, does not sign in', async () => {
    const victim = await adminWithFactor();
    const other = await createAdministrator(t, { password: PASSWORD });
    await enrolWithSecret(deps(), 'administrator', other.id, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const challenge = (await adminPassword(other.email)).json().result.challenge;
    expect(errorOf(await post('/api/passport/second-factor', { challenge, code: victim.recoveryCodes[0]! })).code).toBe('second_factor_invalid');
  });
});

describe('owner second factor', () => {
  const ownerCall = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    call(method, url, payload, bearer(token));

  it('is off by default: password sign-in gives a session at once', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    expect((await ownerCall('GET', '/api/owner/second-factor', owner.token)).json().result).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const res = await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD });
    expect(res.json().result).toEqual({ token: expect.any(String), id: owner.id });
  });

  it('turns on with the current password and a code, then every sign-in asks for the second step, and turns off with a code', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const { secret } = (await ownerCall('POST', '/api/owner/second-factor/enrolment', owner.token)).json().result;
    // Started but not confirmed: sign-in is as before.
    expect((await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).json().result.token).toEqual(expect.any(String));

    const badPassword = await ownerCall('PUT', '/api/owner/second-factor', owner.token, { password: 'not-the-password', code: codeAt(secret) });
    expect(badPassword.statusCode).toBe(400);
    expect(errorOf(badPassword)).toMatchObject({ code: 'wrong_current_password', field: 'password' });
    const badCode = await ownerCall('PUT', '/api/owner/second-factor', owner.token, { password: PASSWORD, code: wrongCode(secret) });
    expect(errorOf(badCode)).toMatchObject({ code: 'second_factor_invalid', field: 'code' });
    // A wrong code does not sign the owner out.
    expect((await ownerCall('GET', '/api/owner/self', owner.token)).statusCode).toBe(200);

    const on = await ownerCall('PUT', '/api/owner/second-factor', owner.token, { password: PASSWORD, code: codeAt(secret) });
    expect(on.statusCode).toBe(200);
    const { recoveryCodes } = on.json().result;
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await ownerCall('GET', '/api/owner/second-factor', owner.token)).json().result).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(errorOf(await ownerCall('POST', '/api/owner/second-factor/enrolment', owner.token)).code).toBe('second_factor_enabled');

    // Password sign-in
    const byPassword = (await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).json().result;
    expect(byPassword).toEqual({ challenge: expect.any(String), secondFactor: 'code' });
    const session = await post('/api/passport/second-factor', { challenge: byPassword.challenge, code: recoveryCodes[0] });
    expect(session.json().result.id).toBe(owner.id);
    expect((await ownerCall('GET', '/api/owner/second-factor', owner.token)).json().result.recoveryCodesLeft).toBe(9);

    // Magic link, and the preauthenticate exchange of the same kind of link
    await post('/api/passport/owner/mail/login-link', { username: owner.email });
    const byLink = (await post(`/api/passport/owner/login/magic/${linkToken(await lastMailLink(t, owner.email))}`)).json().result;
    expect(byLink).toEqual({ challenge: expect.any(String), secondFactor: 'code' });
    await post('/api/passport/owner/mail/login-link', { username: owner.email });
    const preauth = (await post('/api/passport/owner/preauthenticate', { authId: linkToken(await lastMailLink(t, owner.email)) })).json().result;
    expect(preauth).toEqual({ challenge: expect.any(String), secondFactor: 'code' });

    const off = await ownerCall('DELETE', '/api/owner/second-factor', owner.token, { code: recoveryCodes[1] });
    expect(off.json().result).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).json().result.token).toEqual(expect.any(String));
    expect(errorOf(await ownerCall('DELETE', '/api/owner/second-factor', owner.token, { code: recoveryCodes[2] })).code).toBe('second_factor_disabled');
  });

  it('refuses to turn off with a wrong code', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    await enrolWithSecret(deps(), 'owner', owner.id, SECRET);
    const res = await ownerCall('DELETE', '/api/owner/second-factor', owner.token, { code: wrongCode(SECRET) });
    expect(errorOf(res)).toMatchObject({ code: 'second_factor_invalid', field: 'code' });
    expect((await ownerCall('GET', '/api/owner/second-factor', owner.token)).json().result.enabled).toBe(true);
  });

  // Whoever signed up with someone else's address before it was proven may have turned the factor on to lock the real
  // person out (or keep a way in): the first proof of the address removes it with the password and sessions.
  const attackerWithFactor = async () => {
    const owner = await createOwner(t, { password: PASSWORD, verifiedAt: null });
    const { secret } = (await ownerCall('POST', '/api/owner/second-factor/enrolment', owner.token)).json().result;
    const on = await ownerCall('PUT', '/api/owner/second-factor', owner.token, { password: PASSWORD, code: codeAt(secret) });
    expect(on.statusCode).toBe(200);
    const pending = (await post('/api/passport/owner/login', { email: owner.email, password: PASSWORD })).json().result;
    expect(pending).toEqual({ challenge: expect.any(String), secondFactor: 'code' });
    return { ...owner, secret: secret as string, recoveryCodes: on.json().result.recoveryCodes as string[], challenge: pending.challenge as string };
  };

  const expectFactorGone = async (attacker: Awaited<ReturnType<typeof attackerWithFactor>>, token: string) => {
    expect((await ownerCall('GET', '/api/owner/second-factor', token)).json().result).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from recovery_codes where subject_id = $1', [attacker.id]);
    expect(row!.n).toBe(0);
    // The attacker's pending second step is gone too: neither his authenticator nor a recovery code passes it.
    expect(errorOf(await post('/api/passport/second-factor', { challenge: attacker.challenge, code: attacker.recoveryCodes[0]! })).code).toBe(
      'second_factor_expired',
    );
    // The real owner can set up his own authenticator.
    expect((await ownerCall('POST', '/api/owner/second-factor/enrolment', token)).statusCode).toBe(200);
  };

  it('the first proof of the address by a verification link removes a factor set up before it and gives a session', async () => {
    const attacker = await attackerWithFactor();
    await post('/api/passport/owner/mail/verification-link', {}, attacker.headers);
    const res = await post('/api/passport/owner/verification', { token: linkToken(await lastMailLink(t, attacker.email)) });
    expect(res.json().result).toMatchObject({ token: expect.any(String), id: attacker.id, firstProof: true, hasPassword: false });
    const [row] = await t.database.query<{ verified_at: Date | null }>('select verified_at from owners where id = $1', [attacker.id]);
    expect(row!.verified_at).not.toBeNull();
    await expectFactorGone(attacker, res.json().result.token);
  });

  it('the first proof of the address by a magic link removes a factor set up before it; later links ask for the new one', async () => {
    const attacker = await attackerWithFactor();
    await post('/api/passport/owner/mail/login-link', { username: attacker.email });
    const res = await post(`/api/passport/owner/login/magic/${linkToken(await lastMailLink(t, attacker.email))}`);
    expect(res.json().result).toMatchObject({ token: expect.any(String), id: attacker.id, firstProof: true });
    const token = res.json().result.token as string;
    await expectFactorGone(attacker, token);

    // Once the address is proven, a factor the owner turns on himself stays and is asked for.
    await ownerCall('PATCH', '/api/owner/self', token, { password: PASSWORD, repeatPassword: PASSWORD });
    const { secret } = (await ownerCall('POST', '/api/owner/second-factor/enrolment', token)).json().result;
    expect((await ownerCall('PUT', '/api/owner/second-factor', token, { password: PASSWORD, code: codeAt(secret) })).statusCode).toBe(200);
    await post('/api/passport/owner/mail/login-link', { username: attacker.email });
    const later = await post(`/api/passport/owner/login/magic/${linkToken(await lastMailLink(t, attacker.email))}`);
    expect(later.json().result).toEqual({ challenge: expect.any(String), secondFactor: 'code' });
    expect((await ownerCall('GET', '/api/owner/second-factor', token)).json().result.enabled).toBe(true);
  });

  it('goes with the account when the owner deletes it', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    await enrolWithSecret(deps(), 'owner', owner.id, SECRET);
    await ownerCall('DELETE', '/api/owner/self', owner.token, { confirmation: 'Delete' });
    expect(await t.database.query('select subject_id from second_factors where subject_id = $1', [owner.id])).toEqual([]);
    expect(await t.database.query('select subject_id from recovery_codes where subject_id = $1', [owner.id])).toEqual([]);
  });
});
