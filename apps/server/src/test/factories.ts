import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@teamcast/contracts';
import { hashPassword } from '../core/password.ts';
import { administrators, estimators, owners } from '../db/schema/index.ts';
import { listMessages } from '../modules/mail/mail.repository.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in user for HTTP tests: its id, e-mail, token and ready-made headers. */
export type SignedIn = { id: string; email: string; token: string; headers: { authorization: string } };

/** Extra for the factories: a password to store (hashed) so the user can also sign in with it. */
type WithPassword = { password?: string };

async function signIn(t: TestApp, role: Role, id: string, email: string): Promise<SignedIn> {
  const { token } = await t.app.authenticator.signIn(role, id);
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;
const passwordHashOf = async (password: string | undefined) => (password === undefined ? {} : { passwordHash: await hashPassword(password) });

export async function createOwner(t: TestApp, { password, ...values }: Partial<typeof owners.$inferInsert> & WithPassword = {}): Promise<SignedIn> {
  const id = crypto.randomUUID();
  const email = values.email ?? uniqueEmail('owner');
  await t.database.db.insert(owners).values({ id, email, companyName: 'Test company', verifiedAt: new Date(), ...(await passwordHashOf(password)), ...values });
  return signIn(t, 'owner', id, email);
}

export async function createEstimator(t: TestApp, { password, ...values }: Partial<typeof estimators.$inferInsert> & WithPassword = {}): Promise<SignedIn> {
  const id = crypto.randomUUID();
  const email = values.email ?? uniqueEmail('estimator');
  await t.database.db.insert(estimators).values({ id, email, username: email, name: 'Test Estimator', ...(await passwordHashOf(password)), ...values });
  return signIn(t, 'estimator', id, email);
}

export async function createAdministrator(
  t: TestApp,
  { password, ...values }: Partial<typeof administrators.$inferInsert> & WithPassword = {},
): Promise<SignedIn> {
  const id = crypto.randomUUID();
  const email = values.email ?? uniqueEmail('admin');
  await t.database.db.insert(administrators).values({ id, email, passwordHash: 'not-a-real-hash', ...(await passwordHashOf(password)), ...values });
  return signIn(t, 'administrator', id, email);
}

/** Messages the app put in its outbox for an address, newest first (after the mail it sends after answering). */
export async function mailTo(t: TestApp, address: string) {
  await t.app.afterAnswer.settled();
  return listMessages(t.database.db, address);
}

/** The link in the newest message to an address, as a URL (its token in the `token`, `reset` or `magic` parameter). */
export async function lastMailLink(t: TestApp, address: string): Promise<URL> {
  const [message] = await mailTo(t, address);
  const link = message && /https?:\/\/\S+/.exec(message.textBody)?.[0];
  if (!link) throw new Error(`No mail with a link to ${address}`);
  return new URL(link);
}

/** The single-use token a mailed link carries. */
export const linkToken = (url: URL) => url.searchParams.get('token') ?? url.searchParams.get('reset') ?? url.searchParams.get('magic') ?? '';

/** Collects every log line the app writes (pino's destination stream), for tests that check what reaches the log. */
export function captureLog(app: FastifyInstance): string[] {
  const lines: string[] = [];
  const streamSymbol = Object.getOwnPropertySymbols(app.log).find((symbol) => symbol.description === 'pino.stream');
  const stream = streamSymbol && (app.log as unknown as Record<symbol, { write(line: string): void } | undefined>)[streamSymbol];
  if (!stream) throw new Error('The app has no log stream: create it with a LOG_LEVEL other than silent');
  stream.write = (line: string) => void lines.push(line);
  return lines;
}
