import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorInput } from '@teamcast/contracts';
import { scenes } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { scoredProfiles, subscribe } from './scenes.test-support.ts';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'UNLIMITED');
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, language = 'en') {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...owner.headers, 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const member = (id: string): ActorInput => ({ id, events: [{ type: 'start', date: 0, value: 0, timestamp: 1 }] });

/**
 * The link rows of a scene with the transaction that wrote each (PostgreSQL's xmin): a row the edit did not write keeps
 * the xmin of the create.
 */
async function linkRows(sceneId: string): Promise<Map<string, string>> {
  const rows = await t.database.query<{ profileId: string; written: string }>(
    'select profile_id as "profileId", xmin::text as written from scene_members where scene_id = $1',
    [sceneId],
  );
  return new Map(rows.map((row) => [row.profileId, row.written]));
}

const storedActors = async (ids: string[]) =>
  new Map(
    (await t.database.db.select({ id: scenes.id, actors: scenes.actors }).from(scenes).where(inArray(scenes.id, ids))).map((row) => [row.id, row.actors]),
  );

describe('an edit changes what changed', () => {
  it("writes only the edited members' link rows of a 300-person team, and stores what the whole-team edit stores", async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 301);
    const team = ids.slice(0, 300);
    const newcomer = ids[300]!;
    const body = { title: 'Department', startDay: '2026-11-01', actors: team.map(member) };
    const [patched, whole] = await Promise.all([call('POST', '/api/scene/scene', body), call('POST', '/api/scene/scene', body)]);
    const patchedId = patched.body.result.scene._id as string;
    const wholeId = whole.body.result.scene._id as string;
    const created = await linkRows(patchedId);
    const createdWhole = await linkRows(wholeId);
    expect(created.size).toBe(300);

    // One member's interaction changes: sent as that member alone, and as the whole team.
    const actors = (await call('GET', `/api/scene/scene/${patchedId}`)).body.result.actors as Json[];
    const changed: Json = { ...actors[4]!, interactionIntensive: [{ actorId: team[5]!, date: 0, value: 2 }] };
    const byChanges = await call('PATCH', `/api/scene/scene/${patchedId}`, { actorChanges: { put: [changed] } });
    const byWhole = await call('PATCH', `/api/scene/scene/${wholeId}`, { actors: actors.map((a) => (a.id === changed.id ? changed : a)) });
    expect(byChanges.status).toBe(200);
    expect(byChanges.body.result.diff).toEqual(byWhole.body.result.diff);
    expect(byChanges.body.result.scene.actors).toEqual(byWhole.body.result.scene.actors);
    let stored = await storedActors([patchedId, wholeId]);
    expect(stored.get(patchedId)).toEqual(stored.get(wholeId));
    // No member came or went: not one link row was written, by either form.
    expect(await linkRows(patchedId)).toEqual(created);
    expect(await linkRows(wholeId)).toEqual(createdWhole);

    // One member leaves and one joins: only their rows change.
    const leaving = team[7]!;
    const edited = await call('PATCH', `/api/scene/scene/${patchedId}`, { actorChanges: { put: [member(newcomer)], remove: [leaving] } });
    const editedWhole = await call('PATCH', `/api/scene/scene/${wholeId}`, {
      actors: [...(byWhole.body.result.scene.actors as Json[]).filter((a) => a.id !== leaving), member(newcomer)],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result.scene.actors).toEqual(editedWhole.body.result.scene.actors);
    stored = await storedActors([patchedId, wholeId]);
    expect(stored.get(patchedId)).toEqual(stored.get(wholeId));
    for (const [rows, before] of [
      [await linkRows(patchedId), created],
      [await linkRows(wholeId), createdWhole],
    ] as const) {
      expect(rows.size).toBe(300);
      expect(rows.has(leaving)).toBe(false);
      expect(rows.get(newcomer)).toBeDefined();
      expect(rows.get(newcomer)).not.toBe(before.get(team[0]!));
      for (const id of team.filter((id) => id !== leaving)) expect(rows.get(id)).toBe(before.get(id));
    }
  });

  it('removes a member by what changed, and names the field when both forms are sent, in en and ru', async () => {
    const ids = await scoredProfiles(t.database.db, owner.id, 3);
    const created = await call('POST', '/api/scene/scene', { title: 'Three', startDay: '2026-11-01', actors: ids.map(member) });
    const id = created.body.result.scene._id as string;
    const removed = await call('PATCH', `/api/scene/scene/${id}`, { actorChanges: { remove: [ids[2]] } });
    expect(removed.status).toBe(200);
    expect((removed.body.result.scene.actors as Json[]).map((a) => a.id)).toEqual(ids.slice(0, 2));
    for (const [language, message] of [
      ['en', 'Please check the highlighted field'],
      ['ru', 'Проверьте выделенное поле'],
    ] as const) {
      const both = await call('PATCH', `/api/scene/scene/${id}`, { actors: ids.map(member), actorChanges: { remove: [ids[2]] } }, language);
      expect(both.status).toBe(400);
      expect(both.body.error).toEqual({ code: 'validation_failed', field: 'actorChanges', message });
    }
    const [row] = await t.database.db.select({ actors: scenes.actors }).from(scenes).where(eq(scenes.id, id));
    expect((row!.actors as Json[]).map((a) => a.id)).toEqual(ids.slice(0, 2));
  });
});
