import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BackupInvalidError, backupDatabase, restoreDatabase } from './cli/backup.ts';
import { openDatabase, type Database } from './core/db.ts';
import { owners } from './db/schema/index.ts';
import { createTestDatabase } from './test/test-database.ts';
import { createOwnerToken, prepareData, startChild } from './test/child-server.ts';

type Listed = { result: { items: Array<{ _id: string; firstName: string; lastName: string }> } };

/** Starts a server on a data directory (and database), writes a few profiles and returns what it lists. */
async function seed(env: Record<string, string>, token: string): Promise<Listed['result']['items']> {
  const server = await startChild('src/main.ts', env, '/api/health');
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const [firstName, lastName] of [
      ['Анна', 'Ёлкина'],
      ['Bob', "O'Brien"],
      ['Zoe', 'Smith-Jones'],
    ]) {
      const res = await fetch(`${server.base}/api/owner/profiles`, { method: 'POST', headers, body: JSON.stringify({ firstName, lastName }) });
      expect(res.ok, await res.clone().text()).toBe(true);
    }
    return await list(server.base, token);
  } finally {
    await server.stop();
  }
}

async function list(base: string, token: string): Promise<Listed['result']['items']> {
  const res = await fetch(`${base}/api/owner/profiles`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as Listed).result.items.sort((a, b) => a._id.localeCompare(b._id));
}

async function counts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const result: Record<string, number> = {};
  for (const { name } of tables) result[name] = Number((await database.query<{ n: number }>(`select count(*)::int as n from "${name}"`))[0]?.n);
  return result;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore across drivers', () => {
  it('restores a backup of the embedded database into PostgreSQL, and a backup of PostgreSQL into the embedded database', async () => {
    const embedded = await prepareData('pglite');
    const postgres = await prepareData('postgres');
    const back = await prepareData('pglite');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-backup-'));
    try {
      // Embedded → PostgreSQL. The secret lives in DATA_DIR: every server here shares the first one's.
      const { token } = await createOwnerToken(embedded.dataDir);
      const secret = fs.readFileSync(path.join(embedded.dataDir, 'auth-secret'), 'utf8').trim();
      const written = await seed({ DATA_DIR: embedded.dataDir }, token);
      expect(written).toHaveLength(3);
      const source = await openDatabase({ dataDir: path.join(embedded.dataDir, 'pgdata') });
      const first = path.join(dir, 'embedded.jsonl');
      const sourceCounts = await counts(source);
      await backupDatabase(source, first);
      await source.close();

      const target = await openDatabase({ url: postgres.databaseUrl! });
      await restoreDatabase(target, first);
      expect(await counts(target)).toEqual(sourceCounts);
      await target.close();
      const onPostgres = await startChild(
        'src/main.ts',
        { DATA_DIR: postgres.dataDir, DATABASE_URL: postgres.databaseUrl!, AUTH_SECRET: secret },
        '/api/health',
      );
      try {
        expect(await list(onPostgres.base, token)).toEqual(written);
        // The restored database keeps working: a new write.
        const res = await fetch(`${onPostgres.base}/api/owner/profiles`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'After', lastName: 'Restore' }),
        });
        expect(res.ok).toBe(true);
      } finally {
        await onPostgres.stop();
      }

      // PostgreSQL → a fresh embedded database.
      const pgSource = await openDatabase({ url: postgres.databaseUrl! });
      const second = path.join(dir, 'postgres.jsonl');
      const pgCounts = await counts(pgSource);
      await backupDatabase(pgSource, second);
      await pgSource.close();
      const backTarget = await openDatabase({ dataDir: path.join(back.dataDir, 'pgdata') });
      await restoreDatabase(backTarget, second);
      expect(await counts(backTarget)).toEqual(pgCounts);
      await backTarget.close();
      const onEmbedded = await startChild('src/main.ts', { DATA_DIR: back.dataDir, AUTH_SECRET: secret }, '/api/health');
      try {
        const items = await list(onEmbedded.base, token);
        expect(items).toHaveLength(4);
        expect(items.map((item) => item.lastName).sort()).toEqual(["O'Brien", 'Restore', 'Smith-Jones', 'Ёлкина'].sort());
      } finally {
        await onEmbedded.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await Promise.all([embedded.cleanup(), postgres.cleanup(), back.cleanup()]);
    }
  });
});

describe('a backup proves it is complete', () => {
  // Two databases for the whole block (opening and migrating one takes seconds); the target is reset before each test.
  let source: Database;
  let target: Database;
  let dir: string;
  let file: string;
  let text: string;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await source.db.insert(owners).values([1, 2, 3].map((n) => ({ id: `backup-owner-${n}`, email: `backup-${n}@example.com` })));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-backup-'));
    file = path.join(dir, 'backup.jsonl');
    await backupDatabase(source, file);
    text = fs.readFileSync(file, 'utf8');
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await Promise.all([source.close(), target.close()]);
  });
  beforeEach(async () => {
    await target.exec("delete from owners; insert into owners (id, email) values ('kept-owner', 'kept@example.com')");
  });
  const ownersOf = async (db: Database) => (await db.query<{ id: string }>('select id from owners order by id')).map((row) => row.id);
  const withBackup = async (work: (context: { file: string; text: string; dir: string; target: Database; ownersOf: typeof ownersOf }) => Promise<void>) =>
    work({ file, text, dir, target, ownersOf });

  it('ends with a trailer holding every table with its row count and a SHA-256 of the lines before it', async () => {
    await withBackup(async ({ text, file, target, ownersOf }) => {
      const lines = text.trimEnd().split('\n');
      const trailer = JSON.parse(lines.at(-1)!);
      expect(trailer.format).toBe('teamcast-backup-end');
      expect(trailer.tables.owners).toBe(3);
      expect(Object.keys(trailer.tables)).toHaveLength(lines.length - 2);
      expect(await restoreDatabase(target, file)).toMatchObject({ owners: 3 });
      expect(await ownersOf(target)).toEqual(['backup-owner-1', 'backup-owner-2', 'backup-owner-3']);
    });
  });

  it('refuses a file cut short, mid-line or at a line end, and leaves the database as it was', async () => {
    await withBackup(async ({ text, dir, target, ownersOf }) => {
      const lastLineStart = text.lastIndexOf('\n', text.length - 2) + 1;
      const cuts = {
        midLine: text.slice(0, Math.floor(text.length / 2)),
        beforeTrailer: text.slice(0, lastLineStart),
        trailerCut: text.slice(0, text.length - 10),
      };
      for (const [name, content] of Object.entries(cuts)) {
        const cut = path.join(dir, `${name}.jsonl`);
        fs.writeFileSync(cut, content);
        await expect(restoreDatabase(target, cut), name).rejects.toThrow(BackupInvalidError);
        expect(await ownersOf(target), name).toEqual(['kept-owner']);
      }
    });
  });

  it('refuses a file changed after it was written (checksum) and leaves the database as it was', async () => {
    await withBackup(async ({ text, dir, target, ownersOf }) => {
      const tampered = path.join(dir, 'tampered.jsonl');
      fs.writeFileSync(tampered, text.replace('backup-2@example.com', 'attacker@example.com'));
      await expect(restoreDatabase(target, tampered)).rejects.toThrow(/does not match its checksum/);
      expect(await ownersOf(target)).toEqual(['kept-owner']);
    });
  });

  it('reads a backup of the earlier format (no trailer) only when it holds every table', async () => {
    await withBackup(async ({ text, dir, target, ownersOf }) => {
      const lines = text.trimEnd().split('\n').slice(0, -1);
      lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), version: 1 });
      const cut = path.join(dir, 'old-cut.jsonl');
      fs.writeFileSync(cut, `${lines.slice(0, -1).join('\n')}\n`);
      await expect(restoreDatabase(target, cut)).rejects.toThrow(/old-format backup/);
      expect(await ownersOf(target)).toEqual(['kept-owner']);
      const whole = path.join(dir, 'old.jsonl');
      fs.writeFileSync(whole, `${lines.join('\n')}\n`);
      await restoreDatabase(target, whole);
      expect(await ownersOf(target)).toEqual(['backup-owner-1', 'backup-owner-2', 'backup-owner-3']);
    });
  });
});
