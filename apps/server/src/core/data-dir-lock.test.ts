import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  it('refuses a second holder while a live process has it, and frees it on release', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(path.join(dir, 'teamcast.lock'), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Teamcast process/);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'teamcast.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'teamcast.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});
