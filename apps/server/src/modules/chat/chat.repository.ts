import { and, eq } from 'drizzle-orm';
import type { Db } from '../../core/db.ts';
import { chatNarratives } from '../../db/schema/index.ts';

export async function cachedNarrative(db: Db, pairId: string, cacheKey: string): Promise<string[] | undefined> {
  const [row] = await db
    .select({ paragraphs: chatNarratives.paragraphs })
    .from(chatNarratives)
    .where(and(eq(chatNarratives.pairId, pairId), eq(chatNarratives.cacheKey, cacheKey)));
  return row?.paragraphs;
}

export async function storeNarrative(db: Db, pairId: string, cacheKey: string, paragraphs: string[]): Promise<void> {
  await db.insert(chatNarratives).values({ pairId, cacheKey, paragraphs }).onConflictDoNothing();
}
