import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const roleColumn = (name: string) => text(name, { enum: ['owner', 'estimator', 'administrator'] }).notNull();

export const linkTokens = pgTable(
  'link_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['magic', 'reset', 'verify'] }).notNull(),
    role: roleColumn('role'),
    subjectId: text('subject_id').notNull(),
    surface: text('surface', { enum: ['desktop', 'ownerMobile', 'loveMobile'] })
      .notNull()
      .default('desktop'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('link_tokens_hash_idx').on(table.tokenHash), index('link_tokens_subject_idx').on(table.role, table.subjectId)],
);

export const deletedAccounts = pgTable('deleted_accounts', {
  emailHash: text('email_hash').primaryKey(),
  role: roleColumn('role'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
