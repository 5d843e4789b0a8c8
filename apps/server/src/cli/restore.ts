import path from 'node:path';
import { openConfigured, restoreDatabase, summary } from './backup.ts';

/**
 * `npm run db:restore -- <file>`: replaces the content of the configured database (DATABASE_URL, or the embedded one
 * under DATA_DIR) with a backup made by `npm run db:backup`, from either driver. Stop the server first.
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
} finally {
  await release();
}
