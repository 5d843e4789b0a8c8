import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@teamcast/contracts';
import { JSON_COMPRESS_THRESHOLD_BYTES } from '../app.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { route } from './route.ts';

/** An answer of the given length in characters. */
const sized = defineEndpoint({
  group: 'system',
  method: 'GET',
  path: '/test/sized/:length',
  summary: 'Answers a text of a given length',
  params: z.object({ length: z.coerce.number().int() }),
  result: z.object({ text: z.string() }),
});

/** Echoes a text body. */
const echo = defineEndpoint({
  group: 'system',
  method: 'POST',
  path: '/test/echo',
  summary: 'Answers the text it is sent',
  body: z.object({ text: z.string() }),
  result: z.object({ text: z.string() }),
});

describe('response compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      route(app, sized, { access: 'anonymous', handler: async ({ params }) => ({ text: 'profile '.repeat(params.length / 8) }) });
      route(app, echo, { access: 'anonymous', handler: async ({ body }) => ({ text: body.text }) });
    });
  });
  afterAll(() => t.close());

  it('sends a large JSON answer compressed with brotli, or gzip for a client without brotli', async () => {
    const url = `/api/test/sized/${JSON_COMPRESS_THRESHOLD_BYTES * 2}`;
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).result.text).toHaveLength(JSON_COMPRESS_THRESHOLD_BYTES * 2);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(JSON_COMPRESS_THRESHOLD_BYTES);
  });

  it('sends a small answer as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/sized/800', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().result.text).toHaveLength(800);
  });

  it('does not decompress a request body: a compressed body is refused as unreadable, in the envelope', async () => {
    const body = JSON.stringify({ text: 'a'.repeat(10_000) });
    const headers = { 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: body })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toEqual(expect.any(String));
  });
});
