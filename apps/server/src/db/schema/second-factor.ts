import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const roleColumn = (name: string) => text(name, { enum: ['owner', 'estimator', 'administrator'] }).notNull();

export const secondFactors = pgTable(
  'second_factors',
  {
    role: roleColumn('role'),
    subjectId: text('subject_id').notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    lastStep: bigint('last_step', { mode: 'number' }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.role, table.subjectId] })],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    role: roleColumn('role'),
    subjectId: text('subject_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.role, table.subjectId, table.codeHash] })],
);

export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    role: roleColumn('role'),
    subjectId: text('subject_id').notNull(),
    kind: text('kind', { enum: ['code', 'enrol'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_challenges_expires_idx').on(table.expiresAt)],
);
