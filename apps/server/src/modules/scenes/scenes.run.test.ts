import { enginePersonOf } from '../scoring/engine-person.ts';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INTENSITY, SCENE_DATASET_ENCODING, decodeSceneDataset, fullInteractions } from '@teamcast/contracts';
import {
  MOODS,
  bandOf,
  bestOf,
  compareScenes,
  finalMoods,
  probabilitiesBest,
  simulateScene,
  type Actor,
  type Grade,
  type PairForecast,
  type SceneInput,
  type Specialist,
} from '@teamcast/engine';
import { buildApp } from '../../app.ts';
import { computeJobs, pairRequests, profiles, sceneCompares, scenes, sceneSnapshots } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { roundDeep, sceneDataset } from '../compute/compute.tasks.ts';
import { connectGate, scoredProfile, scoredProfiles, subscribe, teamBody } from './scenes.test-support.ts';

let t: TestApp;
let base: string;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createOwner(t);
  other = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'UNLIMITED');
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: SignedIn | null, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(who ? who.headers : {}), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: response.statusCode, body: response.json() as Json, raw: response };
}

/** A downloaded dataset: gzip'ed JSON in the compact encoding, decoded as the browser decodes it. */
function datasetOf(raw: Buffer): Json {
  const sent = JSON.parse(gunzipSync(raw).toString()) as Json;
  expect(sent.encoding).toBe(SCENE_DATASET_ENCODING);
  return decodeSceneDataset(sent);
}

/** The engine input of a scene, built independently of the service: its actors and the scores of their profile rows. */
async function engineInputOf(scene: Json): Promise<SceneInput> {
  const ids = (scene.actors as Actor[]).map((a) => a.id);
  const rows = await t.database.db.select().from(profiles).where(inArray(profiles.id, ids));
  // The one way a stored profile becomes the engine's person (work style, completeness and all), as the server does.
  const specialists: Specialist[] = rows.map((p) =>
    enginePersonOf({ ...p, competencies: p.competencies!, professionalism: p.professionalism!, maturity: p.maturity!, grade: p.grade as Grade | null }, 'work'),
  );
  // A scene carries the sparse form of its interactions; the engine computes the full mesh.
  return { startDay: scene.startDay, lifespan: scene.lifespan, actors: fullInteractions(scene.actors as Actor[]), specialists };
}

async function createTeam(title: string, ids: string[]) {
  const created = await call('POST', '/api/scene/scene', owner, teamBody(title, ids));
  expect(created.status).toBe(201);
  return created.body.result.scene as Json;
}

describe('scene run', () => {
  it('runs a team: phases in order over the websocket, then a snapshot url whose dataset is the engine output for that scene', async () => {
    const gate = await connectGate(base, owner.token);
    const scene = await createTeam('Checked team', await scoredProfiles(t.database.db, owner.id, 4));
    const run = await call('PUT', `/api/scene/scene/${scene._id}/run`, owner);
    expect(run.status).toBe(200);
    const { ruid } = run.body.result;
    const phases = await gate.phasesOf(ruid);
    expect(phases).toEqual([1, 2, 3, 4, 5]);
    const rendered = await gate.next('renderCheckTeam', (m) => m.payload.ruid === ruid);
    await gate.next('syncHistory');
    const history = (await call('GET', '/api/owner/history', owner)).body.result;
    expect(history.entries[0]).toMatchObject({ type: 'team', id: scene._id, title: 'Checked team', scenes: [scene._id] });
    expect(history.entries[0].actors).toHaveLength(4);
    expect(rendered.payload).toMatchObject({ sceneId: scene._id, status: 'done', phase: 5 });

    const snapshot = await call('GET', `/api/scene/scene/snapshot/${scene._id}?ruid=${ruid}`, owner);
    const { url, expiresAt } = snapshot.body.result;
    expect(url).toMatch(/^\/api\/scene\/dataset\/[\w-]{22}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-encoding']).toBe('gzip');
    const dataset = datasetOf(download.rawPayload);
    const expected = JSON.parse(JSON.stringify(sceneDataset(simulateScene(await engineInputOf(scene), { band: true }))));
    expect(dataset).toEqual(expected);

    // The computing worker's digest was cached with the run, before any read of the scene, so no read opens the dataset.
    const [cached] = await t.database.db.select().from(scenes).where(eq(scenes.id, scene._id));
    expect(cached).toMatchObject({ resultJobId: ruid, summary: expected.summary, compareIndicators: expected.compare });
    expect(cached!.actorMoods).toEqual(finalMoods(expected));
    expect(Object.keys(cached!.actorMoods as object).length).toBeGreaterThan(0);

    // The token itself is not stored, only its hash.
    const stored = await t.database.db.select().from(sceneSnapshots);
    expect(stored.map((row) => row.tokenHash)).not.toContain(url.split('/').pop());

    const after = await call('GET', `/api/scene/scene/${scene._id}`, owner);
    expect(after.body.result.lastRun).toMatchObject({ ruid, status: 'done', phase: 5, fresh: true });
    expect(after.body.result.summary).toEqual(expected.summary);
    // The band is served: the whole band in the dataset, the headline intervals of the last day with the scene.
    expect(expected.band.microclimate.p10).toHaveLength(365);
    const band = after.body.result.summaryBand;
    expect(band).toMatchObject({
      samples: expected.band.samples,
      cohesion: expected.band.cohesion,
      basePower: expected.band.basePower,
      teamingEffect: expected.band.teamingEffect,
    });
    expect(band.microclimate).toEqual({ p10: expected.band.microclimate.p10[364], p90: expected.band.microclimate.p90[364] });
    for (const key of ['basePower', 'totalStatisticPower', 'cohesion', 'performance', 'teamingEffect', 'microclimate'] as const) {
      const point = key === 'microclimate' ? expected.summary.microclimate : expected.summary[key];
      expect(band[key].p90).toBeGreaterThan(band[key].p10);
      expect(band[key].p10).toBeLessThanOrEqual(point + 0.01);
      expect(band[key].p90).toBeGreaterThanOrEqual(point - 0.01);
    }
    const listed = await call('GET', '/api/scene/scenes', owner);
    expect(listed.body.result.items.find((s: Json) => s._id === scene._id).summary).toEqual(expected.summary);

    // Changing the team makes the run stale.
    const changed = await call('PATCH', `/api/scene/scene/${scene._id}`, owner, { lifespan: 2 });
    expect(changed.body.result.scene).toMatchObject({ summary: null, summaryBand: null, lastRun: { ruid, fresh: false } });
    gate.close();
  });

  it('refuses dataset links that expired, were never issued, or whose dataset is gone', async () => {
    const scene = await createTeam('Links', await scoredProfiles(t.database.db, owner.id, 2));
    const { ruid } = (await call('PUT', `/api/scene/scene/${scene._id}/run`, owner)).body.result;
    await vi.waitFor(async () => expect((await call('GET', `/api/scene/scene/${scene._id}`, owner)).body.result.lastRun.status).toBe('done'), {
      timeout: 240_000,
      interval: 100,
    });

    expect((await call('GET', `/api/scene/scene/snapshot/${scene._id}?ruid=unknown`, owner)).body.error.code).toBe('team_not_found');
    expect((await call('GET', `/api/scene/scene/snapshot/${scene._id}`, owner)).body.error.code).toBe('validation_failed');
    expect((await call('GET', `/api/scene/scene/snapshot/${scene._id}?ruid=${ruid}`, other)).status).toBe(404);

    const guessed = await t.app.inject({ method: 'GET', url: `/api/scene/dataset/${crypto.randomBytes(16).toString('base64url')}` });
    expect(guessed.json().error.code).toBe('link_expired');

    const { url } = (await call('GET', `/api/scene/scene/snapshot/${scene._id}?ruid=${ruid}`, owner)).body.result;
    await t.database.db.update(sceneSnapshots).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.app.inject({ method: 'GET', url });
    expect({ status: expired.statusCode, code: expired.json().error.code }).toEqual({ status: 410, code: 'link_expired' });

    const fresh = (await call('GET', `/api/scene/scene/snapshot/${scene._id}?ruid=${ruid}`, owner)).body.result.url;
    const [job] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, ruid));
    await t.app.storage.put(job!.resultKey!, Buffer.alloc(0));
    const empty = await t.app.inject({ method: 'GET', url: fresh, headers: { 'accept-language': 'ru' } });
    expect({ status: empty.statusCode, error: empty.json().error }).toEqual({
      status: 503,
      error: { code: 'unstable_connection', message: 'Нестабильное соединение, обновите страницу' },
    });
    await t.app.storage.delete([job!.resultKey!]);
    expect((await t.app.inject({ method: 'GET', url: fresh })).json().error.code).toBe('unstable_connection');
  });

  it('answers an unscored completed profile in a team with actors ineligible when running', async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 2);
    const scene = await createTeam('Unscored later', ids);
    await t.database.db.update(profiles).set({ maturity: null }).where(eq(profiles.id, ids[0]!));
    expect((await call('PUT', `/api/scene/scene/${scene._id}/run`, owner)).body.error.code).toBe('actors_ineligible');
  });
});

describe('same people, same forecast', () => {
  /** Work answers plus the protected ones that must not matter (age, family, service). */
  const answersOf = (years: number, managing: number, business: string, moves: number, family: { living: string; children: number; service: string }) => [
    { neuron: 'С_Стаж', value: years },
    { neuron: 'С_Руков_Стаж', value: managing },
    { neuron: 'С_Бизнес', value: business },
    { neuron: 'С_Переезд', value: moves },
    { neuron: 'С_Проживание', value: family.living },
    { neuron: 'С_Дети', value: family.children },
    { neuron: 'С_Служба', value: family.service },
  ];

  it('gives two people the same rating and condition band as a pair and inside a team check (listed the other way round)', async () => {
    const db = t.database.db;
    // One profile has no stored grade (the scoring rule fills it in), both have traits in their answers.
    const a = await scoredProfile(db, owner.id, {
      age: 24,
      gender: 'Ж',
      competencies: 35,
      professionalism: 70,
      maturity: 30,
      grade: null,
      answers: answersOf(3, 0, 'Нет', 0, { living: 'Один', children: 0, service: 'Нет' }),
    });
    const b = await scoredProfile(db, owner.id, {
      age: 58,
      gender: 'М',
      competencies: 82,
      professionalism: 40,
      maturity: 75,
      grade: 'SENIOR',
      answers: answersOf(30, 12, 'Есть', 4, { living: 'Партнёр', children: 3, service: 'Срочная' }),
    });

    const created = await call('POST', '/api/scene/p2p', owner, { actors: [a, b], startDay: '2026-11-01', mode: 0, intensity: DEFAULT_INTENSITY });
    expect(created.status).toBe(201);
    expect((await call('PUT', `/api/scene/p2p/${created.body.result._id}/run`, owner, {})).status).toBe(200);
    const [row] = await db.select().from(pairRequests).where(eq(pairRequests.id, created.body.result._id));
    const forecast = row!.result as PairForecast;

    const scene = await createTeam('The pair as a team', [b, a]);
    const { ruid } = (await call('PUT', `/api/scene/scene/${scene._id}/run`, owner)).body.result;
    await vi.waitFor(async () => expect((await call('GET', `/api/scene/scene/${scene._id}`, owner)).body.result.lastRun.status).toBe('done'), {
      timeout: 240_000,
      interval: 100,
    });
    const { url } = (await call('GET', `/api/scene/scene/snapshot/${scene._id}?ruid=${ruid}`, owner)).body.result;
    const dataset = datasetOf((await t.app.inject({ method: 'GET', url })).rawPayload);
    const last = dataset.pairs.days.length - 1;
    const teamRating = dataset.pairs.ratings[last * dataset.pairs.pairCount] as number;

    // The dataset keeps two decimals of a float32 rating.
    expect(Math.abs(teamRating - forecast.daily[364]!)).toBeLessThan(0.01);
    expect(bandOf(teamRating)).toBe(bandOf(forecast.daily[364]!));
  });
});

describe('websocket messages of the scenes', () => {
  it("shows on the profile card the mood of the person's latest team run on its last day, and no mood for a person in no computed team", async () => {
    const gate = await connectGate(base, owner.token);
    const ids = await scoredProfiles(t.database.db, owner.id, 4);
    const scene = await createTeam('Mood team', ids.slice(0, 3));
    const run = await call('PUT', `/api/scene/scene/${scene._id}/run`, owner);
    const { ruid } = run.body.result;
    await gate.next('renderCheckTeam', (m) => m.payload.ruid === ruid && m.payload.status === 'done');
    gate.close();
    const snapshot = await call('GET', `/api/scene/scene/snapshot/${scene._id}?ruid=${ruid}`, owner);
    const dataset = datasetOf((await t.app.inject({ method: 'GET', url: snapshot.body.result.url })).rawPayload);
    // Read by hand from the dataset: actor-major columns, the last simulated day.
    const moodOf = (id: string) => {
      const at = dataset.actorIds.indexOf(id) * dataset.days + dataset.days - 1;
      return dataset.actorColumns.active[at] ? MOODS[dataset.actorColumns.mood[at]] : 'unclear';
    };
    expect(
      ids
        .slice(0, 3)
        .map(moodOf)
        .some((mood) => mood !== 'unclear'),
    ).toBe(true);
    await call('GET', `/api/scene/scene/${scene._id}`, owner);

    const list = (await call('GET', '/api/owner/profiles?limit=100', owner)).body.result.items as Json[];
    for (const id of ids.slice(0, 3)) expect([id, list.find((p) => p._id === id)!.mood]).toEqual([id, moodOf(id)]);
    expect(list.find((p) => p._id === ids[3])!.mood).toBe('unclear');
    const card = (await call('GET', `/api/owner/profiles/${ids[0]}`, owner)).body.result;
    expect(card.mood).toBe(moodOf(ids[0]!));

    // Changing the team drops its run: its members' moods go with it.
    await call('PATCH', `/api/scene/scene/${scene._id}`, owner, { lifespan: 2 });
    expect((await call('GET', `/api/owner/profiles/${ids[0]}`, owner)).body.result.mood).toBe('unclear');
  });

  it('answers teamCheck with the state of the latest run, and malformed or foreign requests with errors', async () => {
    const gate = await connectGate(base, owner.token);
    const scene = await createTeam('Gate team', await scoredProfiles(t.database.db, owner.id, 2));
    gate.socket.send(JSON.stringify({ type: 'teamCheck', payload: { sceneId: scene._id } }));
    expect((await gate.next('renderCheckTeam')).payload).toEqual({ sceneId: scene._id, ruid: null, status: 'none', phase: null });

    for (const bad of [
      { type: 'teamCheck' },
      { type: 'teamCheck', payload: { sceneId: '' } },
      { type: 'teamCheck', payload: { sceneId: 42 } },
      { type: 'renderCheckTeam' },
    ]) {
      gate.socket.send(JSON.stringify(bad));
      expect((await gate.next('error')).payload).toMatchObject({ code: 'bad_request' });
    }
    const intruder = await connectGate(base, other.token);
    intruder.socket.send(JSON.stringify({ type: 'teamCheck', payload: { sceneId: scene._id } }));
    expect((await intruder.next('error')).payload).toEqual({ code: 'team_not_found', message: 'Team not exist' });

    gate.socket.send(JSON.stringify({ type: 'integralStats' }));
    const stats = await gate.next('integralStats');
    expect(stats.payload).toMatchObject({ teamCap: null, teams: expect.any(Number), eligibleProfiles: expect.any(Number) });

    // Deleting a team tells the owner's screens to drop it.
    await call('DELETE', '/api/scene/scene/bulk', owner, { sceneIds: [scene._id] });
    expect((await gate.next('rejectScene')).payload).toEqual({ sceneIds: [scene._id] });
    gate.close();
    intruder.close();
  });
});

describe('team comparison', () => {
  it('queues the teams without a fresh run, tells the screen when they finish, then marks the best value of each row', async () => {
    const gate = await connectGate(base, owner.token);
    const a = await createTeam('Team A', await scoredProfiles(t.database.db, owner.id, 3));
    const b = await createTeam('Team B', await scoredProfiles(t.database.db, owner.id, 4));
    const created = await call('POST', '/api/scene/scenes/compare', owner, { sceneIds: [a._id, b._id] });
    expect(created.status).toBe(200);
    const comparison = created.body.result;
    expect(comparison.pending.map((p: Json) => p.sceneId).sort()).toEqual([a._id, b._id].sort());
    expect(comparison.scenes.map((s: Json) => [s.title, s.indicators])).toEqual([
      ['Team A', null],
      ['Team B', null],
    ]);
    await gate.next('renderCompareTeam', (m) => m.payload.compareId === comparison._id);
    await vi.waitFor(async () => expect((await call('GET', `/api/scene/scenes/compare/${comparison._id}`, owner)).body.result.pending).toEqual([]), {
      timeout: 240_000,
      interval: 100,
    });
    const ready = (await call('GET', `/api/scene/scenes/compare/${comparison._id}`, owner)).body.result;

    const results = [
      { id: a._id, result: simulateScene(await engineInputOf(a), { band: true }) },
      { id: b._id, result: simulateScene(await engineInputOf(b), { band: true }) },
    ];
    const engine = compareScenes(results);
    expect(ready.scenes.map((s: Json) => s.indicators)).toEqual(roundDeep(engine.scenes.map((s) => s.indicators)));
    expect(ready.best).toEqual(bestOf(ready.scenes.map((s: Json) => ({ id: s._id, indicators: s.indicators }))));
    // The probability that each team is the better one, from the band samples the runs stored (rounded as stored).
    expect(ready.probabilityBest).toEqual(probabilitiesBest(results.map((r) => ({ id: r.id, draws: roundDeep(r.result.band!.draws) }))));
    expect(ready.probabilityBest.cohesion[a._id] + ready.probabilityBest.cohesion[b._id]).toBeCloseTo(1, 9);

    // Cross-screen: one team, one day (the last forecast day), the same values in the team check (the scene's summary),
    // the simulator (the dataset's columns on that day) and the comparison.
    for (const team of [a, b]) {
      const scene = (await call('GET', `/api/scene/scene/${team._id}`, owner)).body.result;
      const { url } = (await call('GET', `/api/scene/scene/snapshot/${team._id}?ruid=${scene.lastRun.ruid}`, owner)).body.result;
      const dataset = datasetOf((await t.app.inject({ method: 'GET', url })).rawPayload);
      const day = dataset.days - 1;
      const columns = dataset.teamColumns;
      const check = scene.summary;
      const row = ready.scenes.find((s: Json) => s._id === team._id).indicators;
      const n = columns.activeCount[day];
      const views = {
        cohesion: [check.cohesion, columns.cohesion[day], row.cohesion],
        atmosphere: [check.microclimate, columns.microclimate[day], row.atmosphere],
        unitingEffect: [check.teamingEffect, columns.teamingEffect[day], row.unitingEffect],
        power: [check.totalStatisticPower, columns.totalStatisticPower[day], row.teamPower],
        performance: [check.performance, columns.performance[day], row.performance],
        managerFit: [check.managerSuitability, columns.managerSuitability[day], row.managementFit],
      };
      for (const [name, values] of Object.entries(views)) expect({ name, values: [values[1], values[2]] }).toEqual({ name, values: [values[0], values[0]] });
      expect(dataset.summary).toEqual(check);
      expect(row.kMean).toBeCloseTo(columns.kTotal[day] / n, 1);
      expect(row.kMean).toBe(check.competencies.k);
    }
    const history = (await call('GET', '/api/owner/history', owner)).body.result;
    expect(history.entries[0]).toMatchObject({ type: 'compare-teams', id: comparison._id, title: 'Team A / Team B', scenes: [a._id, b._id] });

    expect((await call('GET', `/api/scene/scenes/compare/${comparison._id}`, other)).body.error.code).toBe('comparison_not_found');
    expect((await call('POST', '/api/scene/scenes/compare', owner, { sceneIds: [a._id] })).body.error.code).toBe('validation_failed');

    // A team that cannot be computed fails the comparison and leaves none behind.
    const ids = await scoredProfiles(t.database.db, owner.id, 2);
    const broken = await createTeam('Broken', ids);
    await t.database.db.update(profiles).set({ competencies: null }).where(eq(profiles.id, ids[0]!));
    const before = await t.database.db.select().from(sceneCompares);
    const failed = await call('POST', '/api/scene/scenes/compare', owner, { sceneIds: [a._id, broken._id] });
    expect(failed.body.error.code).toBe('actors_ineligible');
    expect(await t.database.db.select().from(sceneCompares)).toHaveLength(before.length);
    gate.close();
  });
});

describe('computation and the server', () => {
  it('finishes a scene run whose server died mid-job once a new server starts on the same database', async () => {
    const scene = await createTeam('Survivor', await scoredProfiles(t.database.db, owner.id, 3));
    // This server stops taking jobs (as if it were going down); the run is stored and left half done.
    await t.app.compute.stop();
    const { ruid } = (await call('PUT', `/api/scene/scene/${scene._id}/run`, owner)).body.result;
    await t.database.db
      .update(computeJobs)
      .set({ status: 'running', phase: 2, attempts: 1, lockedBy: 'a-server-that-crashed', lockedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(computeJobs.id, ruid));

    const restarted = await buildApp({ config: t.config, database: t.database, secret: crypto.randomBytes(32) });
    await restarted.ready();
    try {
      await vi.waitFor(
        async () => {
          const [job] = await t.database.db.select().from(computeJobs).where(eq(computeJobs.id, ruid));
          expect(job).toMatchObject({ status: 'done', phase: 5, attempts: 2 });
        },
        { timeout: 240_000, interval: 200 },
      );
      const { token } = await restarted.authenticator.signIn('owner', owner.id);
      const snapshot = await restarted.inject({
        method: 'GET',
        url: `/api/scene/scene/snapshot/${scene._id}?ruid=${ruid}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const download = await restarted.inject({ method: 'GET', url: snapshot.json().result.url });
      const dataset = datasetOf(download.rawPayload);
      expect(dataset).toEqual(JSON.parse(JSON.stringify(sceneDataset(simulateScene(await engineInputOf(scene), { band: true })))));
    } finally {
      await restarted.close();
      await t.app.compute.start();
    }
  });
});
