import type { EstimatorSelf, OwnerSelf } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { revokeSubjectSessions } from '../../core/session.repository.ts';
import { deleteSubjectLinks } from '../passport/passport.repository.ts';
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
  await revokeSubjectSessions(db, 'owner', ownerId);
  await deleteSubjectLinks(db, 'owner', ownerId, ['magic', 'reset', 'verify']);
  await deleteOwner(db, ownerId);
}
