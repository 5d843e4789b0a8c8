import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { databaseTimeoutsOf, type Config } from './core/config.ts';
import { lockDataDir } from './core/data-dir-lock.ts';
import { migrate, openDatabase, type Database } from './core/db.ts';
import { loadOrCreateSecret } from './core/secret.ts';

export type RunningServer = { app: FastifyInstance; database: Database; url: string; stop(): Promise<void> };

/** Opens the configured database (taking the data directory lock for PGlite), migrates it and builds the app. */
export async function startServer(config: Config, listen = true): Promise<RunningServer> {
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({ url: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config) })
      : await openDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
    await migrate(database);
    const app = await buildApp({ config, database, secret: loadOrCreateSecret(config.dataDir, config.AUTH_SECRET) });
    const opened = database;
    app.addHook('onClose', async () => {
      await opened.close();
      releaseLock();
    });
    const url = listen ? await app.listen({ port: config.PORT, host: config.HOST }) : '';
    return { app, database, url, stop: () => app.close() };
  } catch (error) {
    await database?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}
