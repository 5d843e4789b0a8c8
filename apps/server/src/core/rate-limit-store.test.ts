import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { createOwner } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  // A second server process on the same database, as behind a load balancer.
  second = await buildApp({ config: t.config, database: t.database, secret: crypto.randomBytes(32) });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('rate limits across processes', () => {
  // Eleven sign-ins, each hashing with scrypt (128 MiB, deliberately slow): a loaded machine needs more than the default.
  it('counts the tries of one address on every process together, and stores no address', async () => {
    const owner = await createOwner(t, { password: 'a long enough password 1' });
    const apps = [t.app, second];
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await apps[i % 2]!.inject({ method: 'POST', url: '/api/passport/owner/login', payload: { email: owner.email, password: 'wrong-guess' } });
      codes.push(res.statusCode);
    }
    // 10 tries per address in 15 minutes, whichever process gets them: 5 and 6 here.
    expect(codes.slice(0, 10).every((code) => code === 401)).toBe(true);
    expect(codes[10]).toBe(429);

    const rows = await t.database.db.select().from(rateLimitHits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).not.toContain(owner.email);
      expect(row.key).not.toContain('127.0.0.1');
      expect(row.resetAt.getTime()).toBeGreaterThan(Date.now());
    }
  });
});
