import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@teamcast/contracts';
import { MULTILINE_FIELDS, controlCharacterIssue, type Endpoint, type Role } from '@teamcast/contracts';
import { endpointUrl } from './core/route.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { createAdministrator, createEstimator, createOwner } from './test/factories.ts';

let t: TestApp;
let users: Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  const [owner, estimator, administrator] = await Promise.all([createOwner(t), createEstimator(t), createAdministrator(t)]);
  users = { owner: owner.id, estimator: estimator.id, administrator: administrator.id };
});
afterAll(() => t.close());

/** NUL, the other C0 characters and DEL, each somewhere inside an otherwise ordinary string. */
const controlCharacter = fc.constantFrom(...Array.from({ length: 32 }, (_, code) => code), 0x7f).map((code) => String.fromCharCode(code));
const withControl = fc
  .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
  .map(([before, control, after]) => before + control + after);
const text = fc.oneof(
  withControl,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '__proto__', 'constructor', '../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', 'null', 'NaN', '-1', '1e309'),
  fc.integer({ min: 10_000, max: 200_000 }).map((length) => 'x'.repeat(length)),
);
const deep = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
});
const hostileValue = fc.oneof(fc.anything({ maxDepth: 4 }), text, deep, fc.double(), fc.constant(null));
const hostileBody = fc.oneof(
  fc.dictionary(fc.oneof(text, fc.constantFrom('email', 'password', 'firstName', 'id', 'actors', 'answers', 'limit')), hostileValue, { maxKeys: 6 }),
  hostileValue,
);
const hostileQuery = fc.dictionary(fc.constantFrom('limit', 'offset', 'search', 'sort', 'order', 'filter', 'ruid', 'ln', 'x'), text, { maxKeys: 4 });

/** A fresh client address per request, so per-address rate limits answer nothing but validation here. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** A caller that may use the route, so requests get past access checks and reach validation. */
function callerFor(access: 'anonymous' | readonly Role[]): Role | null {
  return access === 'anonymous' ? null : (access[0] ?? null);
}

describe('input fuzzing', () => {
  it('answers hostile input to every route with the error envelope or a result, never a 500 or a stack trace', async () => {
    // The gate is a websocket (fuzzed in gate.test.ts); the OpenAPI document is served as it is, not enveloped.
    const routes = t.app.accessCatalogue.filter((entry) => entry.url.startsWith('/api/') && !['/api/gate', '/api/openapi.json'].includes(entry.url));
    expect(routes.length).toBeGreaterThan(2);
    for (const entry of routes) {
      await fc.assert(
        fc.asyncProperty(hostileBody, hostileQuery, text, async (body, query, param) => {
          const role = callerFor(entry.access);
          const token = role ? (await t.app.authenticator.signIn(role, users[role])).token : undefined;
          const url = entry.url.replace(/:(\w+)/g, () => encodeURIComponent(param.slice(0, 200)) || 'x');
          const res = await t.app.inject({
            method: entry.method as 'POST',
            url,
            query: query as Record<string, string>,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(entry.method === 'GET' ? {} : { payload: JSON.stringify(body) ?? 'null' }),
          });
          const where = `${entry.method} ${entry.url} -> ${res.statusCode}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(res.body, where).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules/);
          if (res.headers['content-type']?.toString().includes('application/json')) {
            const json = res.json();
            expect('result' in json || typeof json?.error?.code === 'string', where).toBe(true);
          }
        }),
        { numRuns: 10, seed: 20261122 },
      );
    }
    // Every route times ten hostile requests: minutes on a loaded machine, so the test has its own budget.
  }, 600_000);

  const endpoints = new Map(
    (Object.values(contracts) as unknown[])
      .filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'group' in value && 'path' in value && 'result' in value)
      .map((endpoint) => [`${endpoint.method} ${endpointUrl(endpoint)}`, endpoint]),
  );

  it('refuses NUL and every other control character in every path parameter, query and body string with 400 naming the field', async () => {
    const routes = t.app.accessCatalogue.filter((entry) => endpoints.has(`${entry.method} ${entry.url}`));
    expect(routes.length).toBeGreaterThan(100);
    // A single-line field refuses line feeds and tabs too; keys of multi-line texts are left out of the random ones.
    const key = fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !MULTILINE_FIELDS.has(name) && controlCharacterIssue(name) === null);
    for (const entry of routes) {
      const endpoint = endpoints.get(`${entry.method} ${entry.url}`)!;
      const paramNames = Object.keys(endpoint.params?.shape ?? {});
      const queryNames = Object.keys(endpoint.query?.shape ?? {});
      await fc.assert(
        fc.asyncProperty(withControl, fc.constantFrom('params', 'query', 'body'), key, async (hostile, part, bodyKey) => {
          if ((part === 'params' && paramNames.length === 0) || (part === 'query' && queryNames.length === 0) || (part === 'body' && !endpoint.body)) return;
          const role = callerFor(entry.access);
          const token = role ? (await t.app.authenticator.signIn(role, users[role])).token : undefined;
          const target = part === 'params' ? paramNames[0] : part === 'query' ? queryNames[0] : bodyKey;
          const url = entry.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(part === 'params' && name === target ? hostile : 'x'));
          const res = await t.app.inject({
            method: entry.method as 'POST',
            url,
            remoteAddress: nextAddress(),
            query: part === 'query' ? { [target!]: hostile } : {},
            headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(entry.method === 'GET' ? {} : { payload: JSON.stringify(part === 'body' ? { [bodyKey]: hostile } : {}) }),
          });
          const where = `${entry.method} ${entry.url} ${part} ${JSON.stringify(hostile)} -> ${res.statusCode} ${res.body}`;
          expect(res.statusCode, where).toBe(400);
          // Path parameters are checked first, so that answer names the parameter; a body or query may also have
          // failed on a path parameter that was not a valid id, which is a 400 as well.
          if (part === 'params')
            expect(res.json().error, where).toEqual({ code: 'validation_failed', message: 'Control characters are not allowed', field: target });
          else expect(res.json().error.code, where).toBe('validation_failed');
        }),
        { numRuns: 6, seed: 20261125 },
      );
    }
  }, 600_000);

  it('refuses a control character at the places where it used to give 500, naming the field in Russian and English', async () => {
    const owner = await t.app.authenticator.signIn('owner', users.owner);
    const admin = await t.app.authenticator.signIn('administrator', users.administrator);
    const cases: { method: 'POST' | 'GET' | 'PATCH'; url: string; body?: object; token?: string; field: string }[] = [
      {
        method: 'POST',
        url: '/api/passport/owner/signup',
        body: {
          email: 'nul@example.com',
          companyName: 'a\u0000b',
          password: 'Long enough 1',
          repeatPassword: 'Long enough 1',
          privacyPolicy: true,
          personalData: true,
        },
        field: 'companyName',
      },
      { method: 'GET', url: '/api/profile/%00', field: 'permalink' },
      { method: 'GET', url: '/api/owner/profiles/%00', token: owner.token, field: 'id' },
      { method: 'POST', url: '/api/passport/owner/mail/forgot-password', body: { email: 'a\u0000@example.com' }, field: 'email' },
      {
        method: 'POST',
        url: '/api/site/enterprise-requests',
        body: { name: 'Анна', email: 'a@example.com', phone: '+7 999 123 45 67', message: 'hello\u0000' },
        field: 'message',
      },
      { method: 'PATCH', url: `/api/admin/owners/${users.owner}`, body: { companyName: 'a\u0000b' }, token: admin.token, field: 'companyName' },
      { method: 'POST', url: '/api/chat/result', body: { id1: 'a\u0000', id2: 'b' }, token: owner.token, field: 'id1' },
      { method: 'GET', url: '/api/scene/result/%00', field: 'data' },
    ];
    for (const { method, url, body, token, field } of cases) {
      for (const [lang, message] of [
        ['en', 'Control characters are not allowed'],
        ['ru', 'Управляющие символы недопустимы'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          remoteAddress: nextAddress(),
          headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(body ? { payload: body } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().error, `${method} ${url}`).toEqual({ code: 'validation_failed', message, field });
      }
    }
  });
});
