import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Answer, LoveScores } from '@teamcast/contracts';
import { owners } from './accounts.ts';
import { questionnaires } from './questionnaires.ts';

const kinds = ['standard', 'short', 'love', 'couple'] as const;
/** Profiles the owner's list shows (not deleted); the list's condition is written the same way so the index applies. */
const LISTED = sql`state <> all (array['deleted', 'delete_keep'])`;
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const profiles = pgTable(
  'profiles',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: kinds }).notNull(),
    questionnaireId: text('questionnaire_id').references(() => questionnaires.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['ack_q', 'answered', 'ack_a', 'deleted', 'delete_keep', 'withdrawn'] })
      .notNull()
      .default('ack_q'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    partnerFirstName: text('partner_first_name'),
    partnerLastName: text('partner_last_name'),
    email: text('email'),
    phone: text('phone'),
    position: text('position'),
    birthDate: ts('birth_date'),
    age: integer('age'),
    gender: text('gender', { enum: ['М', 'Ж'] }),
    avatarName: text('avatar_name'),
    hideDetails: boolean('hide_details').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    isShort: boolean('is_short').notNull().default(false),
    answers: jsonb('answers').$type<Answer[]>().notNull().default([]),
    storedNeurons: jsonb('stored_neurons').$type<string[]>().notNull().default([]),
    permalink: text('permalink').notNull(),
    linkExpiresAt: ts('link_expires_at').notNull(),
    linkRequestedAt: ts('link_requested_at'),
    competencies: doublePrecision('competencies'),
    professionalism: doublePrecision('professionalism'),
    maturity: doublePrecision('maturity'),
    grade: text('grade', { enum: ['JUNIOR', 'JUNIOR PLUS', 'MIDDLE', 'MIDDLE PLUS', 'SENIOR', 'SENIOR PLUS'] }),
    finalScore: doublePrecision('final_score'),
    finalScorePrecise: doublePrecision('final_score_precise'),
    scoredAt: ts('scored_at'),
    /** Share (0-1) of the scored questions shown that carry a real answer ('no answer' is imputed); null until scored. */
    scoreCompleteness: doublePrecision('score_completeness'),
    modelId: text('model_id'),
    /** Love and couple profiles: the love model's scores (docs/love-model.md); null for work profiles and until scored. */
    loveScores: jsonb('love_scores').$type<LoveScores>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    deletedAt: ts('deleted_at'),
    /** Who filled the answers: the person by link, or the owner about someone else (docs/privacy.md). */
    filledBy: text('filled_by', { enum: ['person', 'owner'] }),
    /** Proof of consent: the notice version agreed to, its language and when. */
    consentVersion: text('consent_version'),
    consentLocale: text('consent_locale', { enum: ['ru', 'en'] }),
    consentedAt: ts('consented_at'),
    /** SHA-256 of the private link to the person's own page; the link itself is never stored. */
    personTokenHash: text('person_token_hash'),
    personTokenExpiresAt: ts('person_token_expires_at'),
    withdrawnAt: ts('withdrawn_at'),
    /** When the owner was warned that this unused profile will be deleted (retention). */
    retentionWarnedAt: ts('retention_warned_at'),
  },
  (table) => [
    uniqueIndex('profiles_permalink_idx').on(table.permalink),
    uniqueIndex('profiles_person_token_idx').on(table.personTokenHash),
    index('profiles_owner_idx').on(table.ownerId, table.state, table.createdAt.desc()),
    index('profiles_questionnaire_idx').on(table.questionnaireId),
    // The owner's list in keyset order (issue 30): the rows the list shows, already in the order it asks for.
    index('profiles_owner_created_idx').on(table.ownerId, table.createdAt, table.id).where(LISTED),
    index('profiles_owner_updated_idx').on(table.ownerId, table.updatedAt, table.id).where(LISTED),
    // The administrator's list and the estimator's in keyset order (migration 202611260440_keyset_lists).
    index('profiles_created_id_idx').on(table.createdAt, table.id),
    index('profiles_updated_id_idx').on(table.updatedAt, table.id),
  ],
);
