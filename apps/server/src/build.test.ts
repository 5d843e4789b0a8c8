import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChild } from './test/child-server.ts';

const outdir = fs.mkdtempSync(path.join(import.meta.dirname, '../.build-test-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-build-'));
afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('builds a bundle that plain node starts and that answers its health check, and skips the build when nothing changed', async () => {
    const build = () => spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8' });
    const first = build();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('built into');
    expect(build().stdout).toContain('unchanged since its last build');

    const server = await startChild(path.join(outdir, 'main.mjs'), { DATA_DIR: dataDir }, '/api/health');
    try {
      const health = (await (await fetch(`${server.base}/api/health`)).json()) as { result: { status: string; database: { reachable: boolean } } };
      expect(health.result).toMatchObject({ status: 'ok', database: { reachable: true } });
    } finally {
      await server.stop();
    }
  });
});
