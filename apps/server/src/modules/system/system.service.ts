import type { Database } from '../../core/db.ts';

const HEALTH_TIMEOUT_MS = 2_000;

/** Round trip of a trivial query, bounded so health answers quickly even when the database hangs. */
export async function checkDatabase(database: Database): Promise<{ driver: Database['driver']; reachable: boolean; latencyMs: number | null }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return { driver: database.driver, reachable: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { driver: database.driver, reachable: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}
