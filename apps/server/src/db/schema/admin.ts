import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The administrators' changes: who, what, when, and the object before and after (append only). */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: text('id').primaryKey(),
    administratorId: text('administrator_id').notNull(),
    administratorEmail: text('administrator_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt),
    index('admin_audit_log_entity_idx').on(table.entity, table.entityId, table.createdAt),
    // The log's pages in keyset order (migration 202611260440_keyset_lists).
    index('admin_audit_log_created_id_idx').on(table.createdAt, table.id),
  ],
);
