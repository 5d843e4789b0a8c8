import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, ErrorEnvelopeSchema, NameSchema, PasswordSchema } from '@teamcast/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { route } from './route.ts';
import { AppError } from './errors.ts';

const echoEndpoint = defineEndpoint({
  group: 'system',
  method: 'POST',
  path: '/test/echo/:id',
  summary: 'test only',
  params: z.object({ id: z.coerce.number().int() }),
  body: z.object({ firstName: NameSchema, password: PasswordSchema }),
  result: z.object({ id: z.number(), firstName: z.string() }),
});
const boomEndpoint = defineEndpoint({ group: 'system', method: 'GET', path: '/test/boom', summary: 'test only', result: z.null() });
const ownerOnlyEndpoint = defineEndpoint({ group: 'owner', method: 'GET', path: '/test/mine', summary: 'test only', result: z.string() });
const missingEndpoint = defineEndpoint({ group: 'system', method: 'GET', path: '/test/missing', summary: 'test only', result: z.null() });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    route(app, echoEndpoint, {
      access: 'anonymous',
      // Extra fields must not leak: the response schema whitelists output.
      handler: async ({ params, body }) => ({ id: params.id, firstName: body.firstName, password: body.password }) as never,
    });
    route(app, boomEndpoint, {
      access: 'anonymous',
      handler: async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      },
    });
    route(app, ownerOnlyEndpoint, { access: ['owner'], handler: async ({ auth }) => auth.subjectId });
    route(app, missingEndpoint, {
      access: 'anonymous',
      handler: async () => {
        throw new AppError('profile_not_found');
      },
    });
  });
});
afterAll(() => t.close());

describe('envelopes', () => {
  it('wraps success in result and strips fields the schema does not list', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/7', payload: { firstName: 'Анна', password: 'secret-one' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { id: 7, firstName: 'Анна' } });
  });

  it('answers health with status, version and database reachability', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result.status).toBe('ok');
    expect(body.result.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.result.database.reachable).toBe(true);
  });

  it('names the field and uses the section 5 message in the request language', async () => {
    const ru = await t.app.inject({ method: 'POST', url: '/api/test/echo/1', payload: { firstName: 'Anna1', password: 'secret-one' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ error: { code: 'validation_failed', message: 'Только кириллица и латиница', field: 'firstName' } });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { firstName: 'Anna', password: ' 12 ' },
    });
    expect(en.json()).toEqual({ error: { code: 'validation_failed', message: 'Minimum number of characters 8', field: 'password' } });
  });

  it('reports a missing required field as mandatory', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/1', headers: { 'accept-language': 'en' }, payload: { password: 'secret-one' } });
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'firstName', message: 'Mandatory field' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/1', headers: { 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(res.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(res.json()).error.code).toBe('bad_request');
  });

  it('hides an unexpected exception behind unexpected_error with no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'unexpected_error', message: 'Unexpected error' } });
    expect(res.body).not.toContain('/srv/app.ts');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers a catalogue error with its status and localised text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'profile_not_found', message: 'Профиль не найден' } });
  });

  it('answers unknown API paths with a JSON 404, never the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Не найдено' } });
  });
});

describe('access', () => {
  it('refuses a guarded route without a token (401) and with a token of another role (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/owner/test/mine' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');

    const { token } = await t.app.authenticator.signIn('estimator', 'est-1');
    const wrongRole = await t.app.inject({ method: 'GET', url: '/api/owner/test/mine', headers: { authorization: `Bearer ${token}` } });
    expect(wrongRole.statusCode).toBe(403);

    const owner = await t.app.authenticator.signIn('owner', 'owner-1');
    const ok = await t.app.inject({ method: 'GET', url: '/api/owner/test/mine', headers: { authorization: `Bearer ${owner.token}` } });
    expect(ok.json()).toEqual({ result: 'owner-1' });
  });

  it('refuses a tampered token and one signed with alg none', async () => {
    const { token } = await t.app.authenticator.signIn('owner', 'owner-2');
    const [header, payload] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sub = 'owner-3';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${token.split('.')[2]}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const bad of [tampered, none, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/owner/test/mine', headers: { authorization: `Bearer ${bad}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists every route with its declared access', () => {
    const health = t.app.accessCatalogue.find((entry) => entry.url === '/api/health');
    expect(health).toEqual({ method: 'GET', url: '/api/health', access: 'anonymous', rateLimited: false });
    expect(t.app.accessCatalogue.find((entry) => entry.url === '/api/owner/test/mine')?.access).toEqual(['owner']);
  });
});

describe('documentation', () => {
  it('serves an OpenAPI 3.1 document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.summary).toContain('status');
    expect(doc.paths['/api/owner/test/mine'].get.security).toEqual([{ bearer: [] }]);
  });

  it('serves the readable reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });

  it('sets security headers on every response: success, refusal, unknown address', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/owner/test/mine' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });
});

describe('transport security', () => {
  it('sends HSTS only when the public address is HTTPS', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://teamcast.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses a body over the limit with the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'A', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });
});
