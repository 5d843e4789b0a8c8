import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@teamcast/contracts';
import { createEstimator, createOwner, lastMailLink, linkToken, mailTo } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Stands for every table an owner owns: they all reference owners(id) on delete cascade.
  await t.database.exec(`create table test_owned_things (id text primary key, owner_id text not null references owners(id) on delete cascade)`);
});
afterAll(() => t.close());

const PASSWORD = 'quiet-harbour-42';
const inject = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, payload });
const errorOf = (res: { json(): unknown }) => ErrorEnvelopeSchema.parse(res.json()).error;

describe('owner self', () => {
  it('shows the owner his account, whitelisted, with the verified flag', async () => {
    const owner = await createOwner(t, { password: PASSWORD, verifiedAt: null, companyName: 'Acme' });
    const res = await inject('GET', '/api/owner/self', owner.headers);
    expect(res.json().result).toEqual({
      _id: owner.id,
      email: owner.email,
      companyName: 'Acme',
      variant: 'work',
      verified: false,
      hasPassword: true,
      locale: null,
      createdAt: expect.any(String),
    });
  });

  it('changes the password with the current one and ends the other sessions but not this one', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const other = await t.app.authenticator.signIn('owner', owner.id);
    const res = await inject('PATCH', '/api/owner/self', owner.headers, {
      currentPassword: PASSWORD,
      password: 'fresh-secret-77',
      repeatPassword: 'fresh-secret-77',
    });
    expect(res.json()).toEqual({ result: { endedSessions: 1 } });
    expect((await inject('GET', '/api/owner/self', owner.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/owner/self', { authorization: `Bearer ${other.token}` })).statusCode).toBe(401);
    const login = await inject('POST', '/api/passport/owner/login', {}, { email: owner.email, password: 'fresh-secret-77' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a missing or wrong current password on the current-password field, and changes nothing', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const other = await t.app.authenticator.signIn('owner', owner.id);
    for (const currentPassword of [undefined, 'not-the-password']) {
      const res = await inject('PATCH', '/api/owner/self', owner.headers, { currentPassword, password: 'fresh-secret-77', repeatPassword: 'fresh-secret-77' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'wrong_current_password', field: 'currentPassword', message: 'The current password is wrong' });
    }
    expect((await inject('GET', '/api/owner/self', { authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
    expect((await inject('POST', '/api/passport/owner/login', {}, { email: owner.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('keeps the other sessions when asked to', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    const other = await t.app.authenticator.signIn('owner', owner.id);
    const res = await inject('PATCH', '/api/owner/self', owner.headers, {
      currentPassword: PASSWORD,
      password: 'fresh-secret-77',
      repeatPassword: 'fresh-secret-77',
      endOtherSessions: false,
    });
    expect(res.json()).toEqual({ result: { endedSessions: 0 } });
    expect((await inject('GET', '/api/owner/self', { authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
  });

  it('refuses a common or mismatched new password', async () => {
    const owner = await createOwner(t);
    expect(errorOf(await inject('PATCH', '/api/owner/self', owner.headers, { password: 'qwerty123', repeatPassword: 'qwerty123' })).code).toBe(
      'password_too_common',
    );
    expect(errorOf(await inject('PATCH', '/api/owner/self', owner.headers, { password: 'fresh-secret-77', repeatPassword: 'fresh-secret-78' })).field).toBe(
      'repeatPassword',
    );
  });

  it('deletes the account only with the typed word, with everything it owns, and the next sign-in answers like an unknown address', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    await t.database.query('insert into test_owned_things (id, owner_id) values ($1, $2)', ['thing-1', owner.id]);

    const refused = await inject('DELETE', '/api/owner/self', owner.headers, { confirmation: 'remove' });
    expect(errorOf(refused)).toMatchObject({ field: 'confirmation', message: 'Type the word Delete to confirm' });

    const res = await inject('DELETE', '/api/owner/self', owner.headers, { confirmation: 'Удалить' });
    expect(res.json()).toEqual({ result: { deleted: true } });
    expect(await t.database.query('select id from test_owned_things where owner_id = $1', [owner.id])).toEqual([]);
    expect(await t.database.query('select id from owners where id = $1', [owner.id])).toEqual([]);
    expect((await inject('GET', '/api/owner/self', owner.headers)).statusCode).toBe(401);

    // The deleted address answers like one never registered: nobody learns it was.
    const login = await inject('POST', '/api/passport/owner/login', {}, { email: owner.email, password: PASSWORD });
    const unknown = await inject('POST', '/api/passport/owner/login', {}, { email: 'never-registered@example.com', password: PASSWORD });
    expect(errorOf(login)).toEqual({ code: 'invalid_credentials', message: "Please check the data you've entered and try again" });
    expect([login.statusCode, login.body]).toEqual([unknown.statusCode, unknown.body]);
  });

  it('lets a deleted address sign up again, like a new one: the mailed link starts a new account', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    await inject('DELETE', '/api/owner/self', owner.headers, { confirmation: 'Delete' });
    const signup = await inject(
      'POST',
      '/api/passport/owner/signup',
      {},
      { email: owner.email, companyName: 'Again', privacyPolicy: true, personalData: true },
    );
    expect(signup.json()).toEqual({ result: { sent: true } });
    const [message] = await mailTo(t, owner.email);
    expect(message!.kind).toBe('verify');
    const verified = await inject('POST', '/api/passport/owner/verification', {}, { token: linkToken(await lastMailLink(t, owner.email)) });
    expect(verified.json().result).toMatchObject({ firstProof: true, hasPassword: false });
    expect(verified.json().result.id).not.toBe(owner.id);
  });

  it('answers user_not_found for an owner whose record is gone while a session is alive', async () => {
    const owner = await createOwner(t);
    await t.database.query('update owners set status = $1 where id = $2', ['deleted', owner.id]);
    const res = await inject('GET', '/api/owner/self', owner.headers);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('user_not_found');
  });
});

describe('estimator self', () => {
  it('shows the estimator himself and changes his language and password', async () => {
    const estimator = await createEstimator(t, { password: PASSWORD });
    expect((await inject('GET', '/api/estimator/self', estimator.headers)).json().result).toMatchObject({ _id: estimator.id, locale: null });
    const other = await t.app.authenticator.signIn('estimator', estimator.id);
    const wrong = await inject('PATCH', '/api/estimator/self', estimator.headers, {
      currentPassword: 'not-it-at-all',
      password: 'estimator-fresh-5',
      repeatPassword: 'estimator-fresh-5',
    });
    expect(errorOf(wrong)).toMatchObject({ code: 'wrong_current_password', field: 'currentPassword' });
    const res = await inject('PATCH', '/api/estimator/self', estimator.headers, {
      locale: 'en',
      currentPassword: PASSWORD,
      password: 'estimator-fresh-5',
      repeatPassword: 'estimator-fresh-5',
    });
    expect(res.json().result).toMatchObject({ endedSessions: 1, self: { locale: 'en' } });
    expect((await inject('GET', '/api/estimator/self', { authorization: `Bearer ${other.token}` })).statusCode).toBe(401);
    // The language alone needs no password.
    expect((await inject('PATCH', '/api/estimator/self', estimator.headers, { locale: 'ru' })).json().result).toMatchObject({
      endedSessions: 0,
      self: { locale: 'ru' },
    });
    const login = await inject('POST', '/api/passport/estimator/login', {}, { username: estimator.email, password: 'estimator-fresh-5' });
    expect(login.statusCode).toBe(200);
  });
});
