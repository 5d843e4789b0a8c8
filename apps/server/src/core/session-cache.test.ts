import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerLogoutEndpoint, ownerProfilesListEndpoint } from '@teamcast/contracts';
import { buildApp } from '../app.ts';
import { owners, sessions } from '../db/schema/index.ts';
import { startChild } from '../test/child-server.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db.ts';
import { endpointUrl } from './route.ts';
import { revokeSubjectSessions } from './session.repository.ts';

/**
 * Two server instances on one database, each trusting a checked session for a minute (SESSION_CACHE_MS=60000): a
 * session ended through one is refused by the other because the sessions-ended notification reaches it, not because its
 * cache ran out. On PostgreSQL the second instance is another process; on the embedded database (one process only) both
 * run in this one.
 */
const CACHE_MS = '60000';
const secret = crypto.randomBytes(36).toString('base64url');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-session-cache-'));
const listUrl = `${endpointUrl(ownerProfilesListEndpoint)}?limit=1`;

/** A server instance, asked with a bearer token; answers the status code. */
type Instance = { status(url: string, token: string, method?: 'GET' | 'POST'): Promise<number>; close(): Promise<void> };

let database: Database & { url?: string };
let firstApp: FastifyInstance;
let first: Instance;
let second: Instance;

function inProcess(app: FastifyInstance): Instance {
  return {
    status: async (url, token, method = 'GET') => (await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } })).statusCode,
    close: () => app.close(),
  };
}

async function appOn(db: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), SESSION_CACHE_MS: CACHE_MS });
  const app = await buildApp({ config, database: db, secret: new TextEncoder().encode(secret) });
  await app.ready();
  return app;
}

async function otherProcess(url: string): Promise<Instance> {
  const child = await startChild(
    'src/main.ts',
    { DATABASE_URL: url, DATA_DIR: path.join(dataDir, 'second'), AUTH_SECRET: secret, SESSION_CACHE_MS: CACHE_MS },
    '/api/health',
  );
  return {
    status: async (path, token, method = 'GET') => (await fetch(child.base + path, { method, headers: { authorization: `Bearer ${token}` } })).status,
    close: () => child.stop(),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  firstApp = await appOn(database);
  first = inProcess(firstApp);
  second = database.url ? await otherProcess(database.url) : inProcess(await appOn(database));
});

afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedInOwner(): Promise<{ id: string; token: string }> {
  const id = crypto.randomUUID();
  await database.db.insert(owners).values({ id, email: `cache-${id}@example.com`, companyName: 'Cache', verifiedAt: new Date() });
  return { id, token: (await firstApp.authenticator.signIn('owner', id)).token };
}

describe('the session cache across server instances', () => {
  it('keeps trusting a session it checked, and refuses it everywhere once a sign-out ends it', async () => {
    const owner = await signedInOwner();
    expect(await first.status(listUrl, owner.token)).toBe(200);
    expect(await second.status(listUrl, owner.token)).toBe(200);

    // Ended behind the servers' backs (no notification): both still trust it from their caches, so the cache is in use.
    const [row] = await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.subjectId, owner.id));
    await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row!.id));
    expect(await first.status(listUrl, owner.token)).toBe(200);
    expect(await second.status(listUrl, owner.token)).toBe(200);
    await database.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.id, row!.id));

    expect(await first.status(endpointUrl(ownerLogoutEndpoint), owner.token, 'POST')).toBe(200);
    expect(await first.status(listUrl, owner.token)).toBe(401);
    await expect.poll(() => second.status(listUrl, owner.token), { timeout: 15_000, interval: 50 }).toBe(401);
  });

  it('refuses every session of a user whose sessions were ended (password change, deletion) in the other instance', async () => {
    const owner = await signedInOwner();
    expect(await second.status(listUrl, owner.token)).toBe(200);
    expect(await first.status(listUrl, owner.token)).toBe(200);
    expect(await revokeSubjectSessions(database.db, 'owner', owner.id)).toBe(1);
    expect(await first.status(listUrl, owner.token)).toBe(401);
    await expect.poll(() => second.status(listUrl, owner.token), { timeout: 15_000, interval: 50 }).toBe(401);
  });
});
