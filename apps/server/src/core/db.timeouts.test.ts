import { errorMessage } from '@teamcast/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { openDatabase, QUERY_TIMEOUT_GRACE_MS, type Database, type DatabaseTimeouts } from './db.ts';
import { registerErrorHandling } from './error-handler.ts';

// Small limits so the test is quick; the defaults are in DEFAULT_DATABASE_TIMEOUTS.
const LIMITS: DatabaseTimeouts = { connectMs: 500, statementMs: 400, idleInTransactionMs: 600, maintenanceMs: 10_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real error handler in front of a few routes that hit the limits, to see what a client gets. */
async function errorApp(database: Database): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorateRequest('locale', 'en');
  registerErrorHandling(app);
  app.get('/slow-statement', async () => database.query('select pg_sleep(3)'));
  app.get('/idle-transaction', async () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(LIMITS.idleInTransactionMs + 700);
      await tx.execute(sql`select 1`);
      return { done: true };
    }),
  );
  app.get('/transaction', async () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return { done: true };
    }),
  );
  await app.ready();
  return app;
}

/** A loopback proxy in front of the test database, and the database URL through it. */
async function proxied(url: string) {
  const direct = new URL(url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  return { proxy, viaProxy: viaProxy.toString() };
}

const unavailable = { error: { code: 'service_unavailable', message: errorMessage('service_unavailable', 'en') } };

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL time limits', () => {
  let base: Database & { url?: string };
  beforeAll(async () => {
    base = await createTestDatabase();
  });
  afterAll(() => base.close());

  it('cancels a statement over the limit on the server and answers 503 service_unavailable, while maintenance sessions get their longer limit', async () => {
    const database = await openDatabase({ url: base.url!, timeouts: LIMITS });
    const app = await errorApp(database);
    try {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/slow-statement' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(performance.now() - started).toBeLessThan(2_500);
      await expect(database.query('select pg_sleep(1)')).rejects.toMatchObject({ code: '57014' });
      // Migrations, restore and other work under the advisory lock run with DB_MAINTENANCE_TIMEOUT_MS.
      await expect(database.withLock(7_240_999, (exec) => exec('select pg_sleep(1)'))).resolves.toBeUndefined();
      await expect(database.query<{ one: number }>('select 1 as one')).resolves.toEqual([{ one: 1 }]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('lets the server end a transaction left idle past the limit: 503 for the request, the process and the pool live on', async () => {
    const database = await openDatabase({ url: base.url!, timeouts: LIMITS });
    const app = await errorApp(database);
    try {
      const res = await app.inject({ method: 'GET', url: '/idle-transaction' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      // The ended session is not handed out again.
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/transaction' })).json()).toEqual({ done: true });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('gives up on a connection that never answers, closes it instead of pooling it, and works again once the database answers', async () => {
    const { proxy, viaProxy } = await proxied(base.url!);
    // The server would end the frozen transaction's session after idleInTransactionMs; here the client's own limit is under test.
    const database = await openDatabase({ url: viaProxy, timeouts: { ...LIMITS, idleInTransactionMs: 10_000 } });
    let frozen = false;
    const app = Fastify();
    app.decorateRequest('locale', 'en');
    registerErrorHandling(app);
    // The transaction's second statement is sent into a database that stopped answering.
    app.get('/transaction', async () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (!frozen) {
          proxy.freeze();
          frozen = true;
        }
        await tx.execute(sql`select 1`);
        return { done: true };
      }),
    );
    await app.ready();
    try {
      await database.query('select 1');
      expect(proxy.connections).toBe(1);

      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/transaction' });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(ms).toBeGreaterThanOrEqual(LIMITS.statementMs + QUERY_TIMEOUT_GRACE_MS - 50);
      expect(ms).toBeLessThan(LIMITS.statementMs + QUERY_TIMEOUT_GRACE_MS + 1_500);
      // The silent connection was closed, not returned to the pool by the transaction's release().
      for (let i = 0; i < 20 && proxy.connections > 0; i++) await sleep(50);
      expect(proxy.connections).toBe(0);
      // A new connection gets no answer either: the connect limit ends the wait.
      const connecting = performance.now();
      await expect(database.query('select 1')).rejects.toThrow(/timeout/);
      expect(performance.now() - connecting).toBeLessThan(LIMITS.connectMs + 1_000);

      proxy.resume();
      await expect(database.query<{ one: number }>('select 1 as one')).resolves.toEqual([{ one: 1 }]);
      expect((await app.inject({ method: 'GET', url: '/transaction' })).json()).toEqual({ done: true });
    } finally {
      await app.close();
      await database.close();
      await proxy.close();
    }
  });

  it('notices a LISTEN connection that went silent, opens another and receives notifications again', async () => {
    const { proxy, viaProxy } = await proxied(base.url!);
    const database = await openDatabase({ url: viaProxy, timeouts: LIMITS, listenerCheckMs: 300 });
    const received: string[] = [];
    try {
      await database.listen('silence_test', (payload) => received.push(payload));
      await base.notify('silence_test', 'before');
      await expect.poll(() => received, { timeout: 5_000 }).toContain('before');
      // The listener's connection stays open but nothing passes any more, and nothing says so.
      proxy.silence();
      await expect
        .poll(
          async () => {
            await base.notify('silence_test', 'after');
            return received;
          },
          { timeout: 15_000, interval: 300 },
        )
        .toContain('after');
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
