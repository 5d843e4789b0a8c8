import crypto from 'node:crypto';
import type { z } from 'zod';
import type {
  AdminEstimator,
  AdminEstimatorCreate,
  AdminEstimatorUpdate,
  AdminEstimatorsQuerySchema,
  AdminOwner,
  AdminOwnerUpdate,
  AdminOwnersQuerySchema,
  AdminProfileDetail,
  AdminProfileUpdate,
  AdminProfilesQuerySchema,
} from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { revokeSubjectSessions } from '../../core/session.repository.ts';
import { deleteOwnerAccount } from '../account/account.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './admin.repository.ts';
import { presentEstimator, presentOwner, presentProfile, presentProfileDetail } from './admin.presenter.ts';

// --- Owners ----------------------------------------------------------------------------------------------------------

async function presentOwners(db: Db, rows: repo.OwnerRow[]): Promise<AdminOwner[]> {
  const ids = rows.map((row) => row.id);
  const mainIds = rows.flatMap((row) => (row.mainProfileId ? [row.mainProfileId] : []));
  // One after another here and below: these run inside transactions too, and a transaction's connection takes one query at a time.
  const subs = await repo.latestSubscriptions(db, ids);
  const counts = await repo.profileCounts(db, ids);
  const mains = await repo.profilesByIds(db, mainIds);
  return rows.map((row) =>
    presentOwner(row, {
      subscription: subs.get(row.id),
      mainProfile: row.mainProfileId ? mains.get(row.mainProfileId) : undefined,
      profilesCount: counts.get(row.id) ?? 0,
    }),
  );
}

export async function listOwners(db: Db, query: z.output<typeof AdminOwnersQuerySchema>) {
  const { rows, total } = await repo.listOwners(db, query);
  return { items: await presentOwners(db, rows), total };
}

export async function getOwner(db: Db, id: string): Promise<AdminOwner> {
  const row = await repo.findOwnerRow(db, id);
  if (!row) throw new AppError('user_not_found');
  const [owner] = await presentOwners(db, [row]);
  return owner!;
}

export async function updateOwner(db: Db, adminId: string, id: string, patch: AdminOwnerUpdate): Promise<AdminOwner> {
  const before = await getOwner(db, id);
  const email = patch.email?.trim().toLowerCase();
  if (email && (await repo.ownerEmailTaken(db, email, id))) throw new AppError('email_in_use', undefined, 'email');
  return db.transaction(async (tx) => {
    const row = await repo.updateOwnerRow(tx, id, {
      ...(email ? { email } : {}),
      ...(patch.companyName !== undefined ? { companyName: patch.companyName || null } : {}),
      ...(patch.verified !== undefined ? { verifiedAt: patch.verified ? (before.verified ? undefined : new Date()) : null } : {}),
    });
    if (!row) throw new AppError('user_not_found');
    const [after] = await presentOwners(tx, [row]);
    await recordAudit(tx, adminId, [{ action: 'owner.update', entity: 'owner', entityId: id, before, after }]);
    return after!;
  });
}

/** Deletes owners as their own account deletion does (sessions, links, data; the address remembered as deleted). */
export async function deleteOwners(db: Db, adminId: string, ids: string[]): Promise<{ changed: number }> {
  const rows = await repo.findOwnerRows(db, [...new Set(ids)]);
  const before = await presentOwners(db, rows);
  await db.transaction(async (tx) => {
    for (const owner of before) await deleteOwnerAccount(tx, owner._id);
    await recordAudit(
      tx,
      adminId,
      before.map((owner) => ({ action: 'owner.delete', entity: 'owner', entityId: owner._id, before: owner, after: null })),
    );
  });
  return { changed: before.length };
}

// --- Estimators ------------------------------------------------------------------------------------------------------

async function presentEstimators(db: Db, rows: repo.EstimatorRow[]): Promise<AdminEstimator[]> {
  const counts = await repo.estimateCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentEstimator(row, counts.get(row.id) ?? 0));
}

export async function listEstimators(db: Db, query: z.output<typeof AdminEstimatorsQuerySchema>) {
  const { rows, total } = await repo.listEstimators(db, query);
  return { items: await presentEstimators(db, rows), total };
}

export async function getEstimator(db: Db, id: string): Promise<AdminEstimator> {
  const row = await repo.findEstimatorRow(db, id);
  if (!row) throw new AppError('user_not_found');
  const [estimator] = await presentEstimators(db, [row]);
  return estimator!;
}

async function assertEstimatorFree(db: Db, input: { email?: string; username?: string }, exceptId?: string) {
  if (input.email && (await repo.estimatorTaken(db, 'email', input.email, exceptId))) throw new AppError('email_in_use', undefined, 'email');
  if (input.username && (await repo.estimatorTaken(db, 'username', input.username, exceptId))) throw new AppError('username_in_use', undefined, 'username');
}

export async function createEstimator(db: Db, adminId: string, input: AdminEstimatorCreate): Promise<AdminEstimator> {
  const email = input.email.trim().toLowerCase();
  const username = input.username.trim();
  await assertEstimatorFree(db, { email, username });
  return db.transaction(async (tx) => {
    const row = await repo.insertEstimatorRow(tx, {
      id: crypto.randomUUID(),
      email,
      username,
      name: input.name.trim(),
      information: input.information || null,
      ...(input.nextProfileBatch ? { nextProfileBatch: input.nextProfileBatch } : {}),
    });
    const [after] = await presentEstimators(tx, [row]);
    await recordAudit(tx, adminId, [{ action: 'estimator.create', entity: 'estimator', entityId: row.id, before: null, after }]);
    return after!;
  });
}

export async function updateEstimator(db: Db, adminId: string, id: string, patch: AdminEstimatorUpdate): Promise<AdminEstimator> {
  const before = await getEstimator(db, id);
  const email = patch.email?.trim().toLowerCase();
  const username = patch.username?.trim();
  await assertEstimatorFree(db, { email, username }, id);
  return db.transaction(async (tx) => {
    const row = await repo.updateEstimatorRow(tx, id, {
      ...(email ? { email } : {}),
      ...(username ? { username } : {}),
      ...(patch.name ? { name: patch.name.trim() } : {}),
      ...(patch.information !== undefined ? { information: patch.information || null } : {}),
      ...(patch.nextProfileBatch ? { nextProfileBatch: patch.nextProfileBatch } : {}),
    });
    const [after] = await presentEstimators(tx, [row!]);
    await recordAudit(tx, adminId, [{ action: 'estimator.update', entity: 'estimator', entityId: id, before, after }]);
    return after!;
  });
}

/** Marks the estimator deleted and ends his sessions; his labels stay on the profiles for training. */
export async function deleteEstimator(db: Db, adminId: string, id: string): Promise<{ changed: number }> {
  const before = await getEstimator(db, id);
  await db.transaction(async (tx) => {
    await repo.updateEstimatorRow(tx, id, { status: 'deleted', deletedAt: new Date() });
    await revokeSubjectSessions(tx, 'estimator', id);
    await recordAudit(tx, adminId, [{ action: 'estimator.delete', entity: 'estimator', entityId: id, before, after: null }]);
  });
  return { changed: 1 };
}

/** The address a sign-in link for this owner or estimator goes to; unknown or deleted accounts answer not found. */
export async function loginLinkAddress(db: Db, role: 'owner' | 'estimator', id: string): Promise<string> {
  if (role === 'estimator') return (await getEstimator(db, id)).email;
  const owner = await repo.findOwnerRow(db, id);
  if (!owner || owner.status === 'deleted') throw new AppError('user_not_found');
  return owner.email;
}

// --- Profiles --------------------------------------------------------------------------------------------------------

async function profileExtras(db: Db, rows: repo.ProfileRow[]) {
  const ids = rows.map((row) => row.id);
  const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))];
  const estimates = await repo.estimatesOf(db, ids);
  const finals = await repo.finalScoresOf(db, ids);
  const owners = await repo.findOwnerRows(db, ownerIds);
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  return (row: repo.ProfileRow) => ({
    owner: row.ownerId ? ownerById.get(row.ownerId) : undefined,
    estimates: estimates.filter((estimate) => estimate.profileId === row.id),
    final: finals.get(row.id),
  });
}

export async function listProfiles(db: Db, query: z.output<typeof AdminProfilesQuerySchema>) {
  const { rows, total, nextCursor } = await repo.listProfiles(db, query);
  const extras = await profileExtras(db, rows);
  return { items: rows.map((row) => presentProfile(row, extras(row))), total, nextCursor };
}

async function detailOf(db: Db, row: repo.ProfileRow): Promise<AdminProfileDetail> {
  const extras = await profileExtras(db, [row]);
  return presentProfileDetail(row, extras(row));
}

export async function getProfile(db: Db, id: string): Promise<AdminProfileDetail> {
  const row = await repo.findProfileRow(db, id);
  if (!row) throw new AppError('profile_not_found');
  return detailOf(db, row);
}

async function changeProfile(
  db: Db,
  adminId: string,
  id: string,
  action: string,
  patch: Partial<repo.ProfileRow>,
  allowed?: (row: repo.ProfileRow) => boolean,
) {
  const row = await repo.findProfileRow(db, id);
  if (!row || row.state === 'deleted' || row.state === 'delete_keep') throw new AppError('profile_not_found');
  if (allowed && !allowed(row)) throw new AppError('profile_not_completed');
  const before = await detailOf(db, row);
  return db.transaction(async (tx) => {
    const updated = await repo.updateProfileRow(tx, id, patch);
    const after = await detailOf(tx, updated!);
    await recordAudit(tx, adminId, [{ action, entity: 'profile', entityId: id, before, after }]);
    return after;
  });
}

export async function updateProfile(db: Db, adminId: string, id: string, patch: AdminProfileUpdate): Promise<AdminProfileDetail> {
  const clean = Object.fromEntries(
    Object.entries(patch)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, value || null]),
  );
  return changeProfile(db, adminId, id, 'profile.update', clean);
}

/** Takes a submitted (approved) questionnaire back to answered, so the visitor can change it and submit again. */
export async function cancelConfirmation(db: Db, adminId: string, id: string): Promise<AdminProfileDetail> {
  return changeProfile(db, adminId, id, 'profile.cancel-confirmation', { state: 'answered', completedAt: null }, (row) => row.state === 'ack_a');
}

export async function deleteProfiles(db: Db, adminId: string, ids: string[]): Promise<{ changed: number }> {
  return db.transaction(async (tx) => {
    const before = await repo.markProfilesDeleted(tx, [...new Set(ids)]);
    const extras = await profileExtras(tx, before);
    await recordAudit(
      tx,
      adminId,
      before.map((row) => ({
        action: 'profile.delete',
        entity: 'profile',
        entityId: row.id,
        before: presentProfile(row, extras(row)),
        after: { status: 'deleted' },
      })),
    );
    return { changed: before.length };
  });
}
