import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dumpDataDir, migrate, MIGRATIONS_DIR, openDatabase, type Database } from '../core/db.ts';

/** A hash of the migration files, names and contents: a new or edited migration changes it. */
function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 16);
}

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
  hash.update(migrationsHash());
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
  try {
    const template = await migratedServerTemplate(admin, serverUrl);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url });
  // Nothing to apply: the template was migrated with these very files (its name follows them).
  await migrate(database);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The name of a migrated, empty template database on the PostgreSQL server, made once per set of migrations: a test
 * file's database is a copy of it (`create database … template …`, a file copy) instead of a new database migrated
 * file by file, which was most of a file's set-up in the PostgreSQL pass. Made under an advisory lock, so test
 * processes that start at once make it once; marked a template only when fully migrated, so a run stopped half-way
 * leaves nothing another run would copy. Templates of other sets of migrations are dropped when not in use.
 */
async function migratedServerTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const template = `teamcast_template_${migrationsHash()}`;
  await admin.query(`select pg_advisory_lock(hashtext('teamcast test template'))`);
  try {
    const ready = await admin.query(`select 1 from pg_database where datname = $1 and datistemplate`, [template]);
    if (ready.rowCount) return template;
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, template) });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${template} is_template true`);
    const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'teamcast\\_template\\_%' and datname <> $1`, [
      template,
    ]);
    for (const { datname } of stale.rows) {
      // In use by a run of other migrations at this moment: left for a later run to drop.
      await admin.query(`alter database ${datname} is_template false`).catch(() => undefined);
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
    return template;
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('teamcast test template'))`);
  }
}

export const testDriver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
