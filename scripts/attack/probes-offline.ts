/**
 * Probes through the command line once the server has stopped (the embedded database's DATA_DIR is locked while it
 * runs), and the items no outside probe can reach, each naming the test that proves it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headline, run, type Report } from './harness.ts';

/** Rows per table of a backup file, from its table lines. */
function rowCounts(file: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{"table":')) continue;
    const parsed = JSON.parse(line) as { table: string; rows: unknown[] };
    counts[parsed.table] = parsed.rows.length;
  }
  return counts;
}

export async function probeBackup(report: Report, env: NodeJS.ProcessEnv): Promise<void> {
  report.section('Medium: a truncated backup is refused and the database left untouched');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-attack-backup-'));
  try {
    const full = path.join(dir, 'full.jsonl');
    const backup = await run('npm', ['run', '--silent', 'db:backup', '--', full], env);
    await report.probe('npm run db:backup writes a backup', 'exit 0', async () => ({ observed: `exit ${backup.code}`, ok: backup.code === 0 }));
    if (backup.code !== 0) return;
    const lines = fs.readFileSync(full, 'utf8').split('\n').filter(Boolean);
    const cuts = [
      // Whole lines lost, as when a copy stops between two tables: every line that is there is valid.
      { name: 'cut after half its tables', text: `${lines.slice(0, Math.ceil(lines.length / 2)).join('\n')}\n` },
      // Cut inside a line, as a full disk leaves it.
      { name: 'cut inside a line', text: fs.readFileSync(full, 'utf8').slice(0, Math.floor(fs.statSync(full).size * 0.6)) },
    ];
    for (const [index, cut] of cuts.entries()) {
      const file = path.join(dir, `cut-${index}.jsonl`);
      fs.writeFileSync(file, cut.text);
      const restore = await run('npm', ['run', '--silent', 'db:restore', '--', file], env);
      const output = `${restore.stdout}${restore.stderr}`.trim();
      await report.probe(`npm run db:restore of a backup ${cut.name} is refused`, 'a non-zero exit with a message, no stack trace', async () => ({
        observed: `exit ${restore.code}: ${headline(output)}`,
        ok: restore.code !== 0 && output !== '' && !/^\s+at /m.test(output),
      }));
      // A file cut inside a line cannot even be read, so the database is compared once, after the first cut.
      if (index > 0) continue;
      const after = path.join(dir, `after-${index}.jsonl`);
      const again = await run('npm', ['run', '--silent', 'db:backup', '--', after], env);
      await report.probe(`the database is untouched after the refused restore (${cut.name})`, 'the same rows per table as before', async () => {
        if (again.code !== 0) return { observed: `second backup failed: exit ${again.code}`, ok: false };
        const [before, now] = [rowCounts(full), rowCounts(after)];
        const changed = Object.keys({ ...before, ...now }).filter((table) => before[table] !== now[table]);
        const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, value) => sum + value, 0);
        const shown = changed
          .slice(0, 4)
          .map((table) => `${table} ${before[table]}→${now[table]}`)
          .join(', ');
        return {
          observed: changed.length === 0 ? `${total(now)} rows in ${Object.keys(now).length} tables, unchanged` : `${changed.length} tables changed: ${shown}…`,
          ok: changed.length === 0,
        };
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Items of issue 18 that need the inside of the server (a failing database, a full disk, a clock, Stripe). */
export function reportCovered(report: Report): void {
  report.section('Covered by tests, not probed from outside');
  report.covered('a failed statement logs no parameters (password hashes)', 'apps/server/src/core/log-redaction.test.ts', /hash/i);
  report.covered('fuzz: NUL and other C0 characters in every string and path parameter', 'apps/server/src/fuzz.test.ts', /\\u0000|\\x00|control/i);
  report.covered(
    'TRUST_PROXY: forwarded headers and x-request-id believed from named proxies only',
    'apps/server/src/core/proxy-trust.test.ts',
    /x-request-id/i,
  );
  report.covered(
    'forgot-password and sign-up answer before their work, the same for known and unknown addresses',
    'apps/server/src/modules/passport/passport.test.ts',
    /registered address exactly like a new one/,
  );
  report.covered(
    'sockets close when their session ends (logout, deletion, password change) and are capped per session',
    'apps/server/src/modules/gate/gate.test.ts',
    /beyond the cap/,
  );
  report.covered(
    'team caps and count-then-insert hold under 20 concurrent creates (both drivers)',
    'apps/server/src/modules/scenes/scenes.test.ts',
    /many creations at once|concurren/i,
  );
  report.covered('compute queue takes owners in turn', 'apps/server/src/modules/compute/compute.fairness.test.ts', /owner/i);
  report.covered('disk full: 503 service_unavailable, health degraded, a clear stop at start-up', 'apps/server/src/core/storage-failure.test.ts', /ENOSPC/);
  report.covered('Stripe webhook checks amount and currency against the invoice', 'apps/server/src/modules/payments/stripe.test.ts', /currency/i);
  report.covered('invoice numbers count per owner, not from one global sequence', 'apps/server/src/modules/payments/payments.test.ts', /TC-|per owner/i);
  report.covered(
    'TOTP: recovery codes, enrolment of an administrator without a factor, 5 tries per challenge',
    'apps/server/src/modules/passport/second-factor.test.ts',
    /recovery/i,
  );
}
