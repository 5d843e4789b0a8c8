import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { databaseTimeoutsOf, type Config } from './core/config.ts';
import { lockDataDir } from './core/data-dir-lock.ts';
import { migrate, openDatabase, type Database } from './core/db.ts';
import { loadOrCreateSecret } from './core/secret.ts';
import { DataDirUnwritableError, assertDataDirWritable, isStorageFailure } from './core/storage-failure.ts';

export type RunningServer = { app: FastifyInstance; database: Database; url: string; stop(): Promise<void> };

/** The embedded database; a disk that fills or turns read-only while it opens is reported in one line, not a WASM stack. */
async function openEmbedded(dataDir: string): Promise<Database> {
  try {
    return await openDatabase({ dataDir });
  } catch (error) {
    if (isStorageFailure(error))
      throw new DataDirUnwritableError(`The data directory ${dataDir} cannot be written (full or read-only): the embedded database could not open.`);
    throw error;
  }
}

/** Opens the configured database (taking the data directory lock for PGlite), migrates it and builds the app. */
export async function startServer(config: Config, listen = true): Promise<RunningServer> {
  // DATA_DIR holds the embedded database, the signing secret and stored datasets: a disk that takes no write stops here.
  assertDataDirWritable(config.dataDir);
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({ url: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config) })
      : await openEmbedded(path.join(config.dataDir, 'pgdata'));
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
