import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema, defineEndpoint } from '@teamcast/contracts';
import { authStore } from '../auth/auth-store.ts';
import { ApiError, apiCall, configureApi, isErrorEnvelope, storeUpstreamId } from './client.ts';

const itemEndpoint = defineEndpoint({
  group: 'owner',
  method: 'PATCH',
  path: '/items/:id',
  summary: 'test',
  params: z.object({ id: z.string() }),
  query: z.object({ q: z.string().optional() }),
  body: z.object({ name: z.string() }),
  result: z.object({ id: z.string(), name: z.string() }),
});

type Seen = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };
let seen: Seen;
let answer: { status: number; body: unknown; headers?: Record<string, string> };
let server: http.Server;

beforeAll(async () => {
  // A real HTTP server on loopback stands behind the client, so headers and bodies cross a real network stack.
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi({ bases: { fallback: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  authStore.clear('owner');
  storeUpstreamId(null);
});

describe('api client', () => {
  it('sends JSON with the domain bearer token, language and upstream id, and unwraps result', async () => {
    authStore.set('owner', { token: 'tok-1' });
    storeUpstreamId('up-9');
    configureApi({ domain: 'dashboard', locale: 'en' });
    answer = { status: 200, body: { result: { id: '7', name: 'Anna' } } };
    const result = await apiCall(itemEndpoint, { params: { id: '7' }, query: { q: 'a b' }, body: { name: 'Anna' } });
    expect(result).toEqual({ id: '7', name: 'Anna' });
    expect(seen.method).toBe('PATCH');
    expect(seen.url).toBe('/api/owner/items/7?q=a+b');
    expect(seen.headers.authorization).toBe('Bearer tok-1');
    expect(seen.headers['accept-language']).toBe('en');
    // The page's language, which wins over the host's on the server (decideLocale).
    expect(seen.headers['x-teamcast-locale']).toBe('en');
    expect(seen.headers['x-upstream-id']).toBe('up-9');
    expect(JSON.parse(seen.body)).toEqual({ name: 'Anna' });
  });

  it('sends no token on public domains', async () => {
    authStore.set('owner', { token: 'tok-1' });
    configureApi({ domain: 'public' });
    answer = { status: 200, body: { result: { id: '1', name: 'x' } } };
    await apiCall(itemEndpoint, { params: { id: '1' }, body: { name: 'x' } });
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('on 401 signs the domain out and asks to go to its login', async () => {
    authStore.set('owner', { token: 'old' });
    const onUnauthorized = vi.fn();
    configureApi({ domain: 'loveMobile', onUnauthorized });
    answer = { status: 401, body: { error: { code: 'unauthorized', message: 'Войдите в систему' } } };
    await expect(apiCall(itemEndpoint, { params: { id: '1' }, body: { name: 'x' } })).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    expect(authStore.get('owner')).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledWith('loveMobile');
  });

  it('leaves a 401 without a stored token (a refused sign-in) to the page that made the call', async () => {
    const onUnauthorized = vi.fn();
    configureApi({ domain: 'owner', onUnauthorized });
    answer = { status: 401, body: { error: { code: 'invalid_credentials', message: 'Проверьте введённые данные и попробуйте ещё раз' } } };
    await expect(apiCall(itemEndpoint, { params: { id: '1' }, body: { name: 'x' } })).rejects.toMatchObject({ code: 'invalid_credentials', status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects other errors with the server code, message and field', async () => {
    configureApi({ domain: 'owner' });
    answer = { status: 400, body: { error: { code: 'validation_failed', message: 'Only Cyrillic and Latin', field: 'name' } } };
    const failure = await apiCall(itemEndpoint, { params: { id: '1' }, body: { name: '1' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'validation_failed', message: 'Only Cyrillic and Latin', field: 'name', status: 400 });
  });

  it('replaces the stored token when the server re-issues it', async () => {
    authStore.set('owner', { token: 'old', subjectId: 's1' });
    configureApi({ domain: 'owner' });
    answer = { status: 200, body: { result: { id: '1', name: 'x' } }, headers: { 'x-access-token': 'new' } };
    await apiCall(itemEndpoint, { params: { id: '1' }, body: { name: 'x' } });
    expect(authStore.get('owner')).toEqual({ token: 'new', subjectId: 's1' });
  });

  it("reports a missing response as 'No internet connection'", async () => {
    configureApi({ domain: 'public', locale: 'en', bases: { fallback: 'http://127.0.0.1:1' } });
    await expect(apiCall(itemEndpoint, { params: { id: '1' }, body: { name: 'x' } })).rejects.toMatchObject({
      code: 'network_error',
      message: 'No internet connection',
    });
    configureApi({ bases: { fallback: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } });
  });
});

describe('isErrorEnvelope', () => {
  it("accepts exactly what the contracts' ErrorEnvelopeSchema accepts", () => {
    const bodies: unknown[] = [
      { error: { code: 'not_found', message: 'Not found' } },
      { error: { code: 'validation_failed', message: 'Check', field: 'body.email' } },
      { error: { code: 'validation_failed', message: 'Check', field: 3 } },
      { error: { code: 'no_such_code', message: 'x' } },
      { error: { code: 'toString', message: 'x' } },
      { error: { code: 'not_found' } },
      { error: { code: 'not_found', message: 5 } },
      { error: 'not_found' },
      { error: null },
      { result: 1 },
      null,
      undefined,
      'error',
      [],
    ];
    for (const body of bodies) expect(isErrorEnvelope(body), JSON.stringify(body)).toBe(ErrorEnvelopeSchema.safeParse(body).success);
  });
});
