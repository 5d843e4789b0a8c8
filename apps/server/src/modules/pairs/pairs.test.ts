import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PairRequestSchema, type PairRequest } from '@teamcast/contracts';
import { pairRequests, scenes } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { subscribe } from '../scenes/scenes.test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { filledLovePair, filledPair, insertProfile } from './pairs.fixtures.ts';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  // Basic shows expertise: the K/P/L lines and the explanation of the full report (plans.test.ts covers none).
  await subscribe(t.database.db, owner.id, 'LITE_1M');
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: unknown; who?: SignedIn | null; locale?: string };

async function call({ method, url, body, who = owner, locale = 'en' }: Call) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(who ? who.headers : {}), 'accept-language': locale },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, json: response.json() as { result?: unknown; error?: { code: string; message: string; field?: string } } };
}

const pairOf = (json: { result?: unknown }) => PairRequestSchema.parse(json.result);

async function createPair(body: unknown, who: SignedIn = owner): Promise<PairRequest> {
  const created = await call({ method: 'POST', url: '/api/scene/p2p', body, who });
  expect(created.status).toBe(201);
  return pairOf(created.json);
}

describe('pair request lifecycle', () => {
  it('creates, runs and reads a work pair forecast with every result block', async () => {
    const [a, b] = await filledPair(t, owner.id);
    const pair = await createPair({ actors: [a, b], startDay: '2026-01-01', mode: 1, intensity: 8 });
    expect(pair).toMatchObject({ startDay: '2026-01-01', mode: 1, intensity: 8, ready: true, result: null });
    expect(pair.actors.map((actor) => actor?.name)).toEqual(['Anna Ivanova', 'Boris Petrov']);

    const run = await call({ method: 'PUT', url: `/api/scene/p2p/${pair._id}/run`, body: {} });
    expect(run.status).toBe(200);
    const result = pairOf(run.json).result!;
    expect(result.kind).toBe('work');
    expect(result.locked).toBe(false);
    expect(result.summary.recommendation).toBeGreaterThanOrEqual(1);
    expect(result.summary.recommendation).toBeLessThanOrEqual(6);
    const details = result.details!;
    expect(details.monthly).toHaveLength(12);
    expect(details.months[0]).toBe('2026-01-01');
    expect(details.months[11]).toBe('2026-12-01');
    expect(details.monthly[details.bestMonth.index]).toBe(Math.max(...details.monthly));
    expect(details.monthly[details.worstMonth.index]).toBe(Math.min(...details.monthly));
    expect(details.persons).toHaveLength(2);
    for (const person of details.persons)
      for (const line of [person.competences!.k, person.competences!.p, person.competences!.l]) expect(line).toHaveLength(12);
    expect(details.blocks.map((block) => block.name)).toEqual(['satisfaction', 'expectations', 'competences', 'outlook']);
    for (const block of details.blocks) expect(block.grade).toBe(Math.min(5, 1 + Math.floor(block.score / 20)));
    expect(details.monthlyBand?.p10).toHaveLength(12);
    // Bands from every source of error: never zero wide (the prior's scores carry a stated default error, parameters
    // and the pair's own part are uncertain), never narrower later in the year, always around the forecast.
    const band = details.monthlyBand!;
    const widths = band.p10.map((lo, i) => band.p90[i]! - lo);
    for (const [i, width] of widths.entries()) {
      expect(width).toBeGreaterThan(0);
      if (i > 0) expect(width).toBeGreaterThanOrEqual(widths[i - 1]! - 1e-9);
      expect(band.p10[i]!).toBeLessThanOrEqual(details.monthly[i]! + 1e-9);
      expect(band.p90[i]!).toBeGreaterThanOrEqual(details.monthly[i]! - 1e-9);
    }
    const headline = details.headlineBand!;
    expect(headline.compatibility.p10).toBeLessThanOrEqual(result.summary.compatibility.value);
    expect(headline.compatibility.p90).toBeGreaterThan(headline.compatibility.p10);
    expect(headline.compatibility.p90).toBeGreaterThanOrEqual(result.summary.compatibility.value);
    expect(headline.settled.p90).toBeGreaterThan(headline.settled.p10);
    // A fresh database: nothing validated on this installation's data, so no figure is invented, and the reason says so.
    expect(result.accuracy).toMatchObject({ value: null, reason: 'no_evaluation', source: 'none', demo: false, evaluation: null });

    const read = await call({ method: 'GET', url: `/api/scene/p2p/${pair._id}` });
    expect(read.status).toBe(200);
    expect(pairOf(read.json).result).toEqual(result);
    // The run's answer is the pair as stored (the run builds it without reading the forecast back), to the field.
    expect(pairOf(read.json)).toEqual(pairOf(run.json));
  });

  it('defaults the start day to the first day of the current month, the mode to office and intensity to 5', async () => {
    const [a, b] = await filledPair(t, owner.id);
    const pair = await createPair({ actors: [a, b] });
    const now = new Date();
    expect(pair.startDay).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10));
    expect(pair).toMatchObject({ mode: 0, intensity: 5 });
  });

  it('keeps empty slots until both are filled, and clears the result when an input changes', async () => {
    const [a, b] = await filledPair(t, owner.id);
    const pair = await createPair({ actors: [a, null] });
    expect(pair.ready).toBe(false);
    const patched = await call({ method: 'PATCH', url: `/api/scene/p2p/${pair._id}`, body: { actors: [a, b] } });
    expect(pairOf(patched.json).ready).toBe(true);
    await call({ method: 'PUT', url: `/api/scene/p2p/${pair._id}/run`, body: {} });
    const changed = await call({ method: 'PATCH', url: `/api/scene/p2p/${pair._id}`, body: { intensity: 2 } });
    expect(pairOf(changed.json)).toMatchObject({ intensity: 2, result: null });
  });

  it('deletes a pair; reading it afterwards answers Compatibility does not exist', async () => {
    const [a, b] = await filledPair(t, owner.id);
    const pair = await createPair({ actors: [a, b] });
    expect((await call({ method: 'DELETE', url: `/api/scene/p2p/${pair._id}` })).json.result).toEqual({ deleted: true });
    const gone = await call({ method: 'GET', url: `/api/scene/p2p/${pair._id}` });
    expect(gone.status).toBe(404);
    expect(gone.json.error).toEqual({ code: 'compatibility_not_found', message: 'Compatibility does not exist' });
  });

  it('warns when a person’s pair requests add up to more than 50 hours a week', async () => {
    const [a] = await filledPair(t, owner.id);
    let last: PairRequest | undefined;
    for (let i = 0; i < 6; i++) {
      const other = await insertProfile(t, owner.id, { firstName: `Peer${'abcdef'[i]}` });
      last = await createPair({ actors: [a, other], intensity: 9 });
    }
    expect(last!.warnings).toEqual([{ personId: a, hours: 54, limit: 50 }]);
  });
});

describe('ownership', () => {
  it("answers 404 for another owner's pair on every call, and leaves it untouched", async () => {
    const [a, b] = await filledPair(t, owner.id);
    const pair = await createPair({ actors: [a, b] });
    const stranger = await createOwner(t);
    const attempts: Call[] = [
      { method: 'GET', url: `/api/scene/p2p/${pair._id}`, who: stranger },
      { method: 'PATCH', url: `/api/scene/p2p/${pair._id}`, body: { intensity: 1 }, who: stranger },
      { method: 'PUT', url: `/api/scene/p2p/${pair._id}/run`, body: {}, who: stranger },
      { method: 'DELETE', url: `/api/scene/p2p/${pair._id}`, who: stranger },
      { method: 'POST', url: `/api/scene/p2p/${pair._id}/share`, body: { parts: [] }, who: stranger },
      { method: 'POST', url: '/api/chat/result', body: { result: pair._id, id1: a, id2: b }, who: stranger },
    ];
    for (const attempt of attempts) {
      const answer = await call(attempt);
      expect(answer.status, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(answer.json.error?.code).toBe('compatibility_not_found');
    }
    const [row] = await t.database.db.select().from(pairRequests).where(eq(pairRequests.id, pair._id));
    expect(row).toMatchObject({ intensity: 5, result: null });
  });

  it("refuses another owner's profiles in the slots as Profile not found", async () => {
    const stranger = await createOwner(t);
    const [theirs] = await filledPair(t, stranger.id);
    const [mine] = await filledPair(t, owner.id);
    const answer = await call({ method: 'POST', url: '/api/scene/p2p', body: { actors: [mine, theirs] } });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({ code: 'profile_not_found', message: 'Profile not found', field: 'actors.1' });
  });

  it('needs a signed-in owner', async () => {
    expect((await call({ method: 'POST', url: '/api/scene/p2p', body: { actors: [null, null] }, who: null })).status).toBe(401);
  });

  it("refuses a pair inside another owner's team as Team not exist", async () => {
    const [a, b] = await filledPair(t, owner.id);
    const answer = await call({ method: 'POST', url: '/api/scene/p2p/no-such-scene', body: { actors: [a, b] } });
    expect(answer.status).toBe(404);
    expect(answer.json.error?.code).toBe('team_not_found');
  });
});

describe('pairs inside a team and profile usage', () => {
  it("creates a pair inside the owner's own team", async () => {
    const [a, b] = await filledPair(t, owner.id);
    await t.database.db.insert(scenes).values({ id: 'scene-of-owner', ownerId: owner.id, title: 'Core team', startDay: '2026-01-01' });
    const answer = await call({ method: 'POST', url: '/api/scene/p2p/scene-of-owner', body: { actors: [a, b] } });
    expect(answer.status).toBe(201);
    expect(pairOf(answer.json).sceneId).toBe('scene-of-owner');
    const stranger = await createOwner(t);
    const [c, d] = await filledPair(t, stranger.id);
    const refused = await call({ method: 'POST', url: '/api/scene/p2p/scene-of-owner', body: { actors: [c, d] }, who: stranger });
    expect(refused.json.error?.code).toBe('team_not_found');
  });

  it('keeps a profile that a pair uses when it is deleted (delete_keep), as the profiles module warns', async () => {
    const [a, b] = await filledPair(t, owner.id);
    await createPair({ actors: [a, b] });
    const deleted = await call({ method: 'DELETE', url: `/api/owner/profiles/${a}` });
    expect(deleted.json.result).toEqual({ state: 'delete_keep' });
  });
});

describe('validation', () => {
  it.each([
    [{ actors: ['x'] }, 'actors'],
    [{ actors: [null, null], intensity: 11 }, 'intensity'],
    [{ actors: [null, null], intensity: 2.5 }, 'intensity'],
    [{ actors: [null, null], mode: 2 }, 'mode'],
    [{ actors: [null, null], startDay: '2026-02-30' }, 'startDay'],
  ])('refuses %j naming the field %s', async (body, field) => {
    const answer = await call({ method: 'POST', url: '/api/scene/p2p', body, locale: 'ru' });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'validation_failed', field });
  });

  it('refuses the same profile in both slots', async () => {
    const [a] = await filledPair(t, owner.id);
    const answer = await call({ method: 'POST', url: '/api/scene/p2p', body: { actors: [a, a] } });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'validation_failed', field: 'actors.1' });
  });

  it('refuses to run with an unfilled or unscored profile, in the reader’s language, and stores nothing', async () => {
    const [a] = await filledPair(t, owner.id);
    const empty = await insertProfile(t, owner.id, { state: 'ack_q', competencies: null, professionalism: null, maturity: null });
    const unscored = await insertProfile(t, owner.id, { competencies: null });
    for (const other of [empty, unscored]) {
      const pair = await createPair({ actors: [a, other] });
      expect(pair.ready).toBe(false);
      const run = await call({ method: 'PUT', url: `/api/scene/p2p/${pair._id}/run`, body: {}, locale: 'ru' });
      expect(run.status).toBe(422);
      expect(run.json.error).toEqual({ code: 'actors_ineligible', message: 'В каждом слоте должен быть заполненный профиль', field: 'actors.1' });
      const [row] = await t.database.db.select().from(pairRequests).where(eq(pairRequests.id, pair._id));
      expect(row?.result).toBeNull();
    }
  });

  it('refuses an unknown love type', async () => {
    const [a, b] = await filledPair(t, owner.id);
    const pair = await createPair({ actors: [a, b] });
    const answer = await call({ method: 'PUT', url: `/api/scene/p2p/${pair._id}/run`, body: { type: 'HATE' } });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'validation_failed', field: 'type' });
  });
});

describe('love report lock', () => {
  async function payWithTestCard(a: string, b: string) {
    const card = await call({
      method: 'POST',
      url: '/api/payment/attach-payment-method',
      body: { testCard: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } },
    });
    expect(card.status).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { ...owner.headers, 'idempotency-key': `unlock-${a}-${b}` },
      payload: { id1: a, id2: b },
    });
    expect(paid.json()).toMatchObject({ result: { status: 'paid' } });
  }

  it('sends only the summary of a love report until the pair is paid for, and the full report after', async () => {
    const [a, b] = await filledLovePair(t, owner.id);
    const pair = await createPair({ actors: [a, b], startDay: '2026-03-01' });
    const run = await call({ method: 'PUT', url: `/api/scene/p2p/${pair._id}/run`, body: { type: 'LOVE' } });
    const locked = pairOf(run.json).result!;
    expect(locked).toMatchObject({ kind: 'LOVE', locked: true, details: null });
    expect(locked.summary.compatibility.band).toMatch(/depressed|bad|anxious|good|excellent/);
    // The locked parts are not in the response at all, not merely flagged.
    expect(JSON.stringify(run.json)).not.toContain('monthly');

    await payWithTestCard(a, b);
    const read = pairOf((await call({ method: 'GET', url: `/api/scene/p2p/${pair._id}` })).json).result!;
    expect(read.locked).toBe(false);
    expect(read.details?.blocks.map((block) => block.name)).toEqual(['passion', 'intimacy', 'commitment']);
    expect(read.summary).toEqual(locked.summary);
  });

  it('locks the friendship report the same way, and never locks a work report', async () => {
    const [a, b] = await filledLovePair(t, owner.id);
    const pair = await createPair({ actors: [a, b] });
    const friend = pairOf((await call({ method: 'PUT', url: `/api/scene/p2p/${pair._id}/run`, body: { type: 'FRIEND' } })).json).result!;
    expect(friend).toMatchObject({ kind: 'FRIEND', locked: true, details: null });
    const [c, d] = await filledPair(t, owner.id);
    const workPair = await createPair({ actors: [c, d] });
    const work = pairOf((await call({ method: 'PUT', url: `/api/scene/p2p/${workPair._id}/run`, body: {} })).json).result!;
    expect(work).toMatchObject({ kind: 'work', locked: false });
  });
});

describe('access catalogue', () => {
  it('declares who may call each pair, history, chat and shared-result route', () => {
    const access = Object.fromEntries(
      t.app.accessCatalogue.filter((e) => /\/api\/(scene\/(p2p|result)|owner\/history|chat\/)/.test(e.url)).map((e) => [`${e.method} ${e.url}`, e.access]),
    );
    expect(access).toEqual({
      'POST /api/scene/p2p': ['owner'],
      'POST /api/scene/p2p/:sceneId': ['owner'],
      'GET /api/scene/p2p/:id': ['owner'],
      'PATCH /api/scene/p2p/:id': ['owner'],
      'DELETE /api/scene/p2p/:id': ['owner'],
      'PUT /api/scene/p2p/:id/run': ['owner'],
      'POST /api/scene/p2p/:id/share': ['owner'],
      'GET /api/scene/result/:data': 'anonymous',
      'GET /api/owner/history': ['owner'],
      'GET /api/owner/history/counters': ['owner'],
      'POST /api/chat/result': ['owner'],
    });
  });
});
