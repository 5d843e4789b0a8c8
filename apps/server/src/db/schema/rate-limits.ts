import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rate-limit counters shared by every server process (core/rate-limit-store.ts); the key is a hash. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_reset_idx').on(table.resetAt)],
);
