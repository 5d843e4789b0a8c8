import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { owners } from './accounts.ts';
import { profiles } from './profiles.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The monthly forecast band a monitor holds check-ins against, -100…100 (months are YYYY-MM). */
export type MonitorForecast = { months: string[]; forecast: number[]; p10: number[]; p90: number[] };
/** One member's choices 1…5 for each teammate. */
export type CheckInRatings = Array<{ memberId: string; choice: number }>;

export const monitors = pgTable(
  'monitors',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['team', 'pair'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    title: text('title').notNull(),
    forecast: jsonb('forecast').$type<MonitorForecast>().notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('monitors_subject_idx').on(table.ownerId, table.kind, table.subjectId)],
);

export const monitorMembers = pgTable(
  'monitor_members',
  {
    id: text('id').primaryKey(),
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    locale: text('locale', { enum: ['ru', 'en'] }).notNull(),
    tokenHash: text('token_hash'),
    linkExpiresAt: ts('link_expires_at'),
    leftOn: date('left_on', { mode: 'string' }),
  },
  (table) => [index('monitor_members_monitor_idx').on(table.monitorId), uniqueIndex('monitor_members_token_idx').on(table.tokenHash)],
);

export const monitorCheckIns = pgTable(
  'monitor_check_ins',
  {
    id: text('id').primaryKey(),
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => monitorMembers.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    ratings: jsonb('ratings').$type<CheckInRatings>().notNull(),
    satisfaction: integer('satisfaction').notNull(),
    word: text('word'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('monitor_check_ins_month_idx').on(table.memberId, table.month),
    index('monitor_check_ins_monitor_idx').on(table.monitorId, table.month),
  ],
);

export const monitorOutcomes = pgTable(
  'monitor_outcomes',
  {
    id: text('id').primaryKey(),
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['pair_ended', 'person_left'] }).notNull(),
    memberId: text('member_id').references(() => monitorMembers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [index('monitor_outcomes_monitor_idx').on(table.monitorId)],
);

export const monitorAlerts = pgTable(
  'monitor_alerts',
  {
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.monitorId, table.month] })],
);

/** Each recomputed forecast of a monitored team or pair, with the months it puts in the bad band or below (YYYY-MM). */
export const monitorForecastChanges = pgTable(
  'monitor_forecast_changes',
  {
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    changeId: text('change_id').notNull(),
    badMonths: jsonb('bad_months').$type<string[]>().notNull(),
    alerted: boolean('alerted').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.monitorId, table.changeId] }), index('monitor_forecast_changes_latest_idx').on(table.monitorId, table.createdAt)],
);
