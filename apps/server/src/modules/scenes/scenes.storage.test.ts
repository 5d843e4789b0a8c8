import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INTENSITY, fullInteractions, sparseInteractions, type ActorInput, type Interaction } from '@teamcast/contracts';
import { computeJobs, sceneMembers, sceneSnapshots, scenes } from '../../db/schema/index.ts';
import { MIGRATIONS_DIR } from '../../core/db.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { profileUsage } from '../profiles/profile-usage.ts';
import { SCENE_BODY_LIMIT } from './scenes.routes.ts';
import { KEPT_RUNS_PER_SCENE, sweepSceneRuns } from './scenes.service.ts';
import { cacheResult } from './scenes.repository.ts';
import { scoredProfiles, subscribe, teamBody } from './scenes.test-support.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  other = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'UNLIMITED');
  await subscribe(t.database.db, other.id, 'UNLIMITED');
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...who.headers, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

async function createTeam(who: SignedIn, ids: string[]) {
  const created = await call('POST', '/api/scene/scene', who, teamBody('Team', ids));
  expect(created.status).toBe(201);
  return created.body.result.scene._id as string;
}

/** Runs a scene and waits until its run is done; answers the ruid. */
async function runToEnd(sceneId: string): Promise<string> {
  const started = await call('PUT', `/api/scene/scene/${sceneId}/run`, owner);
  expect(started.status).toBe(200);
  const ruid = started.body.result.ruid as string;
  await vi.waitFor(
    async () => {
      const [job] = await t.database.db.select({ status: computeJobs.status }).from(computeJobs).where(eq(computeJobs.id, ruid));
      expect(job?.status).toBe('done');
    },
    { timeout: 240_000, interval: 50 },
  );
  return ruid;
}

const jobsOf = (sceneId: string) => t.database.db.select().from(computeJobs).where(eq(computeJobs.subjectId, sceneId));
const member = (id: string, day = 0): ActorInput => ({ id, events: [{ type: 'start', date: day, value: 0, timestamp: 1 }] });

describe('teams stored in proportion to their people', () => {
  it('takes, stores and answers a 300-person team in the sparse form: a body under 300 KB, only the pairs that differ', async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 300);
    const actors: ActorInput[] = ids.map((id) => member(id));
    // Two pairs differ from the default: one works 8 hours a week, one remotely.
    actors[0] = { ...actors[0]!, interactionIntensive: [{ actorId: ids[1]!, date: 0, value: 8 }] };
    actors[2] = { ...actors[2]!, interactionType: [{ actorId: ids[3]!, date: 0, value: 1 }] };
    const body = { title: 'Department', startDay: '2026-11-01', actors };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(300 * 1024);

    const created = await call('POST', '/api/scene/scene', owner, body);
    expect(created.status).toBe(201);
    const id = created.body.result.scene._id as string;
    const read = (await call('GET', `/api/scene/scene/${id}`, owner)).body.result as Json;
    const explicit = (scene: Json) =>
      (scene.actors as Json[]).flatMap((a) => [
        ...a.interactionType.map((i: Json) => ['type', a.id, i.actorId, i.value]),
        ...a.interactionIntensive.map((i: Json) => ['hours', a.id, i.actorId, i.value]),
      ]);
    expect(explicit(read)).toEqual([
      ['hours', ids[0], ids[1], 8],
      ['type', ids[2], ids[3], 1],
    ]);
    expect(read.actors).toHaveLength(300);

    // An edit of one pair, sent in the sparse form as the web sends it, changes that pair only. (The full mesh of 300
    // people, 6 MB, is over the team body limit; a full mesh is taken within it, see the next test.)
    const changed = (read.actors as ActorInput[]).map((a, i) => (i === 4 ? { ...a, interactionIntensive: [{ actorId: ids[5]!, date: 0, value: 2 }] } : a));
    expect(Buffer.byteLength(JSON.stringify(fullInteractions(read.actors as Parameters<typeof fullInteractions>[0])))).toBeGreaterThan(SCENE_BODY_LIMIT);
    const updated = await call('PATCH', `/api/scene/scene/${id}`, owner, { actors: changed });
    expect(updated.status).toBe(200);
    expect(explicit(updated.body.result.scene)).toEqual([
      ['hours', ids[0], ids[1], 8],
      ['type', ids[2], ids[3], 1],
      ['hours', ids[4], ids[5], 2],
    ]);
    expect(explicit((await call('GET', `/api/scene/scene/${id}`, owner)).body.result)).toEqual(explicit(updated.body.result.scene));

    // The stored row is the sparse form too, and its members are listed once each.
    const [row] = await t.database.db.select({ actors: scenes.actors }).from(scenes).where(eq(scenes.id, id));
    expect(Buffer.byteLength(JSON.stringify(row!.actors))).toBeLessThan(300 * 1024);
    expect(await t.database.db.select().from(sceneMembers).where(eq(sceneMembers.sceneId, id))).toHaveLength(300);
  });

  it('keeps a pair that starts later at the default from its later day, and stores a run input without the default pairs', async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 3);
    const actors = [member(ids[0]!), member(ids[1]!), { ...member(ids[2]!, 30), events: [{ type: 'join' as const, date: 30, value: 0, timestamp: 1 }] }];
    // The full mesh as the simulator builds it: the late member works with both from his join day.
    const sent = fullInteractions(actors.map((a) => ({ ...a, interactionType: [], interactionIntensive: [] })));
    expect(sent[1]!.interactionIntensive).toEqual([{ actorId: ids[2], date: 30, value: DEFAULT_INTENSITY }]);
    const created = await call('POST', '/api/scene/scene', owner, { title: 'Late joiner', startDay: '2026-11-01', actors: sent });
    expect(created.status).toBe(201);
    const scene = created.body.result.scene as Json;
    expect((scene.actors as Json[]).every((a) => a.interactionType.length === 0 && a.interactionIntensive.length === 0)).toBe(true);

    const ruid = await runToEnd(scene._id);
    const [job] = await t.database.db.select({ input: computeJobs.input }).from(computeJobs).where(eq(computeJobs.id, ruid));
    const input = job!.input as { actors: Json[]; specialists: unknown[] };
    expect(input.specialists).toHaveLength(3);
    expect(input.actors.every((a) => a.interactionIntensive.length === 0)).toBe(true);
  });

  it('converts stored teams in the migration by the same rule as the contracts (SQL against sparseInteractions)', async () => {
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '202611260310_sparse_teams.sql'), 'utf8');
    const start = migration.indexOf('create function scene_sparse_actors');
    await t.database.exec(migration.slice(start, migration.indexOf('$$;', start) + 3).replace('scene_sparse_actors', 'scene_sparse_actors_check'));
    // A seeded team of 30: members starting on different days, the full mesh, then changed values, later and earlier entries.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    const none: Interaction[] = [];
    const team = fullInteractions(
      Array.from({ length: 30 }, (_, i) => ({ ...member(`m${i}`, [0, 0, 10, -5][i % 4]), interactionType: none, interactionIntensive: none })),
    );
    for (let k = 0; k < 40; k++) {
      const a = team[next(30)]!;
      const list = next(2) === 0 ? a.interactionIntensive : a.interactionType;
      const partner = `m${next(30)}`;
      const value = list === a.interactionType ? next(2) : [2, 5, 8][next(3)]!;
      if (next(3) === 0 && list.length > 0) list[next(list.length)]!.value = value;
      else list.push({ actorId: partner, date: [-10, 0, 10, 40][next(4)]!, value });
    }
    team[0]!.interactionType.push({ actorId: 'ghost', date: 0, value: 0 });
    try {
      const id = crypto.randomUUID();
      await t.database.db.insert(scenes).values({ id, ownerId: other.id, title: 'Stored before', startDay: '2026-11-01', actors: team });
      await t.database.db
        .update(scenes)
        .set({ actors: sql`scene_sparse_actors_check(${scenes.actors})` })
        .where(eq(scenes.id, id));
      const [row] = await t.database.db.select({ actors: scenes.actors }).from(scenes).where(eq(scenes.id, id));
      expect(row!.actors).toEqual(sparseInteractions(team));
    } finally {
      await t.database.exec('drop function scene_sparse_actors_check(jsonb)');
    }
  });
});

describe('data that ends', () => {
  it('deletes a team with its runs, their inputs, snapshot links and datasets', async () => {
    const id = await createTeam(owner, await scoredProfiles(t.database.db, owner.id, 3));
    const ruids = [await runToEnd(id), await runToEnd(id)];
    expect((await call('GET', `/api/scene/scene/snapshot/${id}?ruid=${ruids[1]}`, owner)).status).toBe(200);
    const keys = (await jobsOf(id)).map((job) => job.resultKey!);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await t.app.storage.get(key)).toBeDefined();

    expect((await call('DELETE', '/api/scene/scene/bulk', owner, { sceneIds: [id] })).body.result).toEqual({ deleted: 1 });
    expect(await jobsOf(id)).toEqual([]);
    expect(await t.database.db.select().from(sceneSnapshots).where(inArray(sceneSnapshots.jobId, ruids))).toEqual([]);
    expect(await t.database.db.select().from(sceneMembers).where(eq(sceneMembers.sceneId, id))).toEqual([]);
    for (const key of keys) expect(await t.app.storage.get(key)).toBeUndefined();
  });

  it(`keeps the newest ${KEPT_RUNS_PER_SCENE} runs of a team after 10 runs, with the datasets of the older ones gone`, async () => {
    const id = await createTeam(owner, await scoredProfiles(t.database.db, owner.id, 3));
    const ruids: string[] = [];
    const keys = new Map<string, string>();
    for (let i = 0; i < 10; i++) {
      const ruid = await runToEnd(id);
      ruids.push(ruid);
      const [job] = await t.database.db.select({ resultKey: computeJobs.resultKey }).from(computeJobs).where(eq(computeJobs.id, ruid));
      keys.set(ruid, job!.resultKey!);
    }
    const kept = (await jobsOf(id)).map((job) => job.id);
    expect(kept.sort()).toEqual(ruids.slice(-KEPT_RUNS_PER_SCENE).sort());
    for (const ruid of ruids.slice(0, -KEPT_RUNS_PER_SCENE)) expect(await t.app.storage.get(keys.get(ruid)!)).toBeUndefined();
    for (const ruid of ruids.slice(-KEPT_RUNS_PER_SCENE)) expect(await t.app.storage.get(keys.get(ruid)!)).toBeDefined();
    // The latest run is still the team's fresh result.
    expect((await call('GET', `/api/scene/scene/${id}`, owner)).body.result.lastRun).toMatchObject({ ruid: ruids.at(-1), status: 'done', fresh: true });
  });

  it('sweeps runs beyond the kept number and runs whose team is gone, with their datasets', async () => {
    const id = await createTeam(owner, await scoredProfiles(t.database.db, owner.id, 3));
    const stored = async (subjectId: string, minutesAgo: number) => {
      const key = `ds_${crypto.randomBytes(8).toString('hex')}`;
      await t.app.storage.put(key, Buffer.from('x'));
      const jobId = crypto.randomUUID();
      await t.database.db.insert(computeJobs).values({
        id: jobId,
        ownerId: owner.id,
        kind: 'scene',
        subjectId,
        input: {},
        status: 'done',
        resultKey: key,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      return { jobId, key };
    };
    const own = [];
    for (let i = 0; i < KEPT_RUNS_PER_SCENE + 2; i++) own.push(await stored(id, 100 - i));
    const orphan = await stored(crypto.randomUUID(), 5);

    await sweepSceneRuns({ database: t.database, storage: t.app.storage, compute: t.app.compute });
    expect((await jobsOf(id)).map((job) => job.id).sort()).toEqual(
      own
        .slice(2)
        .map((run) => run.jobId)
        .sort(),
    );
    expect(await jobsOf(orphan.jobId)).toEqual([]);
    for (const run of [...own.slice(0, 2), orphan]) expect(await t.app.storage.get(run.key)).toBeUndefined();
  });
});

describe("a team's cached result", () => {
  it('is the latest finished run, whichever of two runs finishes last', async () => {
    const id = await createTeam(owner, await scoredProfiles(t.database.db, owner.id, 3));
    const [older, newer] = [await runToEnd(id), await runToEnd(id)];
    const row = async () => (await t.database.db.select().from(scenes).where(eq(scenes.id, id)))[0]!;
    expect((await row()).resultJobId).toBe(newer);
    const cachedSummary = (await row()).summary;
    // The older run's result arriving late (its worker was slower) leaves the newer one's in place.
    const [olderJob] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, older));
    await cacheResult(t.database.db, id, olderJob!, { summary: { stale: true }, compareIndicators: {}, band: null, actorMoods: {} });
    expect(await row()).toMatchObject({ resultJobId: newer, summary: cachedSummary });
    // With no later finished run cached, a run's result is taken.
    await t.database.db.update(scenes).set({ resultJobId: null }).where(eq(scenes.id, id));
    await cacheResult(t.database.db, id, olderJob!, { summary: { stale: true }, compareIndicators: {}, band: null, actorMoods: {} });
    expect(await row()).toMatchObject({ resultJobId: older, summary: { stale: true } });
  });
});

describe('one customer never slows another', () => {
  it("counts the teams using a profile within its owner's teams only, from the scene_members link", async () => {
    const [mine, second] = await scoredProfiles(t.database.db, owner.id, 2);
    const ids = [mine!, second!, ...(await scoredProfiles(t.database.db, owner.id, 1))];
    const teamId = await createTeam(owner, ids);
    // Another owner's team naming the same profile id (written directly: the API refuses foreign profiles).
    await t.database.db.insert(scenes).values({ id: crypto.randomUUID(), ownerId: other.id, title: 'Theirs', startDay: '2026-11-01', actors: [member(mine!)] });
    expect((await profileUsage(t.database.db, mine!)).teams).toBe(1);
    expect((await call('GET', `/api/owner/profiles/${mine}`, owner)).body.result.usage.teams).toBe(1);

    // The count reads the link: without the team's link row the profile is in no team, whatever the actors hold.
    await t.database.db.delete(sceneMembers).where(and(eq(sceneMembers.sceneId, teamId), eq(sceneMembers.profileId, mine!)));
    expect((await profileUsage(t.database.db, mine!)).teams).toBe(0);
  });
});

describe('department-size teams', () => {
  it('takes up to 1,000 people on Simulator Pro and refuses more than 300 on the Simulator plan', async () => {
    const simulator = await createOwner(t);
    const pro = await createOwner(t);
    await subscribe(t.database.db, simulator.id, 'FULL_1M_2');
    await subscribe(t.database.db, pro.id, 'FULL_1M_4');
    // Unknown ids: the size is checked before the people are looked up.
    const body = (people: number) => ({ title: 'Department', startDay: '2026-11-01', actors: Array.from({ length: people }, (_, i) => member(`nobody-${i}`)) });
    expect((await call('POST', '/api/scene/scene', simulator, body(301))).body.error.code).toBe('team_too_large');
    expect((await call('POST', '/api/scene/scene', simulator, body(300))).body.error.code).toBe('team_changed');
    expect((await call('POST', '/api/scene/scene', pro, body(1000))).body.error.code).toBe('team_changed');
    expect((await call('POST', '/api/scene/scene', pro, body(1001))).body.error.code).toBe('validation_failed');
  });
});
