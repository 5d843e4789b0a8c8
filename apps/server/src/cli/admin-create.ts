import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmailSchema, PasswordSchema, describeIssue } from '@teamcast/contracts';
import { databaseTimeoutsOf, loadConfig } from '../core/config.ts';
import { lockDataDir } from '../core/data-dir-lock.ts';
import { migrate, openDatabase } from '../core/db.ts';
import { AppError } from '../core/errors.ts';
import { createAdministrator } from '../modules/passport/passport.service.ts';

/** `npm run admin:create -- --email … --password … [--name …]`: adds an administrator to the configured database. */
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
const email = EmailSchema.safeParse(values.email);
const password = PasswordSchema.safeParse(values.password);
if (!email.success || !password.success) {
  const problem = !email.success ? `--email: ${describeIssue(email.error.issues[0]!, 'en').message}` : `--password: ${describeIssue(password.error!.issues[0]!, 'en').message}`;
  console.error(`${problem}\nUsage: npm run admin:create -- --email admin@example.com --password '<at least 8 characters>' [--name 'Full Name']`);
  process.exit(1);
}

const config = loadConfig();
const release = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = config.DATABASE_URL ? await openDatabase({ url: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config) }) : await openDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
let code = 0;
try {
  await migrate(database);
  const { created } = await createAdministrator(database.db, { email: email.data, password: password.data, name: values.name });
  if (created) console.log(`Administrator ${email.data} created. Sign in at ${new URL('/administrator-login', config.PUBLIC_URL).href}`);
  else {
    console.error(`An administrator with the e-mail ${email.data} already exists.`);
    code = 1;
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`--password: this password is among the most common ones; choose another.`);
  code = 1;
} finally {
  await database.close();
  release();
}
process.exit(code);
