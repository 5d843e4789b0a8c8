import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAuthenticator } from '../core/auth.ts';
import { migrate, openDatabase } from '../core/db.ts';
import { loadOrCreateSecret } from '../core/secret.ts';
import { owners } from '../db/schema/index.ts';

export type Driver = 'pglite' | 'postgres';
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh data directory and database (a new database on the PostgreSQL server for that driver). */
export async function prepareData(driver: Driver): Promise<{ dataDir: string; databaseUrl?: string; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-bench-'));
  if (driver === 'pglite') return { dataDir, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const name = `teamcast_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates an owner directly in the database and returns an access token the server will accept (same secret). */
export async function createOwnerToken(dataDir: string, databaseUrl?: string): Promise<{ ownerId: string; token: string }> {
  const database = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    await migrate(database);
    const ownerId = crypto.randomUUID();
    await database.db.insert(owners).values({ id: ownerId, email: `bench-${ownerId}@example.com`, companyName: 'Bench', verifiedAt: new Date() });
    const { token } = await createAuthenticator(database.db, loadOrCreateSecret(dataDir, undefined)).signIn('owner', ownerId);
    return { ownerId, token };
  } finally {
    await database.close();
  }
}

/** A port nothing listens on now, picked by the system (random picks from a range can collide with another test's). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a server script (relative to apps/server) as a child process and waits (up to a minute) until its ready path answers 2xx. */
export async function startChild(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  port?: number,
  nodeArgs: readonly string[] = [],
): Promise<{ child: ChildProcess; base: string; stderr(): string; stop(): Promise<void> }> {
  port ??= await freePort();
  // TypeScript source runs through tsx; a built script (dist/main.mjs) runs with plain node, as `npm start` runs it.
  const child = spawn(process.execPath, [...nodeArgs, ...(script.endsWith('.ts') ? ['--import', 'tsx', script] : [script])], {
    cwd: path.join(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'false', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.once('exit', () => (exited = true));
  // A busy machine can take a while (over a minute at a load average of 30 in the stress run); a process still starting
  // refuses the connection or answers 503 until it is ready. Fails when it never answers, not when it answers slowly.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`${script} exited during start-up: ${errors}`);
    const ready = await fetch(base + readyPath).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer ${readyPath} within 3 minutes: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    child,
    base,
    stderr: () => errors,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
