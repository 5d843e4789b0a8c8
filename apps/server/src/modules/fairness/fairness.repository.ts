import { inArray } from 'drizzle-orm';
import type { Db } from '../../core/db.ts';
import { estimators } from '../../db/schema/index.ts';

export async function estimatorNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: estimators.id, name: estimators.name })
    .from(estimators)
    .where(inArray(estimators.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
