import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeJobs, owners } from '../../db/schema/index.ts';
import type { Database } from '../../core/db.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { claimJob, finishJob } from './compute.repository.ts';

// The repository alone on its own database: no runner of an app claims these jobs behind the test's back. The queue is
// shared by every owner, so every test gets a database of its own: the jobs another test left waiting or running are
// not claimed before this test's, in whatever order they run.
let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

const STALE_MS = 60_000;

async function queue(ownerId: string, count: number, firstAt: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await database.db
    .insert(computeJobs)
    .values(ids.map((id, index) => ({ id, ownerId, kind: 'scene' as const, subjectId: 'scene', input: {}, createdAt: new Date(firstAt + index * 1000) })));
  return ids;
}

async function newOwner(): Promise<string> {
  const id = crypto.randomUUID();
  await database.db.insert(owners).values({ id, email: `${id}@example.com` });
  return id;
}

describe('compute queue fairness', () => {
  it("claims a second owner's job right after the first owner's current one, not after his whole backlog", async () => {
    const heavy = await newOwner();
    const light = await newOwner();
    const backlog = await queue(heavy, 12, Date.UTC(2026, 10, 25, 10));
    const [waiting] = await queue(light, 1, Date.UTC(2026, 10, 25, 11));
    const order: string[] = [];
    // One worker: each job finishes before the next claim.
    for (let claim = 0; claim < 13; claim += 1) {
      const job = await claimJob(database, 'worker-1', STALE_MS);
      order.push(job!.id);
      expect(await finishJob(database.db, job!.id, 'worker-1', 'result')).toBe(true);
    }
    expect(order.slice(0, 2)).toEqual([backlog[0], waiting]);
    expect(order.slice(2)).toEqual(backlog.slice(1));
    expect(await claimJob(database, 'worker-1', STALE_MS)).toBeUndefined();
  });

  it('alternates between owners while both have jobs waiting, with several workers claiming', async () => {
    const first = await newOwner();
    const second = await newOwner();
    const a = await queue(first, 4, Date.UTC(2026, 10, 25, 12));
    const b = await queue(second, 2, Date.UTC(2026, 10, 25, 13));
    const claimed = [];
    for (let claim = 0; claim < 4; claim += 1) claimed.push((await claimJob(database, `worker-${claim}`, STALE_MS))!.id);
    expect(claimed).toEqual([a[0], b[0], a[1], b[1]]);
  });
});
