import { index, integer, jsonb, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Step } from '@teamcast/contracts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['standard', 'short', 'love', 'couple'] }).notNull(),
    status: text('status', { enum: ['created', 'computed', 'inactive'] })
      .notNull()
      .default('created'),
    dataSource: text('data_source').notNull(),
    steps: jsonb('steps').$type<Step[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    computedAt: ts('computed_at'),
    /** 1 for a new questionnaire; an edit of one with answers makes version + 1 (previousId: the version it came from). */
    version: integer('version').notNull().default(1),
    previousId: text('previous_id').references((): AnyPgColumn => questionnaires.id, { onDelete: 'set null' }),
  },
  (table) => [index('questionnaires_kind_idx').on(table.kind, table.status, table.createdAt.desc())],
);
