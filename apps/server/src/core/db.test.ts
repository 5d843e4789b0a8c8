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
