import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Database } from '../core/db.ts';
import { createTestDatabase } from '../test/test-database.ts';
import * as schema from './schema/index.ts';
import { schemaDrift } from './schema-drift.ts';

// The SQL migrations and the Drizzle schema are written by hand side by side: this compares the migrated database's
// catalogue with the schema on each driver (CI runs the server suite on both), and proves it sees planted mismatches.
describe('schema drift between the migrations and the Drizzle schema', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('finds none on a freshly migrated database', async () => {
    expect(await schemaDrift(database, schema)).toEqual([]);
  });

  it('names a table, column type, nullability, default, index and foreign key that differ', async () => {
    // Its own database: what it plants would otherwise be found by the test above when the order is shuffled.
    const database = await createTestDatabase();
    onTestFinished(() => database.close());
    const planted = { ...schema, plantedTable: pgTable('planted_table', { id: text('id').primaryKey(), n: integer('n') }) };
    expect(await schemaDrift(database, planted)).toEqual(['table planted_table: in the schema, not in the database']);

    await database.exec(`
      alter table rate_limit_hits alter column hits drop not null;
      alter table rate_limit_hits alter column hits set default 3;
      create index planted_rate_limit_idx on rate_limit_hits (hits);
      alter table rate_limit_hits add column planted_owner text references owners (id);
    `);
    const drift = await schemaDrift(database, schema);
    expect(drift).toEqual(
      expect.arrayContaining([
        'table rate_limit_hits: schema has "column hits integer not null", the database does not',
        'table rate_limit_hits: the database has "column hits integer default 3", the schema does not',
        'table rate_limit_hits: the database has "index planted_rate_limit_idx (hits)", the schema does not',
        'table rate_limit_hits: the database has "column planted_owner text", the schema does not',
        'table rate_limit_hits: the database has "foreign key (planted_owner) references owners (id) on delete no action", the schema does not',
      ]),
    );
    expect(drift).toHaveLength(5);
  });
});
