import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DriverName = 'pglite' | 'postgres';

/** A piece of SQL one module's repository hands to another's statement (a scalar sub-select, a condition). */
export type SqlFragment<T = unknown> = SQL<T>;

/**
 * A column written with its table's name. Drizzle writes the columns of a one-table select bare, so inside a
 * sub-select a bare `"id"` or `"owner_id"` could bind to the outer table; a correlated sub-select names both sides.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The name of a prepared statement: PostgreSQL keeps a named statement per connection under its name, so the name
 * follows the text (should a statement built from other modules' fragments change, it gets a new name).
 */
export function statementName(prefix: string, query: { toSQL(): { sql: string } }): string {
  return `${prefix}_${crypto.createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, 12)}`;
}

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

/** PostgreSQL refuses a NOTIFY payload of this many bytes or more; the embedded database's notifications keep its limit. */
const NOTIFY_PAYLOAD_LIMIT = 8000;

function assertChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid notification channel ${channel}`);
}

/**
 * Hands a notification to each listener of its channel, each on its own: a listener that throws is reported as a
 * process warning and the others still get the notification (a throw here would end the process).
 */
function deliver(handlers: Iterable<(payload: string) => void> | undefined, channel: string, payload: string): void {
  for (const handler of handlers ?? []) {
    try {
      handler(payload);
    } catch (error) {
      process.emitWarning(`a listener of ${channel} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Time limits of a PostgreSQL connection, in milliseconds (0 = none). PGlite runs inside the process and takes none:
 * it has no connection that could hang, and a statement runs on the event loop, so no timer could interrupt it.
 */
export type DatabaseTimeouts = {
  /** Opening a connection, and waiting for a free one of the pool. */
  connectMs: number;
  /** statement_timeout of the pool's sessions (request work). The client gives up QUERY_TIMEOUT_GRACE_MS later when no answer arrives at all. */
  statementMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session whose transaction waits longer than this between statements. */
  idleInTransactionMs: number;
  /** statement_timeout of maintenance sessions: migrations and everything under withLock, and the backup tools (forMaintenance). */
  maintenanceMs: number;
};

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 15_000, idleInTransactionMs: 120_000, maintenanceMs: 3_600_000 };

/** How long after the server's own statement_timeout the client stops waiting: covers the round trip of the cancellation. */
export const QUERY_TIMEOUT_GRACE_MS = 1_000;

/** The same limits with the maintenance statement limit on every session (backup, restore, the migrate command). */
export const forMaintenance = (timeouts: DatabaseTimeouts): DatabaseTimeouts => ({ ...timeouts, statementMs: timeouts.maintenanceMs });

export type DatabaseOptions =
  | {
      url: string;
      timeouts?: DatabaseTimeouts;
      /** How often the LISTEN connection is checked with a query, in ms (a connection dropped silently raises no error). */
      listenerCheckMs?: number;
    }
  | { dataDir: string }
  /** In memory; `loadDataDir` starts from a dumped data directory (`dumpDataDir`) instead of an empty one. */
  | { memory: true; loadDataDir?: Blob };

/** A PGlite database's whole data directory as an uncompressed tarball (for `loadDataDir`); tests keep a migrated one. */
export async function dumpDataDir(database: Database): Promise<Blob> {
  const client = pgliteClients.get(database);
  if (!client) throw new Error('Only an embedded (PGlite) database can be dumped');
  return client.dumpDataDir('none');
}

const pgliteClients = new WeakMap<Database, PGlite>();

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS, options.listenerCheckMs ?? LISTENER_CHECK_MS);
  const client = 'memory' in options ? new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) : new PGlite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const notifications = new Map<string, Set<(payload: string) => void>>();
  let closed = false;
  const database: Database = {
    db,
    driver: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query<T>(sqlText, params)).rows,
    // PGlite has one connection in one process: the data directory lock already excludes other processes.
    withLock: (_key, work) => work(async (sqlText) => void (await client.exec(sqlText))),
    // The data directory belongs to this process (data-dir-lock.ts), so a notification has no other process to reach:
    // `notify` hands it to this database's listeners without a statement (on a pair forecast, one in ten of the
    // statements the embedded database ran, in the thread that serves requests). A NOTIFY written in SQL (the
    // sessions-ended one, sent with the write) still reaches them through PGlite's LISTEN.
    listen: async (channel, handler) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, (payload) => deliver([handler], channel, payload));
      const set = notifications.get(channel) ?? new Set();
      notifications.set(channel, set.add(handler));
      return async () => {
        set.delete(handler);
        await unlisten();
      };
    },
    notify: async (channel, payload) => {
      assertChannel(channel);
      if (Buffer.byteLength(payload) >= NOTIFY_PAYLOAD_LIMIT) throw new Error(`notification on ${channel} is ${NOTIFY_PAYLOAD_LIMIT} bytes or more`);
      // Delivered after the caller goes on, as a NOTIFY is: a listener never runs inside the notifying call.
      setImmediate(() => {
        if (!closed) deliver(notifications.get(channel), channel, payload);
      });
    },
    close: async () => {
      closed = true;
      await client.close();
    },
  };
  pgliteClients.set(database, client);
  return database;
}

/** Connection settings of one kind of session: the server-side limits travel in the startup message, no extra round trip. */
function clientConfig(url: string, timeouts: DatabaseTimeouts, statementMs: number): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A black-holed connection never answers, so statement_timeout cannot fire; the client stops waiting by itself.
    query_timeout: statementMs > 0 ? statementMs + QUERY_TIMEOUT_GRACE_MS : 0,
  };
}

const isReadTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout';

/**
 * Makes a client safe to lose:
 * - a connection lost while the client is checked out (the server ended an idle transaction, a restart, a network cut)
 *   emits 'error' with no pool listener attached, which would crash the process; the next query reports it instead,
 *   and the pool discards the client on release;
 * - when a query gets no answer in time, the connection is black-holed or out of step with its server: it is closed,
 *   so it never goes back to the pool (a transaction's release() would return it as healthy).
 */
function guardClient(client: pg.Client): void {
  client.on('error', () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const drop = () => void client.end().catch(() => {});
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (isReadTimeout(error)) drop();
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (isReadTimeout(error)) drop();
      throw error;
    });
  };
}

function openPostgres(url: string, timeouts: DatabaseTimeouts, listenerCheckMs: number): Database {
  const pool = new pg.Pool({ ...clientConfig(url, timeouts, timeouts.statementMs), max: 10, idleTimeoutMillis: 30_000 });
  pool.on('connect', guardClient);
  // An idle client losing its server must not crash the process; the next query reports the failure.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listener = createPgListener({ ...clientConfig(url, timeouts, timeouts.statementMs), keepAlive: true }, listenerCheckMs);
  return {
    db,
    driver: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await pool.query(sqlText, params)).rows as T[],
    // A session of its own with the maintenance limit: waiting for the lock and long migrations may outlast a request's limit.
    withLock: async (key, work) => {
      const client = new pg.Client(clientConfig(url, timeouts, timeouts.maintenanceMs));
      guardClient(client);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work(async (sqlText) => void (await client.query(sqlText)));
        } finally {
          // Ending the session releases the lock anyway, so a failed unlock must not hide the work's own error.
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        }
      } finally {
        await client.end().catch(() => {});
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
const LISTENER_CHECK_MS = 30_000;

/**
 * One dedicated connection for LISTEN, opened on first use. When the server goes away it reconnects and listens
 * again to every channel, so notifications resume by themselves once the database is back. A connection can also die
 * without a word (a firewall or NAT forgets it, a network cut on the way): a listener only waits, so it would never
 * notice. Every `checkMs` it sends a query; with no answer within the query time limit the connection is ended and
 * replaced (notifications sent in between are lost: compute jobs are also polled, the browser refetches on reconnect).
 */
function createPgListener(config: pg.ClientConfig, checkMs: number) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client(config);
      next.on('notification', (message) => {
        deliver(handlers.get(message.channel), message.channel, message.payload ?? '');
      });
      const lost = () => {
        if (client !== next) return;
        clearInterval(check);
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
      clearInterval(check);
      let checking = false;
      check = setInterval(() => {
        // One check at a time; the client config's query_timeout bounds its wait. A dead connection may not even
        // close cleanly: it is given up at once (and a new one opened), then ended as well as it can be.
        if (client !== next || checking) return;
        checking = true;
        next
          .query('select 1')
          .then(
            () => undefined,
            () => {
              lost();
              void next.end().catch(() => {});
            },
          )
          .finally(() => (checking = false));
      }, checkMs);
      check.unref();
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
      clearInterval(check);
      const active = client;
      client = undefined;
      await active?.end().catch(() => {});
    },
  };
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../db/migrations');
const MIGRATION_LOCK_KEY = 7_240_001;

/** The names of the migration files this version has, in the order they apply. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/**
 * Applies the versioned SQL files of db/migrations in name order, each once and in its own transaction.
 * Several processes starting together on one PostgreSQL take turns through an advisory lock.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationNames(dir);
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
