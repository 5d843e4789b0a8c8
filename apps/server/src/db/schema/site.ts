import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const enterpriseRequests = pgTable(
  'enterprise_requests',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company').notNull(),
    teamSize: integer('team_size'),
    message: text('message'),
    locale: text('locale', { enum: ['ru', 'en'] }).notNull(),
    host: text('host').notNull(),
    privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true }).notNull(),
    personalDataConsentAt: timestamp('personal_data_consent_at', { withTimezone: true }).notNull(),
    mailStatus: text('mail_status', { enum: ['pending', 'queued'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('enterprise_requests_created_idx').on(table.createdAt.desc())],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['registration', 'profile', 'pair', 'team'] }).notNull(),
    step: text('step').notNull(),
    visitId: text('visit_id'),
    variant: text('variant', { enum: ['default', 'love'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_kind_idx').on(table.kind, table.createdAt)],
);
