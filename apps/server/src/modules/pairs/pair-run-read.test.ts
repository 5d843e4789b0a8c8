import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairRequests, pairUnlocks, profiles } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDriver } from '../../test/test-database.ts';
import { accessFactsOf, pairUnlocked, pairUnlockedOf } from '../payments/access-rules.ts';
import { findAccessFacts } from '../payments/payments.repository.ts';
import { subscribe } from '../scenes/scenes.test-support.ts';
import { insertProfile } from './pairs.fixtures.ts';
import { findOwnPair, findPairToRun, ownProfiles, weeklyHours, type PairToRunRead } from './pairs.repository.ts';

// Issue 23: a pair run reads its pair, the owner's access facts, its people, the love report's unlock and the people's
// weekly hours in one statement. It must read what the separate reads (used by every other pair call) read.
let t: TestApp;
let owner: SignedIn;
const facts = { access: accessFactsOf, unlocked: pairUnlockedOf };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'LITE_1M');
});
afterAll(() => t.close());

async function pairOf(values: Partial<typeof pairRequests.$inferInsert>): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db.insert(pairRequests).values({ id, ownerId: owner.id, startDay: '2026-03-01', ...values });
  return id;
}

/** The same facts through the reads every other pair call makes, one statement each. */
async function readApart(id: string): Promise<PairToRunRead<unknown> | undefined> {
  const db = t.database.db;
  const row = await findOwnPair(db, owner.id, id);
  if (!row) return undefined;
  const { result: _result, ...pair } = row;
  const slots = [row.actor1Id, row.actor2Id].filter((slot): slot is string => Boolean(slot));
  return {
    pair,
    access: await findAccessFacts(db, owner.id),
    people: await ownProfiles(
      db,
      owner.id,
      [row.actor1Id, row.actor2Id, row.managerId].filter((slot): slot is string => Boolean(slot)),
    ),
    unlocked: row.actor1Id && row.actor2Id ? await pairUnlocked(db, owner.id, row.actor1Id, row.actor2Id) : false,
    hours: await weeklyHours(db, owner.id, slots),
  };
}

describe(`the pair run's read on ${testDriver}`, () => {
  it('reads what the separate reads read: people and manager, access facts, unlock in either order, weekly hours', async () => {
    const a = await insertProfile(t, owner.id, { firstName: 'Анна', loveScores: null, competencies: 61.25 });
    const b = await insertProfile(t, owner.id, { firstName: 'Борис', competencies: 48.5, professionalism: 0.1 + 0.2 });
    const manager = await insertProfile(t, owner.id, { firstName: 'Вера' });
    const [low, high] = a < b ? [a, b] : [b, a];
    await t.database.db.insert(pairUnlocks).values({ ownerId: owner.id, profileLow: low, profileHigh: high, status: 'paid', paidAt: new Date() });
    // Other pairs of the owner that name Anna add to her weekly hours, in either slot.
    await pairOf({ actor1Id: a, actor2Id: manager, intensity: 9.5 });
    await pairOf({ actor1Id: manager, actor2Id: a, intensity: 7 });
    const forward = await pairOf({ actor1Id: a, actor2Id: b, managerId: manager, intensity: 9, mode: 1 });
    const backward = await pairOf({ actor1Id: b, actor2Id: a, intensity: 8 });

    for (const id of [forward, backward]) {
      const together = await findPairToRun(t.database.db, owner.id, id, facts);
      expect(together).toEqual(await readApart(id));
      expect(together!.unlocked).toBe(true);
      expect(together!.hours.get(a)).toBe(9.5 + 7 + 9 + 8);
    }
    expect((await findPairToRun(t.database.db, owner.id, forward, facts))!.people.size).toBe(3);
  });

  it("leaves out a deleted person, an unpaid pair and another owner's pairs and unlocks, keeps an empty slot empty, and finds no pair of another owner", async () => {
    const a = await insertProfile(t, owner.id);
    const gone = await insertProfile(t, owner.id, { state: 'deleted' });
    const half = await pairOf({ actor1Id: a, actor2Id: null });
    const withGone = await pairOf({ actor1Id: a, actor2Id: gone });
    // Another owner's pair and paid unlock naming the same people count for nothing here.
    const stranger = await createOwner(t);
    await t.database.db
      .insert(pairRequests)
      .values({ id: crypto.randomUUID(), ownerId: stranger.id, startDay: '2026-03-01', actor1Id: a, actor2Id: gone, intensity: 10 });
    const [low, high] = a < gone ? [a, gone] : [gone, a];
    await t.database.db.insert(pairUnlocks).values({ ownerId: stranger.id, profileLow: low, profileHigh: high, status: 'paid', paidAt: new Date() });
    for (const id of [half, withGone]) {
      const together = await findPairToRun(t.database.db, owner.id, id, facts);
      expect(together).toEqual(await readApart(id));
      expect(together).toMatchObject({ unlocked: false });
      expect([...together!.people.keys()]).toEqual([a]);
      expect(together!.hours.get(a)).toBe(5 + 5);
    }
    expect(await findPairToRun(t.database.db, stranger.id, half, facts)).toBeUndefined();
    await t.database.db.update(profiles).set({ state: 'ack_a' }).where(eq(profiles.id, gone));
  });
});
