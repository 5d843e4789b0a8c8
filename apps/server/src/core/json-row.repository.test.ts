import crypto from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { bigint, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { owners, profiles } from '../db/schema/index.ts';
import { createTestDatabase, testDriver } from '../test/test-database.ts';
import { migrate, type Database } from './db.ts';
import { jsonRow, ROW_AS_JSON } from './json-row.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database);
});
afterAll(() => database.close());

describe(`a row read as one JSON value on ${testDriver}`, () => {
  it('is the row Drizzle maps column by column, value for value: timestamps to the millisecond, numbers, json, nulls, expressions', async () => {
    const { db } = database;
    const ownerId = crypto.randomUUID();
    await db.insert(owners).values({ id: ownerId, email: `${ownerId}@example.test`, passwordHash: 'x' });
    const full = crypto.randomUUID();
    const bare = crypto.randomUUID();
    await db.insert(profiles).values([
      {
        id: full,
        ownerId,
        kind: 'couple',
        state: 'ack_a',
        firstName: 'Анна "А" \\ \u2028',
        partnerFirstName: 'Борис',
        age: 31,
        gender: 'Ж',
        competencies: 0.1 + 0.2,
        professionalism: 1e-7,
        maturity: 200 / 3,
        finalScorePrecise: 123456.789,
        grade: 'SENIOR PLUS',
        answers: [
          { neuron: 'С_Стаж', value: 9 },
          { neuron: 'С_Бизнес', value: 'Нет' },
        ],
        loveScores: { passion: 0.5 } as never,
        permalink: crypto.randomBytes(12).toString('base64url'),
        linkExpiresAt: new Date('2031-02-03T04:05:06.789Z'),
        birthDate: new Date('1970-01-01T00:00:00.000Z'),
        completedAt: new Date(),
      },
      { id: bare, ownerId, kind: 'standard', state: 'ack_q', permalink: crypto.randomBytes(12).toString('base64url'), linkExpiresAt: new Date() },
    ]);
    // Microseconds, which a Date does not hold: both reads keep the millisecond.
    await db.execute(sql`update profiles set scored_at = '2026-11-27 08:17:45.751934+03' where id = ${full}`);
    const columns = {
      ...getTableColumns(profiles),
      doubled: sql<number>`(${profiles.age} * 2)::int`.mapWith(Number),
      label: sql<string>`upper(${profiles.firstName})`,
    };
    const row = jsonRow(columns);
    for (const id of [full, bare]) {
      const [mapped] = await db.select(columns).from(profiles).where(eq(profiles.id, id));
      const [read] = await db.select({ row: ROW_AS_JSON }).from(db.select(row.fields).from(profiles).where(eq(profiles.id, id)).as('row'));
      const decoded = row.decode<NonNullable<typeof mapped>>(read!.row);
      expect(decoded).toEqual(mapped);
      expect(Object.keys(decoded)).toEqual(Object.keys(mapped!));
    }
  });

  it('refuses a column JSON would change (numeric, bigint, a timestamp read as a string) when the statement is built', () => {
    const other = pgTable('other', { amount: numeric('amount'), big: bigint('big', { mode: 'bigint' }), at: timestamp('at', { mode: 'string' }) });
    for (const column of [other.amount, other.big, other.at]) expect(() => jsonRow({ column })).toThrow('is not read the same as JSON');
  });
});
