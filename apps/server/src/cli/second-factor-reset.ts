import { parseArgs } from 'node:util';
import { EmailSchema } from '@teamcast/contracts';
import { migrate } from '../core/db.ts';
import { revokeSubjectSessions } from '../core/session.repository.ts';
import { findAccountByLogin } from '../modules/passport/passport.repository.ts';
import { resetSecondFactor } from '../modules/passport/second-factor.service.ts';
import { openConfigured } from './backup.ts';

/**
 * `npm run second-factor:reset -- --email … [--role administrator|owner]`: removes a user's second factor (a lost phone
 * and lost recovery codes) and ends his sessions. An administrator's next sign-in sets a new one up; an owner signs in
 * with his password alone until he turns it on again. Only an operator with access to the server can do this: no
 * screen can, so a stolen administrator session cannot turn another administrator's second factor off.
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'administrator' } } });
const email = EmailSchema.safeParse(values.email);
const role = values.role === 'owner' || values.role === 'administrator' ? values.role : undefined;
if (!email.success || !role) {
  console.error('Usage: npm run second-factor:reset -- --email admin@example.com [--role administrator|owner]');
  process.exit(1);
}

const { database, release } = await openConfigured();
let code = 0;
try {
  await migrate(database);
  const account = await findAccountByLogin(database.db, role, email.data);
  if (!account) {
    console.error(`No ${role} with the e-mail ${email.data}.`);
    code = 1;
  } else if (await resetSecondFactor(database.db, role, account.id)) {
    await revokeSubjectSessions(database.db, role, account.id);
    console.log(`The second factor of ${email.data} is removed and his sessions are ended.`);
  } else console.log(`${email.data} had no second factor.`);
} finally {
  await release();
}
process.exit(code);
