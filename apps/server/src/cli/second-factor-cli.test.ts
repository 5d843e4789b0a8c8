import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../core/db.ts';
import { createSealer } from '../core/sealer.ts';
import { loadOrCreateSecret } from '../core/secret.ts';
import { acceptCode } from '../modules/passport/second-factor.service.ts';

const run = promisify(execFile);
const serverDir = path.join(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The embedded database in a data directory of its own, and the secret generated there. */
const { DATABASE_URL: _url, AUTH_SECRET: _secret, ...env } = process.env;
const cli = (script: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], { cwd: serverDir, env: { ...env, DATA_DIR: dataDir } });

const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const EMAIL = 'ops-admin@example.com';

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('second factor from the command line', () => {
  it('admin:create --totp-secret sets the factor up with that secret and prints recovery codes once; second-factor:reset removes it', async () => {
    const created = await cli('admin-create', ['--email', EMAIL, '--password', 'quiet-harbour-42', '--totp-secret', SECRET]);
    const codes = created.stdout.split('\n').filter((line) => /^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/.test(line));
    expect(codes).toHaveLength(10);

    const sealer = createSealer(loadOrCreateSecret(dataDir, undefined), 'second-factor');
    await withDatabase(async (database) => {
      const [admin] = await database.query<{ id: string }>('select id from administrators where email = $1', [EMAIL]);
      const [row] = await database.query<{ sealed_secret: string; enabled_at: Date | null }>(
        'select sealed_secret, enabled_at from second_factors where subject_id = $1',
        [admin!.id],
      );
      expect(row!.enabled_at).not.toBeNull();
      expect(row!.sealed_secret).not.toContain(SECRET);
      const code = new TOTP({ secret: Secret.fromBase32(SECRET), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
      expect(await acceptCode({ db: database.db, sealer }, 'administrator', admin!.id, code)).toBe(true);
      expect(await acceptCode({ db: database.db, sealer }, 'administrator', admin!.id, codes[0]!)).toBe(true);
    });

    const refused = await cli('admin-create', ['--email', 'other@example.com', '--password', 'quiet-harbour-42', '--totp-secret', 'not base32!']).catch(
      (error: { stderr: string; code: number }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('--totp-secret') });

    const reset = await cli('second-factor-reset', ['--email', EMAIL]);
    expect(reset.stdout).toContain('removed');
    await withDatabase(async (database) => {
      expect(await database.query('select subject_id from second_factors')).toEqual([]);
      expect(await database.query('select subject_id from recovery_codes')).toEqual([]);
    });
  });
});
