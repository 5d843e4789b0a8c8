import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dumpDataDir, migrate, MIGRATIONS_DIR, openDatabase, type Database } from '../core/db.ts';

/**
 * A migrated, empty embedded database as a tarball, made once per set of migrations and kept in the temporary
 * directory: starting from it skips PostgreSQL's initdb and the migrations, the slow part of every test file's
 * database. Its name is a hash of the migration files (names and contents) and the PGlite version, so a new or edited
 * migration makes a new one. Written to a unique name and renamed, so test processes that make it at once never read
 * half a file.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json')));
  for (const name of fs.readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
  const file = path.join(os.tmpdir(), `teamcast-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ memory: true });
  try {
    await migrate(database);
    const blob = await dumpDataDir(database);
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, file);
    return blob;
  } finally {
    await database.close();
  }
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again on close). Never the developer's DATA_DIR.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true, loadDataDir: await migratedTemplate() });
    // Nothing to apply unless the template is older than the migrations (it never is: its name follows them).
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
