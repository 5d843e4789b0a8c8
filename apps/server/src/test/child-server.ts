import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
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

/** Starts a server script as a child process on a free port and waits until it answers. */
export async function startChild(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  port = 20_000 + Math.floor(Math.random() * 20_000),
): Promise<{ child: ChildProcess; base: string; stderr(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.join(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'false', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.once('exit', () => (exited = true));
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (exited) throw new Error(`${script} exited during start-up: ${errors}`);
    try {
      const res = await fetch(base + readyPath);
      if (res.ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    if (attempt === 199) throw new Error(`${script} did not start`);
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
