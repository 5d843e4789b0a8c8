import path from 'node:path';
import { BackupInvalidError, openConfigured, restoreDatabase, summary } from './backup.ts';

/**
 * `npm run db:restore -- <file>`: replaces the content of the configured database (DATABASE_URL, or the embedded one
 * under DATA_DIR) with a backup made by `npm run db:backup`, from either driver. Stop the server first. A backup that
 * is incomplete or does not match its checksum is refused with one line, and the database stays as it was.
 */
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(1);
}
// Relative to where npm was run (INIT_CWD), not to the workspace folder npm switches to.
const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const { database, release } = await openConfigured();
try {
  console.log(`Restored ${resolved}: ${summary(await restoreDatabase(database, resolved))}`);
} catch (error) {
  if (!(error instanceof BackupInvalidError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await release();
}
