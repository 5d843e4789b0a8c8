import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { databaseTimeoutsOf, loadConfig } from '../core/config.ts';
import { lockDataDir } from '../core/data-dir-lock.ts';
import { forMaintenance, migrate, openDatabase, type Database } from '../core/db.ts';

/**
 * A logical backup that either driver can write and read: one JSON line of metadata (the applied migrations), then one
 * JSON line per table with all its rows (`row_to_json`, so bytea, jsonb and timestamps survive the round trip). The same
 * file restores into the embedded database or into PostgreSQL, whichever it came from.
 */
export type BackupHeader = { format: 'teamcast-backup'; version: 1; createdAt: string; driver: Database['driver']; migrations: string[] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables, parents before children (by foreign keys), without the migrations ledger. */
async function tablesInOrder(database: Database): Promise<string[]> {
  const tables = (
    await database.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'schema_migrations' order by table_name",
    )
  ).map((row) => row.name);
  const edges = await database.query<{ child: string; parent: string }>(
    "select c.relname as child, p.relname as parent from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid",
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/** Writes a backup of the whole database to a file; returns the number of rows per table. */
export async function backupDatabase(database: Database, file: string): Promise<Record<string, number>> {
  const migrations = (await database.query<{ name: string }>('select name from schema_migrations order by name')).map((row) => row.name);
  const header: BackupHeader = { format: 'teamcast-backup', version: 1, createdAt: new Date().toISOString(), driver: database.driver, migrations };
  const partial = `${file}.partial`;
  const out = fs.openSync(partial, 'w', 0o600);
  const counts: Record<string, number> = {};
  try {
    fs.writeSync(out, `${JSON.stringify(header)}\n`);
    for (const table of await tablesInOrder(database)) {
      const rows = (await database.query<{ row: unknown }>(`select row_to_json(t) as row from ${quote(table)} t`)).map((r) => r.row);
      counts[table] = rows.length;
      fs.writeSync(out, `${JSON.stringify({ table, rows })}\n`);
    }
  } finally {
    fs.closeSync(out);
  }
  fs.renameSync(partial, file);
  return counts;
}

/**
 * Restores a backup into a database: migrates it, then, in one transaction, replaces the rows of every table with the
 * backup's and moves identity sequences past the restored values. Refuses a backup made by a newer version (migrations
 * this database does not have).
 */
export async function restoreDatabase(database: Database, file: string): Promise<Record<string, number>> {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const header = JSON.parse(lines[0] ?? '{}') as BackupHeader;
  if (header.format !== 'teamcast-backup' || header.version !== 1) throw new Error(`${file} is not a Teamcast backup`);
  await migrate(database);
  const applied = new Set((await database.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
  const unknown = header.migrations.filter((name) => !applied.has(name));
  if (unknown.length > 0) throw new Error(`The backup comes from a newer version (migrations ${unknown.join(', ')}); update Teamcast first`);
  const tables = await tablesInOrder(database);
  const data = new Map(lines.slice(1).map((line) => JSON.parse(line) as { table: string; rows: unknown[] }).map((entry) => [entry.table, entry.rows]));
  const counts: Record<string, number> = {};
  return database.withLock(7_240_002, async (exec) => {
    await exec('begin');
    try {
      for (const table of [...tables].reverse()) await exec(`delete from ${quote(table)}`);
      for (const table of tables) {
        const rows = data.get(table) ?? [];
        counts[table] = rows.length;
        // Large tables go in slices so no single statement carries the whole table.
        for (let start = 0; start < rows.length; start += 500) {
          const slice = JSON.stringify(rows.slice(start, start + 500)).replace(/'/g, "''");
          await exec(`insert into ${quote(table)} overriding system value select * from json_populate_recordset(null::${quote(table)}, '${slice}'::json)`);
        }
      }
      const identities = await database.query<{ table_name: string; column_name: string }>(
        "select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES'",
      );
      for (const { table_name: table, column_name: column } of identities) {
        await exec(
          `select setval(pg_get_serial_sequence('${quote(table).replace(/'/g, "''")}', '${column.replace(/'/g, "''")}'), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
        );
      }
      await exec('commit');
    } catch (error) {
      await exec('rollback').catch(() => {});
      throw error;
    }
    return counts;
  });
}

/**
 * Opens the configured database (DATABASE_URL, or the embedded one under DATA_DIR, locked against a running server).
 * Every session gets the maintenance statement limit: reading or writing a large table may outlast a request's.
 */
export async function openConfigured(): Promise<{ database: Database; release(): Promise<void> }> {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  const database = config.DATABASE_URL ? await openDatabase({ url: config.DATABASE_URL, timeouts: forMaintenance(databaseTimeoutsOf(config)) }) : await openDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
  return {
    database,
    release: async () => {
      await database.close();
      unlock();
    },
  };
}

const summary = (counts: Record<string, number>) => `${Object.keys(counts).length} tables, ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`;

/** `npm run db:backup -- <file>`: writes a backup of the configured database. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Relative to where npm was run (INIT_CWD), not to the workspace folder npm switches to.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? `teamcast-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
  const { database, release } = await openConfigured();
  try {
    console.log(`Backup written to ${file}: ${summary(await backupDatabase(database, file))}`);
  } finally {
    await release();
  }
}

export { summary };
