import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PairForecast } from '@teamcast/engine';
import type { SharedResult, SharePart } from '@teamcast/contracts';
import { owners } from './accounts.ts';
import { profiles } from './profiles.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const profileRef = (name: string) => text(name).references(() => profiles.id, { onDelete: 'set null' });

export const pairRequests = pgTable(
  'pair_requests',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    sceneId: text('scene_id'),
    actor1Id: profileRef('actor1_id'),
    actor2Id: profileRef('actor2_id'),
    managerId: profileRef('manager_id'),
    /** Which person of a couple profile a slot holds: the first ('self') or the partner; always 'self' for other kinds. */
    actor1Side: text('actor1_side', { enum: ['self', 'partner'] })
      .notNull()
      .default('self'),
    actor2Side: text('actor2_side', { enum: ['self', 'partner'] })
      .notNull()
      .default('self'),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    mode: integer('mode').notNull().default(0),
    intensity: doublePrecision('intensity').notNull().default(5),
    kind: text('kind', { enum: ['work', 'LOVE', 'FRIEND'] }),
    result: jsonb('result').$type<PairForecast>(),
    runAt: ts('run_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('pair_requests_owner_idx').on(table.ownerId, table.updatedAt.desc()),
    index('pair_requests_actor1_idx').on(table.actor1Id),
    index('pair_requests_actor2_idx').on(table.actor2Id),
    index('pair_requests_manager_idx').on(table.managerId),
  ],
);

export const sharedResults = pgTable(
  'shared_results',
  {
    token: text('token').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    pairId: text('pair_id')
      .notNull()
      .references(() => pairRequests.id, { onDelete: 'cascade' }),
    parts: jsonb('parts').$type<SharePart[]>().notNull(),
    snapshot: jsonb('snapshot').$type<SharedResult>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [index('shared_results_pair_idx').on(table.pairId)],
);

export const chatNarratives = pgTable(
  'chat_narratives',
  {
    pairId: text('pair_id')
      .notNull()
      .references(() => pairRequests.id, { onDelete: 'cascade' }),
    cacheKey: text('cache_key').notNull(),
    paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pairId, table.cacheKey] })],
);
