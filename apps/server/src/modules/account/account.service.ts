import type { EstimatorSelf, OwnerSelf } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { verifyPassword } from '../../core/password.ts';
import type { Sealer } from '../../core/sealer.ts';
import { endOwnerSignIns } from '../passport/passport.service.ts';
import { confirmEnrolment, startEnrolment } from '../passport/second-factor.service.ts';
import { deleteOwner, findEstimator, findOwner, type EstimatorRow, type OwnerRow } from './account.repository.ts';

export function presentOwnerSelf(row: OwnerRow): OwnerSelf {
  return {
    _id: row.id,
    email: row.email,
    companyName: row.companyName,
    variant: row.variant,
    verified: row.verifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentEstimatorSelf(row: EstimatorRow): EstimatorSelf {
  return { _id: row.id, email: row.email, username: row.username, name: row.name, locale: row.locale, createdAt: row.createdAt.toISOString() };
}

/** The owner's own record; a missing one is 'this user was not found' (the web app then signs out, spec section 6). */
export async function ownerSelf(db: Db, ownerId: string): Promise<OwnerRow> {
  const row = await findOwner(db, ownerId);
  if (!row || row.status === 'deleted') throw new AppError('user_not_found');
  return row;
}

export async function estimatorSelf(db: Db, estimatorId: string): Promise<EstimatorRow> {
  const row = await findEstimator(db, estimatorId);
  if (!row || row.status === 'deleted') throw new AppError('user_not_found');
  return row;
}

/**
 * Deletes an owner and everything he owns and ends his sessions (their sockets close) and links. Nothing of his
 * address stays: a later sign-in answers like an unknown address, and a sign-up with it starts a new account.
 */
export async function deleteOwnerAccount(db: Db, ownerId: string): Promise<void> {
  await ownerSelf(db, ownerId);
  await endOwnerSignIns(db, ownerId);
  await deleteOwner(db, ownerId);
}

/** Starts turning an owner's second factor on: the authenticator to add, labelled with his e-mail. */
export async function startOwnerEnrolment(deps: { db: Db; sealer: Sealer }, ownerId: string) {
  const row = await ownerSelf(deps.db, ownerId);
  return startEnrolment(deps, 'owner', ownerId, row.email);
}

/** Turns an owner's second factor on: his current password and a code of the new authenticator; answers the recovery codes. */
export async function enableOwnerSecondFactor(deps: { db: Db; sealer: Sealer }, ownerId: string, password: string, code: string): Promise<string[]> {
  const row = await ownerSelf(deps.db, ownerId);
  if (!(await verifyPassword(password, row.passwordHash))) throw new AppError('wrong_current_password', undefined, 'password');
  const codes = await confirmEnrolment(deps, 'owner', ownerId, code);
  if (!codes) throw new AppError('second_factor_invalid', undefined, 'code');
  return codes;
}
