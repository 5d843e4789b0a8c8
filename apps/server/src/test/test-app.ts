import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../core/config.ts';
import type { Database } from '../core/db.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> };

/**
 * The real application on a fresh database, for HTTP tests through `app.inject`.
 * `prepare` may register extra routes before the app is ready.
 */
export async function createTestApp(env: Record<string, string> = {}, prepare?: (app: FastifyInstance) => void | Promise<void>): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), ...env });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, secret: crypto.randomBytes(32) });
  await prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
