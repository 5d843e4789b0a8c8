import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { HistoryEntry, HistoryEntryType } from '@teamcast/contracts';
import { owners } from './accounts.ts';

const ownerRef = () =>
  text('owner_id')
    .notNull()
    .references(() => owners.id, { onDelete: 'cascade' });

export const dashboardHistory = pgTable(
  'dashboard_history',
  {
    ownerId: ownerRef(),
    type: text('type').$type<HistoryEntryType>().notNull(),
    refId: text('ref_id').notNull(),
    title: text('title').notNull(),
    actors: jsonb('actors').$type<HistoryEntry['actors']>().notNull().default([]),
    scenes: jsonb('scenes').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.type, table.refId] }), index('dashboard_history_owner_idx').on(table.ownerId, table.at.desc())],
);

export const dashboardCounters = pgTable('dashboard_counters', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => owners.id, { onDelete: 'cascade' }),
  p2p: integer('p2p').notNull().default(0),
  team: integer('team').notNull().default(0),
});
