import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './cli/backup.ts';
import { openDatabase, type Database } from './core/db.ts';
import { createOwnerToken, prepareData, startChild } from './test/child-server.ts';

type Listed = { result: { items: Array<{ _id: string; firstName: string; lastName: string }> } };

/** Starts a server on a data directory (and database), writes a few profiles and returns what it lists. */
async function seed(env: Record<string, string>, token: string): Promise<Listed['result']['items']> {
  const server = await startChild('src/main.ts', env, '/api/health');
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const [firstName, lastName] of [['Анна', 'Ёлкина'], ['Bob', "O'Brien"], ['Zoe', 'Smith-Jones']]) {
      const res = await fetch(`${server.base}/api/owner/profiles`, { method: 'POST', headers, body: JSON.stringify({ firstName, lastName }) });
      expect(res.ok, await res.clone().text()).toBe(true);
    }
    return list(server.base, token);
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
  const tables = await database.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1");
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
      const onPostgres = await startChild('src/main.ts', { DATA_DIR: postgres.dataDir, DATABASE_URL: postgres.databaseUrl!, AUTH_SECRET: secret }, '/api/health');
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
  }, 150_000);
});
