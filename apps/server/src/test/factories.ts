import crypto from 'node:crypto';
import type { Role } from '@teamcast/contracts';
import { administrators, estimators, owners } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in user for HTTP tests: its id, token and ready-made headers. */
export type SignedIn = { id: string; token: string; headers: { authorization: string } };

async function signIn(t: TestApp, role: Role, id: string): Promise<SignedIn> {
  const { token } = await t.app.authenticator.signIn(role, id);
  return { id, token, headers: { authorization: `Bearer ${token}` } };
}

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;

export async function createOwner(t: TestApp, values: Partial<typeof owners.$inferInsert> = {}): Promise<SignedIn> {
  const id = crypto.randomUUID();
  await t.database.db.insert(owners).values({ id, email: uniqueEmail('owner'), companyName: 'Test company', verifiedAt: new Date(), ...values });
  return signIn(t, 'owner', id);
}

export async function createEstimator(t: TestApp, values: Partial<typeof estimators.$inferInsert> = {}): Promise<SignedIn> {
  const id = crypto.randomUUID();
  const email = uniqueEmail('estimator');
  await t.database.db.insert(estimators).values({ id, email, username: email, name: 'Test Estimator', ...values });
  return signIn(t, 'estimator', id);
}

export async function createAdministrator(t: TestApp, values: Partial<typeof administrators.$inferInsert> = {}): Promise<SignedIn> {
  const id = crypto.randomUUID();
  await t.database.db.insert(administrators).values({ id, email: uniqueEmail('admin'), passwordHash: 'not-a-real-hash', ...values });
  return signIn(t, 'administrator', id);
}
