import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { createTestDatabase, testDriver } from '../test/test-database.ts';
import { MIGRATIONS_DIR, migrate, type Database } from './db.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`migrations on ${testDriver}`, () => {
  it('applies every migration file once and records it', async () => {
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const rows = await database.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((row) => row.name)).toEqual(files);
    expect(await migrate(database)).toEqual([]);
  });

  it('creates every table and column the Drizzle schema declares', async () => {
    const tables = Object.values(schema).filter((value) => isTable(value));
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const columns = Object.values(getTableColumns(table)).map((column) => `"${column.name}"`);
      await expect(database.query(`select ${columns.join(', ')} from "${getTableName(table)}" limit 0`)).resolves.toEqual([]);
    }
  });

  it('rolls back a failing migration completely and names it', async () => {
    // Its own database: the probe migration it records would otherwise be read by the test of the shipped migrations
    // when the order is shuffled (the stress run, issue 31).
    const database = await createTestDatabase();
    onTestFinished(() => database.close());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-migrations-'));
    fs.writeFileSync(path.join(dir, '000000000001_good.sql'), 'create table migration_probe (id int);');
    fs.writeFileSync(path.join(dir, '000000000002_bad.sql'), 'create table migration_probe_two (id int);\nselect * from no_such_table;');
    await expect(migrate(database, dir)).rejects.toThrow(/000000000002_bad\.sql/);
    const probes = await database.query<{ name: string }>("select table_name as name from information_schema.tables where table_name like 'migration_probe%'");
    expect(probes.map((row) => row.name)).toEqual(['migration_probe']);
    const recorded = await database.query<{ name: string }>("select name from schema_migrations where name like '00000000000%'");
    expect(recorded.map((row) => row.name)).toEqual(['000000000001_good.sql']);
    fs.rmSync(dir, { recursive: true });
  });
});

describe(`notifications on ${testDriver}`, () => {
  const received = (database: Database, channel: string) => {
    const payloads: string[] = [];
    const unlisten = database.listen(channel, (payload) => payloads.push(payload));
    return { payloads, unlisten };
  };
  const delivered = (payloads: string[], count: number) => expect.poll(() => payloads.length, { timeout: 5_000 }).toBe(count);

  it('delivers a notification to every listener, never inside the notifying call, and none after unlisten', async () => {
    const first = received(database, 'notify_test');
    const second = received(database, 'notify_test');
    const stop = await first.unlisten;
    await second.unlisten;
    const sending = database.notify('notify_test', 'один');
    // A listener never runs inside the notifying call.
    expect(first.payloads).toEqual([]);
    await sending;
    await delivered(first.payloads, 1);
    await delivered(second.payloads, 1);
    expect(first.payloads).toEqual(['один']);
    await stop();
    await database.notify('notify_test', 'два');
    await delivered(second.payloads, 2);
    expect(first.payloads).toEqual(['один']);
  });

  it('delivers a NOTIFY written in SQL to the same listeners, once', async () => {
    const { payloads, unlisten } = received(database, 'notify_sql_test');
    await unlisten;
    await database.query(`select pg_notify('notify_sql_test', 'из SQL')`);
    await delivered(payloads, 1);
    await database.notify('notify_sql_test', 'из процесса');
    await delivered(payloads, 2);
    expect(payloads).toEqual(['из SQL', 'из процесса']);
  });

  it('hands a notification to every other listener when one throws, and the process goes on', async () => {
    const failing = database.listen('notify_throw_test', () => {
      throw new Error('listener failed');
    });
    const { payloads, unlisten } = received(database, 'notify_throw_test');
    const stops = await Promise.all([failing, unlisten]);
    await database.notify('notify_throw_test', 'дальше');
    await delivered(payloads, 1);
    for (const stop of stops) await stop();
  });

  it("refuses a payload over PostgreSQL's limit on either database, and a channel that is no identifier", async () => {
    await expect(database.notify('notify_test', 'x'.repeat(8000))).rejects.toThrow();
    await expect(database.notify('bad channel', 'x')).rejects.toThrow('Invalid notification channel');
  });
});
