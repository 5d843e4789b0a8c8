import crypto from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from './db.ts';

/** Expired counters are deleted this often; a counter is reset anyway when its window is over. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * A store for @fastify/rate-limit that keeps the counters in the database: every process behind a load balancer counts
 * the same tries, and a restart does not wipe them. One statement per limited request (an upsert that starts a new
 * window when the last one is over). Keys are hashed, so no address or e-mail is stored. The plugin's
 * `continueExceeding` and `exponentialBackoff` options are not supported (none of our limits uses them).
 */
export function databaseRateLimitStore(database: Database): { Store: FastifyRateLimitStoreCtor; stop(): void } {
  const sweep = setInterval(() => {
    void database.query(`delete from rate_limit_hits where reset_at < now()`).catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();

  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const hashed = crypto.createHash('sha256').update(`${prefix}|${key}`).digest('base64url');
      database
        .query<{ hits: number; ttl: number }>(
          `insert into rate_limit_hits as r (key, hits, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond')
           on conflict (key) do update set
             hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
             reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
           returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::integer as ttl`,
          [hashed, timeWindow],
        )
        .then(
          ([row]) => callback(null, { current: row!.hits, ttl: row!.ttl }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
    child(routeOptions) {
      // A route's own limit names its route; a limiter made with app.createRateLimit has no route (its keys do).
      const route = (routeOptions as unknown as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return storeFor(route?.url ? `${prefix}${route.method ?? ''} ${route.url}` : `${prefix}limiter`);
    },
  });

  // The plugin constructs the store itself, with its options; ours need only the database.
  const Store = function DatabaseRateLimitStore() {
    return storeFor('');
  } as unknown as FastifyRateLimitStoreCtor;
  return { Store, stop: () => clearInterval(sweep) };
}
