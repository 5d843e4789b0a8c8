import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '@teamcast/contracts';
import { openDatabase, QUERY_TIMEOUT_GRACE_MS } from './core/db.ts';
import { connectGate, scoredProfiles, subscribe, teamBody } from './modules/scenes/scenes.test-support.ts';
import { createOwnerToken, prepareData, startChild, type Driver } from './test/child-server.ts';
import { startTcpProxy } from './test/tcp-proxy.ts';

type Health = { result: { status: string; database: { reachable: boolean } } };

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('database unreachable (PostgreSQL behind a proxy that is cut)', () => {
  it('fails requests fast with service_unavailable, reports it in health, and recovers by itself, gate delivery included', async () => {
    const data = await prepareData('postgres');
    const direct = new URL(data.databaseUrl!);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    const { ownerId, token } = await createOwnerToken(data.dataDir, data.databaseUrl);
    const database = await openDatabase({ url: data.databaseUrl! });
    await subscribe(database.db, ownerId, 'UNLIMITED');
    const ids = await scoredProfiles(database.db, ownerId, 3);
    const server = await startChild('src/main.ts', { DATA_DIR: data.dataDir, DATABASE_URL: viaProxy.toString() }, '/api/health');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' };
    const gate = await connectGate(server.base.replace('http', 'ws'), token);
    try {
      // Before: a run's phases reach the socket through LISTEN/NOTIFY.
      const run = async (title: string) => {
        const created = await fetch(`${server.base}/api/scene/scene`, { method: 'POST', headers, body: JSON.stringify(teamBody(title, ids)) });
        expect(created.ok).toBe(true);
        const sceneId = ((await created.json()) as { result: { scene: { _id: string } } }).result.scene._id;
        const started = await fetch(`${server.base}/api/scene/scene/${sceneId}/run`, { method: 'PUT', headers: { authorization: headers.authorization } });
        expect(started.ok).toBe(true);
        return ((await started.json()) as { result: { ruid: string } }).result.ruid;
      };
      expect(await gate.phasesOf(await run('Before'))).toEqual([1, 2, 3, 4, 5]);

      await proxy.cut();
      // Requests fail with the error envelope, in bounded time, while the database stays away.
      for (let i = 0; i < 3; i++) {
        const { value: res, ms } = await timed(() => fetch(`${server.base}/api/owner/profiles`, { headers }));
        expect(res.status).toBe(503);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
        expect(ms).toBeLessThan(15_000);
      }
      const { value: down, ms: healthMs } = await timed(() => fetch(`${server.base}/api/health`));
      expect(down.status).toBe(503);
      const health = (await down.json()) as Health;
      expect(health.result).toMatchObject({ status: 'degraded', database: { reachable: false } });
      expect(down.headers.get('retry-after')).toBe('5');
      expect(healthMs).toBeLessThan(15_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      await proxy.restore();
      // Back: health, requests and gate delivery resume without a restart.
      await waitFor(async () => ((await (await fetch(`${server.base}/api/health`)).json()) as Health).result.status === 'ok', 30_000);
      await waitFor(async () => (await fetch(`${server.base}/api/owner/profiles`, { headers })).status === 200, 30_000);
      // The listener reconnects on its own schedule (every second): a run started before it is back may miss its
      // phases, so runs start until one delivers all of them (each given 10 s), however slow the machine.
      await waitFor(async () => {
        const phases = await Promise.race([gate.phasesOf(await run('After')), new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
        return JSON.stringify(phases) === JSON.stringify([1, 2, 3, 4, 5]);
      }, 240_000);
      expect(server.child.exitCode).toBeNull();
    } finally {
      gate.close();
      await server.stop();
      await database.close();
      await proxy.close();
      await data.cleanup();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('database hanging (PostgreSQL behind a proxy that stops answering)', () => {
  it('fails requests within the configured limit with service_unavailable, reports it in health, and answers normally once the database answers again', async () => {
    const data = await prepareData('postgres');
    const direct = new URL(data.databaseUrl!);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    const { token } = await createOwnerToken(data.dataDir, data.databaseUrl);
    // Small limits so the test is quick: a statement 1.5 s (the client stops waiting a second later), a connection 1 s.
    const limits = { DB_STATEMENT_TIMEOUT_MS: '1500', DB_CONNECT_TIMEOUT_MS: '1000' };
    const server = await startChild('src/main.ts', { DATA_DIR: data.dataDir, DATABASE_URL: viaProxy.toString(), ...limits }, '/api/health');
    const bound = 1_500 + QUERY_TIMEOUT_GRACE_MS + 2_000;
    const profiles = (language: string) =>
      fetch(`${server.base}/api/owner/profiles`, { headers: { authorization: `Bearer ${token}`, 'accept-language': language } });
    try {
      // Several connections open and idle in the pool when the database stops answering.
      for (const res of await Promise.all([1, 2, 3, 4].map(() => profiles('en')))) expect(res.status).toBe(200);

      proxy.freeze();
      // Requests on pooled connections (no answer) and on new ones (no handshake) both end within the limit.
      const answers = await Promise.all(
        ['en', 'ru', 'en', 'ru', 'en', 'ru'].map((language) =>
          timed(async () => {
            const res = await profiles(language);
            return { language, status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
          }),
        ),
      );
      for (const { value, ms } of answers) {
        expect(value.status).toBe(503);
        expect(value.body.error).toEqual({ code: 'service_unavailable', message: errorMessage('service_unavailable', value.language === 'ru' ? 'ru' : 'en') });
        expect(ms).toBeLessThan(bound);
      }
      const { value: down, ms: healthMs } = await timed(() => fetch(`${server.base}/api/health`));
      expect(down.status).toBe(503);
      expect(((await down.json()) as Health).result).toMatchObject({ status: 'degraded', database: { reachable: false } });
      expect(down.headers.get('retry-after')).toBe('5');
      expect(healthMs).toBeLessThan(bound);
      const again = await timed(() => profiles('en'));
      expect(again.value.status).toBe(503);
      expect(again.ms).toBeLessThan(bound);

      proxy.resume();
      // Back without a restart: health and requests answer normally.
      await waitFor(async () => ((await (await fetch(`${server.base}/api/health`)).json()) as Health).result.status === 'ok', 15_000);
      for (const res of await Promise.all([1, 2, 3, 4].map(() => profiles('en')))) expect(res.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      // Every failure was an expected one: no 500 with a stack in the log.
      expect(server.stderr()).not.toContain('unexpected error');
    } finally {
      await server.stop();
      await proxy.close();
      await data.cleanup();
    }
  });
});

/** A real SMTP server on loopback that keeps what it receives; `stop()` closes it, `start()` listens again on the same port. */
function createSmtp() {
  const received: Array<{ to: string[]; raw: string }> = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
    port = (server.server.address() as net.AddressInfo).port;
  };
  return {
    received,
    start,
    get port() {
      return port;
    },
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];

describe.each(drivers)('mail server down on %s', (driver) => {
  it('lets an owner sign up, and sends the verification message by itself once the mail server is back', async () => {
    const data = await prepareData(driver);
    const smtp = createSmtp();
    await smtp.start();
    const smtpPort = smtp.port;
    await smtp.stop();
    const env = {
      DATA_DIR: data.dataDir,
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The first retry after 2 seconds (one minute by default); the loop looks every second.
      MAIL_RETRY_SECONDS: '2',
      PUBLIC_URL: 'http://teamcast.test',
    };
    const server = await startChild('src/main.ts', env, '/api/health');
    try {
      const email = `down-${Date.now()}@example.com`;
      const password = 'Faults-Mail-2026!';
      const res = await fetch(`${server.base}/api/passport/owner/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ email, password, repeatPassword: password, companyName: 'Acme', privacyPolicy: true, personalData: true }),
      });
      expect(res.ok).toBe(true);
      expect(((await res.json()) as { result: { token?: string } }).result).toBeTruthy();
      // The first attempt fails against the closed port; nothing has arrived.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(smtp.received).toEqual([]);

      await smtp.start();
      expect(smtp.port).toBe(smtpPort);
      await waitFor(async () => smtp.received.some((message) => message.to.includes(email)), 45_000);
      const message = smtp.received.find((m) => m.to.includes(email))!;
      expect(message.raw).toContain('teamcast.test');
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await server.stop();
      await smtp.stop();
      await data.cleanup();
    }
  });
});
