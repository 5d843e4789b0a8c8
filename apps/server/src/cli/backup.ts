import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { databaseTimeoutsOf, loadConfig } from '../core/config.ts';
import { lockDataDir } from '../core/data-dir-lock.ts';
import { forMaintenance, migrate, migrationNames, openDatabase, type Database } from '../core/db.ts';

/**
 * A logical backup that either driver can write and read: one JSON line of metadata (the applied migrations), then one
 * JSON line per table with all its rows (`row_to_json`, so bytea, jsonb and timestamps survive the round trip), then a
 * trailer line with the row count of every table and the SHA-256 of everything before it. The same file restores into
 * the embedded database or into PostgreSQL, whichever it came from; a file without its complete, matching trailer
 * (cut short by a full disk or an interrupted copy, or edited) is refused before anything changes.
 */
export type BackupHeader = { format: 'teamcast-backup'; version: 1 | 2; createdAt: string; driver: Database['driver']; migrations: string[] };
export type BackupTrailer = { format: 'teamcast-backup-end'; tables: Record<string, number>; sha256: string };

export class BackupInvalidError extends Error {}

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
  const header: BackupHeader = { format: 'teamcast-backup', version: 2, createdAt: new Date().toISOString(), driver: database.driver, migrations };
  const partial = `${file}.partial`;
  const out = fs.openSync(partial, 'w', 0o600);
  const counts: Record<string, number> = {};
  const hash = crypto.createHash('sha256');
  const write = (line: string) => {
    hash.update(line);
    fs.writeSync(out, line);
  };
  try {
    write(`${JSON.stringify(header)}\n`);
    for (const table of await tablesInOrder(database)) {
      const rows = (await database.query<{ row: unknown }>(`select row_to_json(t) as row from ${quote(table)} t`)).map((r) => r.row);
      counts[table] = rows.length;
      write(`${JSON.stringify({ table, rows })}\n`);
    }
    const trailer: BackupTrailer = { format: 'teamcast-backup-end', tables: counts, sha256: hash.digest('hex') };
    fs.writeSync(out, `${JSON.stringify(trailer)}\n`);
    fs.fsyncSync(out);
  } finally {
    fs.closeSync(out);
  }
  fs.renameSync(partial, file);
  return counts;
}

type BackupContent = { header: BackupHeader; data: Map<string, unknown[]> };

const parseLine = (file: string, line: string, what: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupInvalidError(`${file} is damaged: ${what} is not readable`);
  }
};

/**
 * Reads and checks a whole backup before anything is touched. A current backup (version 2) must end with its trailer,
 * and the trailer's checksum and row counts must match what precedes it. A backup of the earlier format (version 1, no
 * trailer) is read only when it holds a table line for every table of the database it goes into: such a file was cut
 * short when its last lines (or part of one) are missing, so a file lacking any table is refused rather than guessed.
 */
export function readBackup(file: string): BackupContent {
  const text = fs.readFileSync(file, 'utf8');
  const headerEnd = text.indexOf('\n');
  const header = parseLine(file, headerEnd < 0 ? text : text.slice(0, headerEnd), 'the first line') as Partial<BackupHeader> | null;
  if (header?.format !== 'teamcast-backup' || (header.version !== 1 && header.version !== 2)) throw new BackupInvalidError(`${file} is not a Teamcast backup`);
  let body = text;
  let trailer: BackupTrailer | undefined;
  if (header.version === 2) {
    const trailerStart = text.lastIndexOf('\n', text.length - 2) + 1;
    const candidate = text.endsWith('\n') ? (parseLine(file, text.slice(trailerStart, -1), 'the last line') as Partial<BackupTrailer> | null) : null;
    if (candidate?.format !== 'teamcast-backup-end' || typeof candidate.sha256 !== 'string' || typeof candidate.tables !== 'object') {
      throw new BackupInvalidError(`${file} is incomplete: its closing line is missing (the file was cut short); nothing was restored`);
    }
    body = text.slice(0, trailerStart);
    if (crypto.createHash('sha256').update(body).digest('hex') !== candidate.sha256) {
      throw new BackupInvalidError(`${file} does not match its checksum (the file was changed or damaged); nothing was restored`);
    }
    trailer = candidate as BackupTrailer;
  }
  const data = new Map<string, unknown[]>();
  body
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .forEach((line, index) => {
      const entry = parseLine(file, line, `line ${index + 2}`) as { table?: unknown; rows?: unknown } | null;
      if (typeof entry?.table !== 'string' || !Array.isArray(entry.rows)) throw new BackupInvalidError(`${file} is damaged: line ${index + 2} is not a table`);
      data.set(entry.table, entry.rows);
    });
  if (trailer) {
    const listed = Object.entries(trailer.tables);
    const mismatch = listed.find(([table, rows]) => data.get(table)?.length !== rows) ?? [...data.keys()].find((table) => !(table in trailer.tables));
    if (mismatch || listed.length !== data.size) throw new BackupInvalidError(`${file} does not match its own table list; nothing was restored`);
  }
  return { header: header as BackupHeader, data };
}

/** An old-format backup has no trailer: it is complete only when it holds every table of the migrated database. */
function assertOldFormatComplete(file: string, data: Map<string, unknown[]>, tables: readonly string[]): void {
  const missing = tables.filter((table) => !data.has(table));
  if (missing.length === 0) return;
  throw new BackupInvalidError(
    `${file} is an old-format backup without a closing line, and it lacks the tables ${missing.join(', ')}: it may have been cut short, so nothing was restored. ` +
      'Restore it with the Teamcast version that wrote it, then take a new backup.',
  );
}

/**
 * Restores a backup into a database: checks the whole file first (see readBackup), migrates the database, then, in one
 * transaction, replaces the rows of every table with the backup's and moves identity sequences past the restored
 * values. Refuses a backup made by a newer version (migrations this database does not have). A refused file leaves
 * the database untouched.
 */
export async function restoreDatabase(database: Database, file: string): Promise<Record<string, number>> {
  const { header, data } = readBackup(file);
  const known = new Set(migrationNames());
  const unknown = header.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`The backup comes from a newer version (migrations ${unknown.join(', ')}); update Teamcast first`);
  await migrate(database);
  const tables = await tablesInOrder(database);
  if (header.version === 1) assertOldFormatComplete(file, data, tables);
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
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL, timeouts: forMaintenance(databaseTimeoutsOf(config)) })
    : await openDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
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
  const file = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.argv[2] ?? `teamcast-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`,
  );
  const { database, release } = await openConfigured();
  try {
    console.log(`Backup written to ${file}: ${summary(await backupDatabase(database, file))}`);
  } finally {
    await release();
  }
}

export { summary };
