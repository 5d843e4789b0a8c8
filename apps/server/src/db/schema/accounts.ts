import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
};

export const owners = pgTable(
  'owners',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    companyName: text('company_name'),
    variant: text('variant', { enum: ['work', 'love'] })
      .notNull()
      .default('work'),
    status: text('status', { enum: ['active', 'deleted'] })
      .notNull()
      .default('active'),
    locale: text('locale', { enum: ['ru', 'en'] }),
    mainProfileId: text('main_profile_id'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('owners_email_idx').on(table.email)],
);

export const estimators = pgTable(
  'estimators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    information: text('information'),
    passwordHash: text('password_hash'),
    locale: text('locale', { enum: ['ru', 'en'] }),
    status: text('status', { enum: ['active', 'deleted'] })
      .notNull()
      .default('active'),
    nextProfileBatch: integer('next_profile_batch').notNull().default(10),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('estimators_email_idx').on(table.email), uniqueIndex('estimators_username_idx').on(table.username)],
);

export const administrators = pgTable(
  'administrators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale', { enum: ['ru', 'en'] }),
    ...timestamps,
  },
  (table) => [uniqueIndex('administrators_email_idx').on(table.email)],
);
