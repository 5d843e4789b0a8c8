import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db.ts';
import { sharedResults } from '../../db/schema/index.ts';

export type SharedResultRow = typeof sharedResults.$inferSelect;

export async function insertShare(db: Db, values: typeof sharedResults.$inferInsert): Promise<void> {
  await db.insert(sharedResults).values(values);
}

export async function findShare(db: Db, token: string): Promise<SharedResultRow | undefined> {
  const [row] = await db.select().from(sharedResults).where(eq(sharedResults.token, token));
  return row;
}
