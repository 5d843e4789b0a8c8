import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@teamcast/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { loadConfig } from './config.ts';
import { route } from './route.ts';
import { startServer } from '../server.ts';
import { DataDirUnwritableError, assertDataDirWritable, createStorageFailures, isStorageFailure, STORAGE_FAILURE_WINDOW_MS } from './storage-failure.ts';

const failingWrite = defineEndpoint({
  group: 'system',
  method: 'POST',
  path: '/test/failing-write',
  summary: 'test only',
  body: z.object({ code: z.string() }),
  result: z.null(),
});

/** What the drivers throw: Drizzle's wrapper around the driver's error with its SQLSTATE or errno. */
const driverError = (code: string, message = 'could not extend file "base/5/16384": No space left on device') =>
  Object.assign(new Error('Failed query: insert into "profiles" ...\nparams: secret'), { cause: Object.assign(new Error(message), { code }) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    route(app, failingWrite, {
      access: 'anonymous',
      handler: async ({ body }) => {
        throw driverError(body.code);
      },
    });
  });
});
afterAll(() => t.close());

describe('a disk that takes no writes', () => {
  it('recognises a full or read-only disk from PostgreSQL, PGlite and Node errors, and nothing else', () => {
    for (const code of ['53100', 'ENOSPC', 'EROFS', 'EACCES', 'EDQUOT', '58030']) expect(isStorageFailure(driverError(code, 'failed')), code).toBe(true);
    expect(isStorageFailure(driverError('42501', 'could not open file "base/5/16384": Permission denied'))).toBe(true);
    expect(isStorageFailure(driverError('XX000', 'could not write to file: Read-only file system'))).toBe(true);
    expect(isStorageFailure(driverError('23505', 'duplicate key value violates unique constraint "x"'))).toBe(false);
    expect(isStorageFailure(driverError('42501', 'permission denied for table owners'))).toBe(false);
  });

  it('answers a write that hit a full disk with 503 service_unavailable, and health says degraded', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().result).toMatchObject({ status: 'ok', storage: { writable: true } });
    const res = await t.app.inject({ method: 'POST', url: '/api/test/failing-write', payload: { code: '53100' }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service_unavailable');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().result).toMatchObject({ status: 'degraded', storage: { writable: false }, database: { reachable: true } });
    expect(health.headers['retry-after']).toBe('5');
  });

  it('keeps health degraded for a minute after the last failed write, then ok again', () => {
    let now = 1_000_000;
    const failures = createStorageFailures(() => now);
    expect(failures.recent()).toBe(false);
    failures.record();
    now += STORAGE_FAILURE_WINDOW_MS - 1;
    expect(failures.recent()).toBe(true);
    now += 1;
    expect(failures.recent()).toBe(false);
  });
});

describe('start-up on a data directory that cannot be written', () => {
  // Tests run as root, where permissions do not stop writes: a path through a regular file cannot be written by anyone.
  let blocker: string;
  beforeAll(() => {
    blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-unwritable-')), 'a-file');
    fs.writeFileSync(blocker, '');
  });
  afterAll(() => fs.rmSync(path.dirname(blocker), { recursive: true, force: true }));

  it('stops with one line naming the directory, from the server and from the command', async () => {
    const dataDir = path.join(blocker, 'data');
    expect(() => assertDataDirWritable(dataDir)).toThrow(DataDirUnwritableError);
    await expect(startServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), false)).rejects.toThrow(`The data directory ${dataDir} cannot be written`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(exitCode).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`The data directory ${dataDir} cannot be written`)]);
    expect(stderr).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });
});
