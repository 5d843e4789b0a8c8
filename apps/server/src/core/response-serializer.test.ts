import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@teamcast/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { route } from './route.ts';

/** A route whose handler answers another shape than its contract: a number for a string, and a field not declared. */
const wrongShape = defineEndpoint({
  group: 'system',
  method: 'GET',
  path: '/test/wrong-shape',
  summary: 'Answers a shape its contract does not allow',
  result: z.object({ name: z.string() }),
});
const withWrongShape = (t: TestApp['app']) =>
  route(t, wrongShape, { access: 'anonymous', handler: async () => ({ name: 42, passwordHash: 'never sent' }) as unknown as { name: string } });

describe('response serialisation', () => {
  let testing: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    testing = await createTestApp({}, withWrongShape);
    production = await createTestApp({ NODE_ENV: 'production' }, withWrongShape);
  });
  afterAll(async () => {
    await testing.close();
    await production.close();
  });

  it('checks every answer against its contract in the test suites, so a handler answering another shape fails', async () => {
    const res = await testing.app.inject({ method: 'GET', url: '/api/test/wrong-shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'unexpected_error' } });
  });

  it('writes only the fields the contract declares in production, where answers are not checked', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/api/test/wrong-shape' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"result":{"name":"42"}}');
  });
});

describe('nullable fields', () => {
  let t: TestApp;
  const nullable = defineEndpoint({
    group: 'system',
    method: 'GET',
    path: '/test/nullable/:present',
    summary: 'Answers nullable fields, set or not',
    params: z.object({ present: z.enum(['yes', 'no']) }),
    result: z.object({
      name: z.string().nullable(),
      share: z.number().nullable(),
      detail: z.object({ rules: z.string() }).nullable(),
      list: z.array(z.string()).nullable(),
    }),
  });
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' }, (app) =>
      route(app, nullable, {
        access: 'anonymous',
        handler: async ({ params }) =>
          params.present === 'yes' ? { name: 'Anna', share: 0.5, detail: { rules: 'r' }, list: ['a'] } : { name: null, share: null, detail: null, list: null },
      }),
    );
  });
  afterAll(() => t.close());

  it('writes a nullable field as its value or as null', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/nullable/yes' })).json()).toEqual({
      result: { name: 'Anna', share: 0.5, detail: { rules: 'r' }, list: ['a'] },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/nullable/no' })).json()).toEqual({
      result: { name: null, share: null, detail: null, list: null },
    });
  });
});
