import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SCENE_ACTORS, type ActorInput } from '@teamcast/contracts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sceneWork, type MemberFacts, type SceneWork } from './scene-work.ts';
import { OFF_THREAD_BODY_BYTES, OFF_THREAD_PEOPLE, createSceneWorker } from './scene-worker.ts';
import { SCENE_BODY_LIMIT } from './scenes.routes.ts';
import { scoredProfiles, subscribe } from './scenes.test-support.ts';

let t: TestApp;
let owner: SignedIn;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'UNLIMITED');
  ids = await scoredProfiles(t.database.db, owner.id, OFF_THREAD_PEOPLE + 10);
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Posts a raw body; `pad` puts spaces before it, so the same JSON crosses the size at which it is parsed off the event loop. */
async function post(text: string, pad: boolean, language = 'en') {
  const payload = pad ? ' '.repeat(OFF_THREAD_BODY_BYTES) + text : text;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/scene/scene',
    headers: { ...owner.headers, 'accept-language': language, 'content-type': 'application/json' },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A team where each member works 2 hours a week with the next one, and the third joins a week late. */
const team = (people: string[]): ActorInput[] =>
  people.map((id, i) => ({
    id,
    events: [{ type: i === 2 ? 'join' : 'start', date: i === 2 ? 7 : 0, value: 0, timestamp: 1 }],
    interactionIntensive: [{ actorId: people[(i + 1) % people.length]!, date: 0, value: 2 }],
  }));

describe('large team bodies off the event loop', () => {
  it('stores and answers the same team whether its body is parsed on the event loop or in the worker', async () => {
    const text = JSON.stringify({ title: 'Department', startDay: '2026-11-01', actors: team(ids) });
    expect(text.length).toBeLessThan(OFF_THREAD_BODY_BYTES);
    const inline = await post(text, false);
    const worker = await post(text, true);
    expect(inline.status).toBe(201);
    expect(worker.status).toBe(201);
    expect(worker.body.result.diff).toEqual(inline.body.result.diff);
    expect(worker.body.result.scene.actors).toEqual(inline.body.result.scene.actors);
    expect(worker.body.result.scene.actors).toHaveLength(ids.length);
  });

  it('refuses a bad body with the same envelope from the worker as from the event loop, in en and ru', async () => {
    for (const language of ['en', 'ru']) {
      const invalid = JSON.stringify({ title: '', actors: team(ids.slice(0, 3)) });
      const [inline, worker] = [await post(invalid, false, language), await post(invalid, true, language)];
      expect(inline.status).toBe(400);
      expect(inline.body.error).toMatchObject({ code: 'validation_failed', field: 'title' });
      expect(worker).toEqual(inline);
      const broken = '{"title": "Department", "actors": [';
      const [inlineBroken, workerBroken] = [await post(broken, false, language), await post(broken, true, language)];
      expect(inlineBroken.body.error.code).toBe('bad_request');
      expect(workerBroken).toEqual(inlineBroken);
    }
    expect((await post(JSON.stringify({ title: '', actors: [] }), true, 'ru')).body.error.message).toMatch(/[а-я]/);
  });

  it('normalises a large team in the worker to what the same work gives inline, refusals included', async () => {
    const work = createSceneWorker();
    try {
      const people = Array.from({ length: OFF_THREAD_PEOPLE + 5 }, (_, i) => `m${i}`);
      const members: Record<string, MemberFacts> = Object.fromEntries(
        people.map((id) => [id, { gone: false, eligible: true, firstName: id, lastName: 'Test', gender: 'Ж' as const, isShort: false }]),
      );
      const actors = team(people).map((a) => ({ firstName: '', lastName: '', interactionType: [], interactionIntensive: [], ...a }));
      const task: SceneWork = { kind: 'prepare', actors: actors as never, members, dropGone: false };
      const result = await work.run(task);
      expect(result).toMatchObject({ kind: 'prepare', ok: true });
      expect(result).toEqual(sceneWork(task));
      const ineligible: SceneWork = { ...task, members: { ...members, m3: { ...members.m3!, eligible: false } } };
      expect(await work.run(ineligible)).toEqual({ kind: 'prepare', ok: false, error: 'actors_ineligible' });
    } finally {
      await work.stop();
    }
  });
});

describe('the team body limit', () => {
  it('holds a team of the largest size with 28 interactions stated for everyone besides the default', () => {
    const people = Array.from({ length: MAX_SCENE_ACTORS }, () => crypto.randomUUID());
    const actors = people.map((id, i) => ({
      id,
      events: [{ type: 'start', date: 0, value: 0, timestamp: 1 }],
      interactionIntensive: Array.from({ length: 28 }, (_, step) => ({ actorId: people[(i + step + 1) % people.length]!, date: 0, value: 2 })),
    }));
    expect(Buffer.byteLength(JSON.stringify({ title: 'Department', startDay: '2026-11-01', actors }))).toBeLessThan(SCENE_BODY_LIMIT);
  });

  it("refuses a larger body with payload_too_large, in the envelope and the reader's language", async () => {
    for (const language of ['en', 'ru']) {
      const { status, body } = await post(JSON.stringify({ title: 'x'.repeat(SCENE_BODY_LIMIT), actors: team(ids.slice(0, 3)) }), false, language);
      expect(status).toBe(413);
      expect(body.error.code).toBe('payload_too_large');
      expect(body.error.message).toMatch(language === 'ru' ? /[а-я]/i : /^[^а-я]*$/i);
    }
  });
});
