import { eq, inArray } from 'drizzle-orm';
import type { Db } from './db.ts';
import { storedBlobs } from '../db/schema/index.ts';

/** Writes or replaces one stored file. */
export async function upsertBlob(db: Db, key: string, data: Buffer): Promise<void> {
  await db.insert(storedBlobs).values({ key, data }).onConflictDoUpdate({ target: storedBlobs.key, set: { data } });
}

export async function findBlob(db: Db, key: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ data: storedBlobs.data }).from(storedBlobs).where(eq(storedBlobs.key, key)).limit(1);
  return row ? Buffer.from(row.data) : undefined;
}

export async function deleteBlobs(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(storedBlobs).where(inArray(storedBlobs.key, keys));
}
