import type { Database } from '../../core/db.ts';

/**
 * How long health waits for `select 1`. PostgreSQL serves it from a pool at once, so two seconds without an answer means
 * a hung server. The embedded database has one connection that serves statements in turn: a busy moment (a model being
 * trained, a large team saved) queues the check behind real work, which is load, not an outage, so it gets longer.
 */
const HEALTH_TIMEOUT_MS: Record<Database['driver'], number> = { postgres: 2_000, pglite: 10_000 };

/** Round trip of a trivial query, bounded so health answers quickly even when the database hangs. */
export async function checkDatabase(database: Database): Promise<{ driver: Database['driver']; reachable: boolean; latencyMs: number | null }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS[database.driver]);
      }),
    ]);
    return { driver: database.driver, reachable: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { driver: database.driver, reachable: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}
