import crypto from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { finalMoods, simulateScene, type SceneInput } from '@teamcast/engine';
import { decodeSceneDataset, fullInteractions, type GateServerMessage } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { computeJobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createComputeRunner } from './compute.runner.ts';
import { sceneDataset } from './compute.tasks.ts';

const member = (id: string, join: number, partner: string) => ({
  id,
  firstName: id,
  lastName: 'Test',
  events: [{ type: 'join' as const, date: join, value: 0, timestamp: 1 }],
  interactionIntensive: [{ actorId: partner, date: join, value: 5 }],
  interactionType: [{ actorId: partner, date: join, value: 0 }],
});
const specialist = (id: string, score: number) => ({ id, k: score, p: score - 5, l: score + 5, age: 34, gender: 'Ж' as const, grade: 'MIDDLE' as const });
const scene: SceneInput = {
  startDay: '2026-11-01',
  lifespan: 1,
  actors: [member('a', -30, 'b'), member('b', -30, 'a'), member('c', 40, 'a')],
  specialists: [specialist('a', 70), specialist('b', 55), specialist('c', 62)],
};

let t: TestApp;
let owner: SignedIn;
const published: GateServerMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  const publish = t.app.gate.publish.bind(t.app.gate);
  vi.spyOn(t.app.gate, 'publish').mockImplementation(async (target, message, except) => {
    if (target.subjectId === owner.id) published.push(message);
    return publish(target, message, except);
  });
});
afterAll(() => t.close());

const finished = (runner: { onFinished: typeof t.app.compute.onFinished }, id: string) =>
  new Promise<'done' | 'failed'>((resolve) => {
    const off = runner.onFinished((job) => {
      if (job.id === id) {
        off();
        resolve(job.status);
      }
    });
  });

/**
 * Runs `body` with a one-thread runner of these options in place of the app's (which steps aside, so this one takes
 * the jobs), and puts the app's back after.
 */
async function withRunner(
  options: Partial<Parameters<typeof createComputeRunner>[0]>,
  body: (runner: ReturnType<typeof createComputeRunner>) => Promise<void>,
) {
  await t.app.compute.stop();
  const runner = createComputeRunner({ database: t.database, storage: t.app.storage, gate: t.app.gate, log: t.app.log, threads: 1, ...options });
  await runner.start();
  try {
    await body(runner);
  } finally {
    await runner.stop();
    await t.app.compute.start();
  }
}

describe('compute pipeline', () => {
  it('runs a scene in a worker, reports phases only upward, and stores the engine dataset', async () => {
    published.length = 0;
    const ruid = await t.app.compute.enqueue({ ownerId: owner.id, kind: 'scene', subjectId: 'scene-1', input: scene });
    expect(await finished(t.app.compute, ruid)).toBe('done');
    const phases = published.flatMap((message) => (message.type === 'sceneComputePhase' && message.payload.ruid === ruid ? [message.payload.phase] : []));
    expect(phases.at(-1)).toBe(5);
    expect(phases).toEqual([...phases].sort((a, b) => a - b));
    expect(new Set(phases).size).toBe(phases.length);
    expect(phases).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));

    const [job] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, ruid));
    expect(job).toMatchObject({ status: 'done', phase: 5, attempts: 1 });
    const stored = decodeSceneDataset(JSON.parse(gunzipSync((await t.app.storage.get(job!.resultKey!))!).toString()));
    // A job's actors are in the sparse form of a stored team: the pair b-c, named by no one, works at the default.
    expect(stored).toEqual(JSON.parse(JSON.stringify(sceneDataset(simulateScene({ ...scene, actors: fullInteractions(scene.actors) }, { band: true })))));
  });

  it("publishes every phase once and in order when the worker's last report arrives after its result", async () => {
    // A worker whose phase 3 comes late and 2 never takes the job.
    await withRunner({ workerFile: new URL('./compute.late-report.test-worker.mjs', import.meta.url) }, async (runner) => {
      published.length = 0;
      const ruid = await runner.enqueue({ ownerId: owner.id, kind: 'scene', subjectId: 'scene-late', input: scene });
      // The runner closes the worker's port in the same turn as it reports the run done: a report arriving later is
      // dropped, so what is published now is final (no wait for the late report is needed, or would prove more).
      expect(await finished(runner, ruid)).toBe('done');
      const phases = published.flatMap((message) => (message.type === 'sceneComputePhase' && message.payload.ruid === ruid ? [message.payload.phase] : []));
      expect(phases).toEqual([1, 2, 3, 4, 5]);
    });
  });

  it('reports bad scene input as a failed job with the engine error, without retrying', async () => {
    published.length = 0;
    const broken = { ...scene, actors: [{ ...member('a', 0, 'ghost'), events: [] }, member('b', 0, 'a')] };
    const ruid = await t.app.compute.enqueue({ ownerId: owner.id, kind: 'scene', subjectId: 'scene-2', input: broken });
    expect(await finished(t.app.compute, ruid)).toBe('failed');
    const [job] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, ruid));
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    const last = published.filter((message) => message.type === 'sceneComputePhase').at(-1);
    expect(last?.payload).toMatchObject({ ruid, error: expect.any(String) });
  });

  it('picks up a job whose process died mid-computation and finishes it once', async () => {
    const id = crypto.randomBytes(16).toString('base64url');
    await t.database.db.insert(computeJobs).values({
      id,
      ownerId: owner.id,
      kind: 'scene',
      subjectId: 'scene-3',
      input: scene,
      status: 'running',
      phase: 2,
      attempts: 1,
      lockedBy: 'a-process-that-was-killed',
      lockedAt: new Date(Date.now() - 10 * 60_000),
    });
    await vi.waitFor(
      async () => {
        const [job] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, id));
        expect(job).toMatchObject({ status: 'done', phase: 5, attempts: 2 });
      },
      { timeout: 240_000, interval: 200 },
    );
  });

  it("hands over the run's digest, as the stored dataset gives it, in the transaction that marks the job done", async () => {
    const seen: Array<{ status: string | undefined; digest: unknown }> = [];
    const cacheDigest = async (tx: Db, job: { id: string }, digest: unknown) => {
      const [row] = await tx.select().from(computeJobs).where(eq(computeJobs.id, job.id));
      seen.push({ status: row?.status, digest });
    };
    await withRunner({ cacheDigest }, async (runner) => {
      const ruid = await runner.enqueue({ ownerId: owner.id, kind: 'scene', subjectId: 'scene-digest', input: scene });
      expect(await finished(runner, ruid)).toBe('done');
      const [job] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, ruid));
      const stored = decodeSceneDataset(JSON.parse(gunzipSync((await t.app.storage.get(job!.resultKey!))!).toString()));
      expect(seen).toEqual([
        {
          status: 'done',
          digest: expect.objectContaining({ summary: stored.summary, compareIndicators: stored.compare, actorMoods: finalMoods(stored) }),
        },
      ]);
    });
  });

  it('finishes the job when caching its digest fails (the cache write is a savepoint of its own)', async () => {
    const cacheDigest = async (tx: Db) => {
      await tx.execute(sql`select 1 / 0`);
    };
    await withRunner({ cacheDigest }, async (runner) => {
      const ruid = await runner.enqueue({ ownerId: owner.id, kind: 'scene', subjectId: 'scene-cache-fails', input: scene });
      expect(await finished(runner, ruid)).toBe('done');
      const [job] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, ruid));
      expect(job).toMatchObject({ status: 'done', phase: 5, attempts: 1 });
      expect(await t.app.storage.get(job!.resultKey!)).toBeDefined();
    });
  });

  it('runs each job once when two runners share the database', async () => {
    const second = createComputeRunner({ database: t.database, storage: t.app.storage, gate: t.app.gate, log: t.app.log, threads: 1 });
    await second.start();
    const done: string[] = [];
    const offs = [t.app.compute.onFinished((job) => done.push(job.id)), second.onFinished((job) => done.push(job.id))];
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, index) => t.app.compute.enqueue({ ownerId: owner.id, kind: 'scene', subjectId: `multi-${index}`, input: scene })),
    );
    await vi.waitFor(() => expect(done.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort()), { timeout: 240_000, interval: 100 });
    const rows = await t.database.db.select().from(computeJobs);
    for (const id of ids) expect(rows.find((row) => row.id === id)).toMatchObject({ status: 'done', attempts: 1 });
    offs.forEach((off) => off());
    await second.stop();
  });
});
