import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { profileFacts, type Answer } from '@teamcast/contracts';
import { profiles } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { newPermalink } from '../profiles/profile-derivation.ts';

/** A completed standard profile for tests, inserted directly (age and gender read from the answers). */
export async function insertCompletedProfile(
  t: TestApp,
  ownerId: string,
  answers: Answer[],
  extra: Partial<typeof profiles.$inferInsert> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const facts = profileFacts(answers);
  await t.database.db.insert(profiles).values({
    id,
    ownerId,
    kind: 'standard',
    state: 'ack_a',
    firstName: 'Test',
    lastName: 'Person',
    answers,
    ...facts,
    completedAt: new Date(),
    ...newPermalink(),
    ...extra,
  });
  return id;
}

export async function profileRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}
