import crypto from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '../core/db.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again on close). Never the developer's DATA_DIR.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true });
    await migrate(database);
    return database;
  }
  const name = `teamcast_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const testDriver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
