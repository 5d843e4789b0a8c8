import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { owners } from './accounts.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const computeJobs = pgTable(
  'compute_jobs',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['scene'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    input: jsonb('input').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    phase: integer('phase').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    resultKey: text('result_key'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('compute_jobs_claim_idx').on(table.status, table.createdAt),
    index('compute_jobs_subject_idx').on(table.ownerId, table.subjectId, table.createdAt.desc()),
  ],
);

export const storedBlobs = pgTable('stored_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
