import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamActors } from '@teamcast/contracts';
import { profiles, scenes } from '../../db/schema/index.ts';
import { createEstimator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { scoredProfile, scoredProfiles, subscribe, teamBody } from './scenes.test-support.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let team: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  other = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'UNLIMITED');
  await subscribe(t.database.db, other.id, 'FULL_1M_4');
  team = await scoredProfiles(t.database.db, owner.id, 4);
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: SignedIn | null, payload?: unknown, language = 'en') {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(who ? who.headers : {}), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

async function createTeam(who: SignedIn, title: string, ids: string[]) {
  const created = await call('POST', '/api/scene/scene', who, teamBody(title, ids));
  expect(created.status).toBe(201);
  return created.body.result.scene as Json;
}

describe('scene routes: access', () => {
  it('lists every scene route for owners only, and the dataset download as the one anonymous route', () => {
    const mine = [
      'GET /api/scene/profiles',
      'POST /api/scene/scene',
      'PATCH /api/scene/scene/:id',
      'PATCH /api/scene/scene/:id/fix',
      'GET /api/scene/scenes',
      'GET /api/scene/scene/:id',
      'DELETE /api/scene/scene/bulk',
      'DELETE /api/scene/scene/all',
      'POST /api/scene/scene/:id/copy',
      'PUT /api/scene/scene/:id/run',
      'GET /api/scene/scene/snapshot/:sceneId',
      'POST /api/scene/scenes/compare',
      'GET /api/scene/scenes/compare/:id',
      'GET /api/scene/sandbox',
      'POST /api/scene/sandbox',
      'PATCH /api/scene/sandbox',
    ];
    const catalogue = new Map(t.app.accessCatalogue.map((entry) => [`${entry.method} ${entry.url}`, entry.access]));
    for (const key of mine) expect([key, catalogue.get(key)]).toEqual([key, ['owner']]);
    expect(catalogue.get('GET /api/scene/dataset/:token')).toBe('anonymous');
  });

  it('refuses calls without a token (401) and from other roles (403)', async () => {
    expect((await call('GET', '/api/scene/scenes', null)).status).toBe(401);
    const estimator = await createEstimator(t);
    expect((await call('GET', '/api/scene/scenes', estimator)).body.error.code).toBe('forbidden');
  });
});

describe('scenes: create, read, update', () => {
  it('creates a team from filled profiles, names actors from their profiles and returns the normalising diff', async () => {
    const actors = teamActors(team.slice(0, 3));
    // A rejoin while active is ignored by the event rules: the diff says so.
    actors[0]!.events.push({ type: 'rejoin', date: 10, value: 0, timestamp: 5 });
    const created = await call('POST', '/api/scene/scene', owner, { title: 'Core team', startDay: '2026-11-01', actors });
    expect(created.status).toBe(201);
    const { scene, diff } = created.body.result;
    expect(scene).toMatchObject({ title: 'Core team', startDay: '2026-11-01', lifespan: 1, status: 'ok', missingActorIds: [], summary: null, lastRun: null });
    expect(scene.settings).toEqual({ sceneSort: 'addedDate', showSceneCardTips: true, showSceneIndicatorTips: true });
    expect(scene.actors[0].firstName).toBe('Анна');
    expect(scene.actors[0].events.map((e: Json) => e.type)).toEqual(['start']);
    expect(diff).toEqual(expect.arrayContaining([expect.objectContaining({ actorId: team[0], change: 'removed', reason: 'rejoin_while_active' })]));

    const read = await call('GET', `/api/scene/scene/${scene._id}`, owner);
    expect(read.body.result).toEqual(scene);
  });

  it('answers bad input with a clear error and stores nothing', async () => {
    const before = (await call('GET', '/api/scene/scenes', owner)).body.result.total;
    const notFilled = await scoredProfile(t.database.db, owner.id, { state: 'ack_q' });
    const unscored = await scoredProfile(t.database.db, owner.id, { competencies: null });
    const othersProfile = await scoredProfile(t.database.db, other.id);
    const loveProfile = await scoredProfile(t.database.db, owner.id, { kind: 'love' });
    const cases: Array<[unknown, number, string]> = [
      [{ startDay: '2026-11-01', actors: teamActors(team.slice(0, 2)) }, 400, 'validation_failed'],
      [{ title: 'x', startDay: 'tomorrow', actors: teamActors(team.slice(0, 2)) }, 400, 'validation_failed'],
      [teamBody('Solo', team.slice(0, 1)), 422, 'team_too_small'],
      [teamBody('Unfilled', [team[0]!, notFilled]), 422, 'actors_ineligible'],
      [teamBody('Unscored', [team[0]!, unscored]), 422, 'actors_ineligible'],
      [teamBody('Love', [team[0]!, loveProfile]), 422, 'actors_ineligible'],
      [teamBody('Foreign', [team[0]!, othersProfile]), 409, 'team_changed'],
      [{ title: 'No events', actors: teamActors(team.slice(0, 2)).map((a) => ({ ...a, events: [] })) }, 422, 'events_zero_length'],
      [
        { title: 'Ghost partner', actors: teamActors(team.slice(0, 2)).map((a) => ({ ...a, interactionType: [{ actorId: 'ghost', date: 0, value: 0 }] })) },
        422,
        'actor_not_found',
      ],
      // A mode is office 0 or remote 1; 7 is refused rather than read as office.
      [{ title: 'Mode 7', actors: teamActors(team.slice(0, 2), { mode: 7 as never }) }, 400, 'validation_failed'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await call('POST', '/api/scene/scene', owner, payload);
      expect({ status: response.status, code: response.body.error?.code }).toEqual({ status, code });
      expect(response.body.error.message).not.toBe('');
    }
    const russian = await call('POST', '/api/scene/scene', owner, teamBody('Solo', team.slice(0, 1)), 'ru');
    expect(russian.body.error.message).toBe('Для команды нужно минимум 2 заполненных профиля');
    expect((await call('GET', '/api/scene/scenes', owner)).body.result.total).toBe(before);
  });

  it('needs more than 2 filled profiles for a manager view', async () => {
    const actors = teamActors(team.slice(0, 2));
    actors[0]!.events.push({ type: 'm_rank', date: 5, value: 0, timestamp: 2 });
    expect((await call('POST', '/api/scene/scene', owner, { title: 'Duo', actors })).body.error.code).toBe('manager_view_too_small');
  });

  it('updates title, settings and actors, resets the day when the actors are emptied', async () => {
    const scene = await createTeam(owner, 'To edit', team.slice(0, 2));
    const renamed = await call('PATCH', `/api/scene/scene/${scene._id}`, owner, { title: 'Edited', summonDay: 40, settings: { sceneSort: 'power' } });
    expect(renamed.body.result.scene).toMatchObject({ title: 'Edited', summonDay: 40, settings: { sceneSort: 'power', showSceneCardTips: true } });
    const grown = await call('PATCH', `/api/scene/scene/${scene._id}`, owner, { actors: teamActors(team) });
    expect(grown.body.result.scene.actors).toHaveLength(4);
    const emptied = await call('PATCH', `/api/scene/scene/${scene._id}`, owner, { actors: [] });
    expect(emptied.body.result.scene).toMatchObject({ actors: [], summonDay: 0 });
    const bad = await call('PATCH', `/api/scene/scene/${scene._id}`, owner, { lifespan: 3 });
    expect(bad.body.error.code).toBe('validation_failed');
  });

  it('lists the owner teams newest first with search and paging', async () => {
    const mine = await createOwner(t);
    await subscribe(t.database.db, mine.id, 'UNLIMITED');
    const ids = await scoredProfiles(t.database.db, mine.id, 2);
    for (const title of ['Alpha', 'Beta', 'Gamma']) await createTeam(mine, title, ids);
    const all = await call('GET', '/api/scene/scenes', mine);
    expect(all.body.result.items.map((s: Json) => s.title)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(all.body.result.total).toBe(3);
    const paged = await call('GET', '/api/scene/scenes?limit=1&offset=1', mine);
    expect(paged.body.result).toMatchObject({ total: 3, items: [{ title: 'Beta' }] });
    const found = await call('GET', '/api/scene/scenes?search=amm', mine);
    expect(found.body.result).toMatchObject({ total: 1, items: [{ title: 'Gamma' }] });
    expect((await call('GET', '/api/scene/scenes?limit=0', mine)).status).toBe(400);
  });

  it('copies a scene with a new title and start day', async () => {
    const scene = await createTeam(owner, 'Original', team.slice(0, 2));
    const copy = await call('POST', `/api/scene/scene/${scene._id}/copy`, owner, { title: 'Copy', startDay: '2027-01-01', summonDay: 3 });
    expect(copy.status).toBe(201);
    expect(copy.body.result.scene).toMatchObject({ title: 'Copy', startDay: '2027-01-01', summonDay: 3 });
    expect(copy.body.result.scene._id).not.toBe(scene._id);
    expect(copy.body.result.scene.actors).toEqual(scene.actors);
  });

  it('lists profiles for picking actors, eligible ones first, with search', async () => {
    const picker = await createOwner(t);
    await scoredProfile(t.database.db, picker.id, { firstName: 'Zoe', state: 'ack_q' });
    await scoredProfile(t.database.db, picker.id, { firstName: 'Yan' });
    await scoredProfile(t.database.db, picker.id, { firstName: 'Gone', state: 'deleted' });
    const list = await call('GET', '/api/scene/profiles', picker);
    expect(list.body.result.total).toBe(2);
    expect(list.body.result.items.map((p: Json) => [p.firstName, p.eligible])).toEqual([
      ['Yan', true],
      ['Zoe', false],
    ]);
    expect((await call('GET', '/api/scene/profiles?eligible=true', picker)).body.result.total).toBe(1);
    expect((await call('GET', '/api/scene/profiles?search=zo', picker)).body.result.items.map((p: Json) => p.firstName)).toEqual(['Zoe']);
  });
});

describe('scenes: ownership', () => {
  it("answers 404 for another owner's scene on every route and leaves it untouched", async () => {
    const scene = await createTeam(owner, 'Private', team.slice(0, 2));
    const id = scene._id;
    const attempts: Array<[Parameters<typeof call>[0], string, unknown?]> = [
      ['GET', `/api/scene/scene/${id}`],
      ['PATCH', `/api/scene/scene/${id}`, { title: 'Hijacked' }],
      ['PATCH', `/api/scene/scene/${id}/fix`, { status: 'broken' }],
      ['POST', `/api/scene/scene/${id}/copy`, { title: 'Stolen' }],
      ['PUT', `/api/scene/scene/${id}/run`],
      ['GET', `/api/scene/scene/snapshot/${id}?ruid=whatever`],
      ['POST', '/api/scene/scenes/compare', { sceneIds: [id, id + 'x'] }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, other, payload);
      expect({ url, status: response.status, code: response.body.error?.code }).toEqual({ url, status: 404, code: 'team_not_found' });
    }
    expect((await call('DELETE', '/api/scene/scene/bulk', other, { sceneIds: [id] })).body.result.deleted).toBe(0);
    await call('DELETE', '/api/scene/scene/all', other);
    expect((await call('GET', `/api/scene/scene/${id}`, owner)).body.result.title).toBe('Private');
    expect((await call('GET', '/api/scene/scenes', other)).body.result.items.map((s: Json) => s._id)).not.toContain(id);
  });

  it("refuses another owner's profiles as actors when updating", async () => {
    const scene = await createTeam(owner, 'Guarded', team.slice(0, 2));
    const foreign = await scoredProfile(t.database.db, other.id);
    const response = await call('PATCH', `/api/scene/scene/${scene._id}`, owner, { actors: teamActors([team[0]!, foreign]) });
    expect(response.body.error.code).toBe('team_changed');
  });
});

describe('scenes: plan rules', () => {
  it('stops at the plan team cap with the spec message', async () => {
    const capped = await createOwner(t);
    await subscribe(t.database.db, capped.id, 'FULL_1M_2');
    const ids = await scoredProfiles(t.database.db, capped.id, 2);
    await createTeam(capped, 'One', ids);
    const second = await createTeam(capped, 'Two', ids);
    const third = await call('POST', '/api/scene/scene', capped, teamBody('Three', ids), 'ru');
    expect(third.status).toBe(403);
    expect(third.body.error).toMatchObject({ code: 'team_limit_reached', message: 'Достигнуто максимальное количество команд в подписке' });
    expect((await call('POST', `/api/scene/scene/${second._id}/copy`, capped, { title: 'Copy' })).body.error.code).toBe('team_limit_reached');
    // The sandbox is not a team: it does not count against the cap.
    expect((await call('POST', '/api/scene/sandbox', capped, teamBody('Sandbox', ids))).status).toBe(201);
    await call('DELETE', '/api/scene/scene/bulk', capped, { sceneIds: [second._id] });
    expect((await call('POST', '/api/scene/scene', capped, teamBody('Three', ids))).status).toBe(201);
  });

  it('keeps the team cap and the one sandbox when an owner sends many creations at once', async () => {
    const racer = await createOwner(t);
    await subscribe(t.database.db, racer.id, 'FULL_1M_2');
    const ids = await scoredProfiles(t.database.db, racer.id, 2);
    const teams = await Promise.all(Array.from({ length: 20 }, (_, n) => call('POST', '/api/scene/scene', racer, teamBody(`Race ${n}`, ids))));
    expect(teams.filter((res) => res.status === 201)).toHaveLength(2);
    expect(teams.filter((res) => res.status === 403).every((res) => res.body.error.code === 'team_limit_reached')).toBe(true);
    expect(teams.filter((res) => res.status === 403)).toHaveLength(18);
    const sandboxes = await Promise.all(Array.from({ length: 10 }, (_, n) => call('POST', '/api/scene/sandbox', racer, teamBody(`Sandbox ${n}`, ids))));
    expect(sandboxes.every((res) => res.status === 201)).toBe(true);
    const stored = await t.database.db.select({ kind: scenes.kind }).from(scenes).where(eq(scenes.ownerId, racer.id));
    expect(stored.filter((row) => row.kind === 'team')).toHaveLength(2);
    expect(stored.filter((row) => row.kind === 'sandbox')).toHaveLength(1);
  });

  it('asks an unverified owner to verify before teams, the sandbox and comparisons, whatever his plan', async () => {
    const unverified = await createOwner(t, { verifiedAt: null });
    await subscribe(t.database.db, unverified.id, 'FULL_1M_2');
    const ids = await scoredProfiles(t.database.db, unverified.id, 2);
    for (const [path, body] of [
      ['/api/scene/scene', teamBody('Team', ids)],
      ['/api/scene/sandbox', teamBody('Sandbox', ids)],
      ['/api/scene/scenes/compare', { sceneIds: ['a', 'b'] }],
    ] as const) {
      const response = await call('POST', path, unverified, body, 'ru');
      expect(response.status, path).toBe(403);
      expect(response.body.error.code, path).toBe('verify_account');
    }
  });

  it('needs a plan that allows creating teams, and one that allows comparing them', async () => {
    const none = await createOwner(t);
    const ids = await scoredProfiles(t.database.db, none.id, 2);
    expect((await call('POST', '/api/scene/scene', none, teamBody('No plan', ids))).body.error.code).toBe('subscription_required');
    const mid = await createOwner(t);
    await subscribe(t.database.db, mid.id, 'MID_1M_2');
    const midIds = await scoredProfiles(t.database.db, mid.id, 2);
    const a = await createTeam(mid, 'A', midIds);
    const b = await createTeam(mid, 'B', midIds);
    const compare = await call('POST', '/api/scene/scenes/compare', mid, { sceneIds: [a._id, b._id] });
    expect(compare.body.error.code).toBe('subscription_required');
  });
});

describe('scenes: deletion', () => {
  it('deletes the listed teams, then all teams, of the owner only', async () => {
    const deleter = await createOwner(t);
    await subscribe(t.database.db, deleter.id, 'UNLIMITED');
    const ids = await scoredProfiles(t.database.db, deleter.id, 2);
    const [a, b, c] = [await createTeam(deleter, 'A', ids), await createTeam(deleter, 'B', ids), await createTeam(deleter, 'C', ids)];
    expect((await call('DELETE', '/api/scene/scene/bulk', deleter, { sceneIds: [a._id, b._id] })).body.result.deleted).toBe(2);
    expect((await call('GET', `/api/scene/scene/${a._id}`, deleter)).status).toBe(404);
    expect((await call('DELETE', '/api/scene/scene/bulk', deleter, { sceneIds: [] })).status).toBe(400);
    await call('POST', '/api/scene/sandbox', deleter, teamBody('Sandbox', ids));
    expect((await call('DELETE', '/api/scene/scene/all', deleter)).body.result.deleted).toBe(1);
    expect((await call('GET', `/api/scene/scene/${c._id}`, deleter)).status).toBe(404);
    expect((await call('GET', '/api/scene/sandbox', deleter)).body.result.title).toBe('Sandbox');
  });
});

describe('scenes: a profile deleted from under a team', () => {
  it('flags the team as changed, refuses to run it, and removes the actor on confirm (fix)', async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 3);
    const scene = await createTeam(owner, 'Shrinking', ids);
    await t.database.db.update(profiles).set({ state: 'deleted' }).where(eq(profiles.id, ids[2]!));
    const read = await call('GET', `/api/scene/scene/${scene._id}`, owner);
    expect(read.body.result.missingActorIds).toEqual([ids[2]]);
    const run = await call('PUT', `/api/scene/scene/${scene._id}/run`, owner, undefined, 'ru');
    expect(run.body.error).toMatchObject({ code: 'team_changed', message: 'Состав команды изменился!' });
    const fixed = await call('PATCH', `/api/scene/scene/${scene._id}/fix`, owner, { status: 'ok' });
    expect(fixed.body.result.scene.actors.map((a: Json) => a.id)).toEqual(ids.slice(0, 2));
    expect(fixed.body.result.scene.missingActorIds).toEqual([]);
    for (const actor of fixed.body.result.scene.actors) expect(actor.interactionIntensive.map((i: Json) => i.actorId)).not.toContain(ids[2]);
  });

  it('unsticks a managed team left with 2 people: the confirm makes the manager a plain member, and the team runs again', async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 3);
    const actors = teamActors(ids);
    // The first person manages the team from day 10 on: a manager view needs more than 2 people.
    actors[0]!.events.push({ type: 'm_rank', date: 10, value: 0, timestamp: 1 });
    const created = await call('POST', '/api/scene/scene', owner, { title: 'Managed', startDay: '2026-11-01', actors });
    expect(created.status).toBe(201);
    const scene = created.body.result.scene;
    expect(scene.actors[0].events.map((e: Json) => e.type)).toContain('m_rank');
    await t.database.db.update(profiles).set({ state: 'deleted' }).where(eq(profiles.id, ids[2]!));

    const fixed = await call('PATCH', `/api/scene/scene/${scene._id}/fix`, owner, {}, 'ru');
    expect(fixed.status).toBe(200);
    expect(fixed.body.result.scene.actors.map((a: Json) => a.id)).toEqual(ids.slice(0, 2));
    expect(fixed.body.result.scene.missingActorIds).toEqual([]);
    for (const actor of fixed.body.result.scene.actors) expect(actor.events.map((e: Json) => e.type)).not.toContain('m_rank');
    const run = await call('PUT', `/api/scene/scene/${scene._id}/run`, owner);
    expect(run.status).toBeLessThan(300);
  });

  it('counts the teams using a profile, for the profile deletion warning', async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 2);
    await createTeam(owner, 'Users', ids);
    const { profileUsage } = await import('../profiles/profile-usage.ts');
    expect(await profileUsage(t.database.db, ids[0]!)).toMatchObject({ teams: 1 });
  });
});

describe('sandbox', () => {
  it('gets, creates, replaces and updates the one sandbox of the owner', async () => {
    const sand = await createOwner(t);
    await subscribe(t.database.db, sand.id, 'FULL_1M_1');
    const ids = await scoredProfiles(t.database.db, sand.id, 3);
    expect((await call('GET', '/api/scene/sandbox', sand)).body.result).toBeNull();
    expect((await call('PATCH', '/api/scene/sandbox', sand, { title: 'x' })).body.error.code).toBe('team_not_found');
    const first = await call('POST', '/api/scene/sandbox', sand, teamBody('Try', ids.slice(0, 2)));
    const second = await call('POST', '/api/scene/sandbox', sand, teamBody('Try again', ids));
    expect(second.body.result.scene._id).toBe(first.body.result.scene._id);
    const patched = await call('PATCH', '/api/scene/sandbox', sand, { lifespan: 2 });
    expect(patched.body.result.scene).toMatchObject({ title: 'Try again', lifespan: 2 });
    expect((await call('GET', '/api/scene/sandbox', sand)).body.result.actors).toHaveLength(3);
    expect((await call('GET', '/api/scene/scenes', sand)).body.result.total).toBe(0);
    const rows = await t.database.db.select().from(scenes).where(eq(scenes.ownerId, sand.id));
    expect(rows).toHaveLength(1);
  });
});
