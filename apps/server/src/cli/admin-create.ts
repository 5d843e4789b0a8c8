import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmailSchema, PasswordSchema, describeIssue } from '@teamcast/contracts';
import { databaseTimeoutsOf, loadConfig } from '../core/config.ts';
import { lockDataDir } from '../core/data-dir-lock.ts';
import { migrate, openDatabase } from '../core/db.ts';
import { AppError } from '../core/errors.ts';
import { createSealer } from '../core/sealer.ts';
import { loadOrCreateSecret } from '../core/secret.ts';
import { createAdministrator } from '../modules/passport/passport.service.ts';
import { enrolWithSecret } from '../modules/passport/second-factor.service.ts';

/**
 * `npm run admin:create -- --email … --password … [--name …] [--totp-secret <base32>]`: adds an administrator to the
 * configured database. With `--totp-secret` his second factor is set up already (and its recovery codes printed once);
 * without it, his first sign-in sets it up.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, 'totp-secret': { type: 'string' } },
});
const email = EmailSchema.safeParse(values.email);
const password = PasswordSchema.safeParse(values.password);
const totpSecret = values['totp-secret']?.replace(/\s/g, '').toUpperCase();
// At least 80 bits (RFC 4226 asks for 128, recommends 160: 32 characters).
const totpProblem = totpSecret !== undefined && !/^[A-Z2-7]{16,}=*$/.test(totpSecret) ? '--totp-secret: base32 (A-Z, 2-7), at least 16 characters' : undefined;
if (!email.success || !password.success || totpProblem) {
  const problem = !email.success
    ? `--email: ${describeIssue(email.error.issues[0]!, 'en').message}`
    : !password.success
      ? `--password: ${describeIssue(password.error.issues[0]!, 'en').message}`
      : totpProblem;
  console.error(
    `${problem}\nUsage: npm run admin:create -- --email admin@example.com --password '<at least 8 characters>' [--name 'Full Name'] [--totp-secret <base32>]`,
  );
  process.exit(1);
}

const config = loadConfig();
const release = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = config.DATABASE_URL
  ? await openDatabase({ url: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config) })
  : await openDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
let code = 0;
try {
  await migrate(database);
  const { created, id } = await createAdministrator(database.db, { email: email.data, password: password.data, name: values.name });
  if (created) {
    console.log(`Administrator ${email.data} created. Sign in at ${new URL('/administrator-login', config.PUBLIC_URL).href}`);
    if (totpSecret) {
      const sealer = createSealer(loadOrCreateSecret(config.dataDir, config.AUTH_SECRET), 'second-factor');
      const recoveryCodes = await enrolWithSecret({ db: database.db, sealer }, 'administrator', id, totpSecret);
      console.log(`Second factor set up with the given secret. Recovery codes (shown once, each works once):\n${recoveryCodes.join('\n')}`);
    } else console.log('The first sign-in sets up the second factor (an authenticator app).');
  } else {
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
