import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { owners } from './accounts.ts';
import { computeJobs } from './compute.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const scenes = pgTable(
  'scenes',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['team', 'sandbox'] })
      .notNull()
      .default('team'),
    title: text('title').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    summonDay: integer('summon_day').notNull().default(0),
    lifespan: integer('lifespan').notNull().default(1),
    actors: jsonb('actors').notNull().default([]),
    settings: jsonb('settings').notNull().default({}),
    p2pRequests: jsonb('p2p_requests').notNull().default([]),
    status: text('status', { enum: ['ok', 'broken'] })
      .notNull()
      .default('ok'),
    resultJobId: text('result_job_id'),
    summary: jsonb('summary'),
    compareIndicators: jsonb('compare_indicators'),
    /** The cached run's band: headline intervals and the ranked draws (contracts SceneStoredBand). */
    band: jsonb('band'),
    /** Each member's mood on the last forecast day of the cached run, by profile id (engine finalMoods). */
    actorMoods: jsonb('actor_moods').$type<Record<string, string>>(),
    inputChangedAt: ts('input_changed_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('scenes_owner_idx').on(table.ownerId, table.kind, table.createdAt.desc()),
    uniqueIndex('scenes_one_sandbox_idx')
      .on(table.ownerId)
      .where(sql`kind = 'sandbox'`),
  ],
);

/**
 * The profiles each scene holds, kept in step with scenes.actors by a trigger (migration 202611260310) in the same
 * transaction as the scene write: "teams using this profile" is an indexed lookup within one owner.
 */
export const sceneMembers = pgTable(
  'scene_members',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    profileId: text('profile_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sceneId, table.profileId] }), index('scene_members_owner_profile_idx').on(table.ownerId, table.profileId)],
);

export const sceneSnapshots = pgTable(
  'scene_snapshots',
  {
    tokenHash: text('token_hash').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    jobId: text('job_id')
      .notNull()
      .references(() => computeJobs.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [index('scene_snapshots_expiry_idx').on(table.expiresAt)],
);

export const sceneCompares = pgTable(
  'scene_compares',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    sceneIds: jsonb('scene_ids').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [index('scene_compares_owner_idx').on(table.ownerId, table.createdAt.desc())],
);
