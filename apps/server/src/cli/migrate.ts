import path from 'node:path';
import { databaseTimeoutsOf, loadConfig } from '../core/config.ts';
import { lockDataDir } from '../core/data-dir-lock.ts';
import { forMaintenance, migrate, openDatabase } from '../core/db.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const release = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = config.DATABASE_URL
  ? await openDatabase({ url: config.DATABASE_URL, timeouts: forMaintenance(databaseTimeoutsOf(config)) })
  : await openDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
try {
  const applied = await migrate(database);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
  release();
}
