import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { defineEndpoint } from '@teamcast/contracts';
import { owners } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { captureLog } from '../test/factories.ts';
import { hashPassword } from './password.ts';
import { redactMessage, serializeError } from './log-redaction.ts';
import { route } from './route.ts';

const duplicateEndpoint = defineEndpoint({
  group: 'system',
  method: 'POST',
  path: '/test/duplicate-owner',
  summary: 'test only',
  body: z.object({ password: z.string() }),
  result: z.null(),
});
const castEndpoint = defineEndpoint({
  group: 'system',
  method: 'POST',
  path: '/test/bad-cast',
  summary: 'test only',
  body: z.object({ token: z.string() }),
  result: z.null(),
});

const SECRET_EMAIL = 'victim.secret@example.com';
let hash = '';
let lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  hash = await hashPassword('correct horse battery staple');
  t = await createTestApp({ LOG_LEVEL: 'info' }, (app) => {
    route(app, duplicateEndpoint, {
      access: 'anonymous',
      // The second insert reuses the id: a primary key violation whose statement carries the hash and the address.
      handler: async () => {
        const row = { id: 'owner-log-test', email: SECRET_EMAIL, passwordHash: hash };
        await app.database.db.insert(owners).values(row);
        await app.database.db.insert(owners).values({ ...row, email: `other.${SECRET_EMAIL}` });
        return null;
      },
    });
    route(app, castEndpoint, {
      access: 'anonymous',
      // PostgreSQL quotes the value it could not read in its own message.
      handler: async ({ body }) => {
        await app.database.db.execute(sql`select ${body.token}::integer`);
        return null;
      },
    });
  });
  lines = captureLog(t.app);
});
afterAll(() => t.close());

describe('errors in the log', () => {
  it('logs a failed statement without its parameters: no password hash, no address', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-owner', payload: { password: 'x' } });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unexpected error');
    expect(log).toContain('owners_pkey');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toContain(hash);
    expect(log).not.toContain(hash.slice(-20));
    expect(log).not.toContain(SECRET_EMAIL);
  });

  it("takes the value out of the driver's own message", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/bad-cast', payload: { token: 'tok-9f8e7d6c5b4a' } });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('invalid input syntax for type integer');
    expect(log).not.toContain('tok-9f8e7d6c5b4a');
  });
});

describe('redactMessage', () => {
  it('keeps the names of database objects and drops quoted values', () => {
    expect(redactMessage('duplicate key value violates unique constraint "owners_email_idx"')).toBe(
      'duplicate key value violates unique constraint "owners_email_idx"',
    );
    expect(redactMessage('value "12345678901" is out of range for type integer')).toBe('value "[redacted]" is out of range for type integer');
    expect(redactMessage('Failed query: insert into "owners" ("id") values ($1)\nparams: a,b')).toBe(
      'Failed query: insert into "owners" ("id") values ($1)\nparams: [redacted]',
    );
  });

  it('serialises only whitelisted fields, including those of the cause', () => {
    const cause = Object.assign(new Error('boom'), { code: '23505', detail: 'Key (email)=(a@b.c) already exists.', params: ['secret'], queryOptions: {} });
    const serialized = JSON.stringify(serializeError(Object.assign(new Error('Failed query: x\nparams: secret'), { params: ['secret'], cause })));
    expect(serialized).toContain('23505');
    expect(serialized).not.toContain('secret');
    expect(serialized).not.toContain('a@b.c');
  });
});
