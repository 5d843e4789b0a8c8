import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DriverName = 'pglite' | 'postgres';

/** An open database: Drizzle for queries, plus the few raw operations migrations and health need. */
export type Database = {
  db: Db;
  driver: DriverName;
  /** Runs a script of several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs work while holding a cluster-wide lock, so concurrent processes take turns (migrations, jobs). */
  withLock<T>(key: number, work: (exec: (sqlText: string) => Promise<void>) => Promise<T>): Promise<T>;
  /** Subscribes to a notification channel (LISTEN); returns the unsubscribe. Delivery crosses processes on PostgreSQL. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends a notification (NOTIFY) to every listener of a channel, in every process on this database. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid notification channel ${channel}`);
}

export type DatabaseOptions = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url);
  const client = 'memory' in options ? new PGlite() : new PGlite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query<T>(sqlText, params)).rows,
    // PGlite has one connection in one process: the data directory lock already excludes other processes.
    withLock: (_key, work) => work(async (sqlText) => void (await client.exec(sqlText))),
    listen: async (channel, handler) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, handler);
      return () => unlisten();
    },
    notify: async (channel, payload) => {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle client losing its server must not crash the process; the next query reports the failure.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listener = createPgListener(url);
  return {
    db,
    driver: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await pool.query(sqlText, params)).rows as T[],
    withLock: async (key, work) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work(async (sqlText) => void (await client.query(sqlText)));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    notify: async (channel, payload) => {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

const LISTENER_RECONNECT_MS = 1_000;

/**
 * One dedicated connection for LISTEN, opened on first use. When the server goes away it reconnects and listens
 * again to every channel, so notifications resume by themselves once the database is back.
 */
function createPgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      const lost = () => {
        if (client !== next) return;
        client = undefined;
        connecting = undefined;
        next.removeAllListeners('error');
        next.on('error', () => {});
        if (!closed && handlers.size > 0) retry = setTimeout(() => void connect().catch(lost), LISTENER_RECONNECT_MS);
      };
      next.on('error', lost);
      next.on('end', lost);
      await next.connect();
      client = next;
      for (const channel of handlers.keys()) await next.query(`listen ${channel}`);
      return next;
    })().catch((error: unknown) => {
      connecting = undefined;
      if (!closed && handlers.size > 0) retry = setTimeout(() => void connect().catch(() => {}), LISTENER_RECONNECT_MS);
      throw error;
    });
    return connecting;
  };

  return {
    async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
      assertChannel(channel);
      const existing = handlers.get(channel);
      if (existing) existing.add(handler);
      else handlers.set(channel, new Set([handler]));
      const active = await connect();
      if (!existing) await active.query(`listen ${channel}`);
      return async () => {
        const set = handlers.get(channel);
        set?.delete(handler);
        if (set && set.size === 0) {
          handlers.delete(channel);
          await client?.query(`unlisten ${channel}`).catch(() => {});
        }
      };
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      const active = client;
      client = undefined;
      await active?.end().catch(() => {});
    },
  };
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../db/migrations');
const MIGRATION_LOCK_KEY = 7_240_001;

/**
 * Applies the versioned SQL files of db/migrations in name order, each once and in its own transaction.
 * Several processes starting together on one PostgreSQL take turns through an advisory lock.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  return database.withLock(MIGRATION_LOCK_KEY, async (exec) => {
    await exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await database.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const body = fs.readFileSync(path.join(dir, name), 'utf8');
      try {
        await exec(`begin;\n${body}\n;\ninsert into schema_migrations (name) values ('${name.replace(/'/g, "''")}');\ncommit;`);
      } catch (error) {
        await exec('rollback').catch(() => {});
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
    }
    return applied;
  });
}
