import crypto from 'node:crypto';
import type { Database } from './db.ts';

/**
 * Counts failures (wrong passwords) per key in a window, in the rate-limit table, so every process counts the same
 * failures and a restart keeps them. Unlike a rate limit it counts only what failed: reading does not add to it.
 * Keys are hashed, so no address or e-mail is stored.
 */
export type FailureCounter = {
  /** Failures of a key in its current window (0 once the window is over). */
  count(key: string): Promise<number>;
  /** Adds a failure; a key whose window is over starts a new one. */
  add(key: string): Promise<void>;
  /** Forgets a key's failures. */
  clear(key: string): Promise<void>;
};

const hashKey = (key: string) => crypto.createHash('sha256').update(`failures|${key}`).digest('base64url');

export function createFailureCounter(database: Database, windowMs: number): FailureCounter {
  return {
    async count(key) {
      const [row] = await database.query<{ hits: number }>(`select hits from rate_limit_hits where key = $1 and reset_at > now()`, [hashKey(key)]);
      return row?.hits ?? 0;
    },
    async add(key) {
      await database.query(
        `insert into rate_limit_hits as r (key, hits, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond')
         on conflict (key) do update set
           hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
           reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end`,
        [hashKey(key), windowMs],
      );
    },
    async clear(key) {
      await database.query(`delete from rate_limit_hits where key = $1`, [hashKey(key)]);
    },
  };
}
