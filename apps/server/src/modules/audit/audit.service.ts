import type { AuditEntry } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { findAdministratorEmail, insertAuditEntries, listAuditEntriesOfAction, type AuditRow } from './audit.repository.ts';

/** One change an administrator made: `before` null for a creation, `after` null for a deletion. */
export type AuditChange = { action: string; entity: string; entityId: string; before: unknown; after: unknown };

/**
 * Writes the administrator's changes to the audit log. Called by every admin route that changes or deletes data, in
 * the same database session as the change, after it succeeded.
 */
export async function recordAudit(db: Db, administratorId: string, changes: AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  const administratorEmail = await findAdministratorEmail(db, administratorId);
  await insertAuditEntries(
    db,
    changes.map((change) => ({
      administratorId,
      administratorEmail,
      action: change.action,
      entity: change.entity,
      entityId: change.entityId,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  );
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    administratorId: row.administratorId,
    administratorEmail: row.administratorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest entries of one action (for a module that shows its own history, such as justified model publications). */
export async function auditEntriesOfAction(db: Db, action: string, limit = 50): Promise<AuditRow[]> {
  return listAuditEntriesOfAction(db, action, limit);
}
