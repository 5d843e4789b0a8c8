import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { estimators } from './accounts.ts';
import { profiles } from './profiles.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const scoringModels = pgTable(
  'scoring_models',
  {
    id: text('id').primaryKey(),
    family: text('family').notNull(),
    featureVersion: text('feature_version').notNull(),
    featureSpec: jsonb('feature_spec').notNull(),
    options: jsonb('options').notNull(),
    status: text('status', { enum: ['training', 'trained', 'failed'] })
      .notNull()
      .default('training'),
    progress: doublePrecision('progress').notNull().default(0),
    loss: doublePrecision('loss'),
    error: text('error'),
    parameters: jsonb('parameters'),
    metrics: jsonb('metrics'),
    evaluation: jsonb('evaluation'),
    isDemo: boolean('is_demo').notNull().default(false),
    demoLabels: integer('demo_labels').notNull().default(0),
    fairness: jsonb('fairness'),
    profilesCount: integer('profiles_count').notNull().default(0),
    estimatorsCount: integer('estimators_count').notNull().default(0),
    trainCount: integer('train_count').notNull().default(0),
    testCount: integer('test_count').notNull().default(0),
    artifactKey: text('artifact_key'),
    artifactSha256: text('artifact_sha256'),
    isCurrent: boolean('is_current').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    trainedAt: ts('trained_at'),
    uploadedAt: ts('uploaded_at'),
    publishedAt: ts('published_at'),
  },
  (table) => [
    uniqueIndex('scoring_models_current_idx')
      .on(table.isCurrent)
      .where(sql`is_current`),
    index('scoring_models_created_idx').on(table.createdAt.desc()),
  ],
);

export const profileEstimates = pgTable(
  'profile_estimates',
  {
    estimatorId: text('estimator_id')
      .notNull()
      .references(() => estimators.id, { onDelete: 'cascade' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
    viewedAt: ts('viewed_at'),
    score: doublePrecision('score'),
    ratedAt: ts('rated_at'),
    competencies: doublePrecision('competencies'),
    professionalism: doublePrecision('professionalism'),
    maturity: doublePrecision('maturity'),
    preciseRatedAt: ts('precise_rated_at'),
    skipStatus: text('skip_status', { enum: ['normal', 'suspicious'] }),
    note: text('note').notNull().default(''),
    noteUpdatedAt: ts('note_updated_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.estimatorId, table.profileId] }), index('profile_estimates_profile_idx').on(table.profileId)],
);

export const profileFinalScores = pgTable('profile_final_scores', {
  profileId: text('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  score: doublePrecision('score'),
  competencies: doublePrecision('competencies'),
  professionalism: doublePrecision('professionalism'),
  maturity: doublePrecision('maturity'),
  administratorId: text('administrator_id'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const profileExplanations = pgTable('profile_explanations', {
  profileId: text('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  modelId: text('model_id'),
  explanation: jsonb('explanation').notNull(),
  scoredAt: ts('scored_at').notNull().defaultNow(),
});
