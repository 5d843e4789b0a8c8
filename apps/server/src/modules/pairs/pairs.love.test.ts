import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoveExplanationSchema, PairRequestSchema, ProfileSchema, type Answer, type PairRequest } from '@teamcast/contracts';
import { DEFAULT_PARAMS, LOVE_PARAMS } from '@teamcast/engine';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fillAnswers } from '../profiles/answers.fixture.ts';
import { COOL_LOVE, insertCoupleProfile, insertLoveProfile, insertProfile, WARM_LOVE } from './pairs.fixtures.ts';

// The love model on love profiles (docs/love-model.md): scoring of love and couple profiles, and every profile-kind
// combination of a pair for each pair kind: it runs, or answers the documented error naming the slot.

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
});
afterAll(async () => t.close());

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: object, locale = 'en', who: SignedIn | null = owner) {
  const response = await t.app.inject({ method, url, headers: { ...(who ? who.headers : {}), 'accept-language': locale }, ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, json: response.json() as { result?: unknown; error?: { code: string; message: string; field?: string } } };
}

type SlotKind = 'standard' | 'short' | 'love' | 'couple' | 'partner';
const SLOT_KINDS: SlotKind[] = ['standard', 'short', 'love', 'couple', 'partner'];
const isLove = (kind: SlotKind) => kind === 'love' || kind === 'couple' || kind === 'partner';

/** A fresh filled person of a slot kind: its profile id, the slot's side and the name the pair shows. */
async function person(kind: SlotKind): Promise<{ id: string; side: 'self' | 'partner'; name: string }> {
  switch (kind) {
    case 'standard':
      return { id: await insertProfile(t, owner.id, { firstName: 'Olga', lastName: 'Work' }), side: 'self', name: 'Olga Work' };
    case 'short':
      return { id: await insertProfile(t, owner.id, { kind: 'short', isShort: true, firstName: 'Ivan', lastName: 'Short' }), side: 'self', name: 'Ivan Short' };
    case 'love':
      return { id: await insertLoveProfile(t, owner.id, WARM_LOVE, { firstName: 'Maria' }), side: 'self', name: 'Maria' };
    case 'couple':
      return { id: await insertCoupleProfile(t, owner.id), side: 'self', name: 'Yan' };
    case 'partner':
      return { id: await insertCoupleProfile(t, owner.id), side: 'partner', name: 'Ira' };
  }
}

async function pairOf(a: { id: string; side: string }, b: { id: string; side: string }): Promise<PairRequest> {
  const created = await call('POST', '/api/scene/p2p', { actors: [a.id, b.id], sides: [a.side, b.side], startDay: '2026-01-01' });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return PairRequestSchema.parse(created.json.result);
}

describe('every profile-kind combination of a pair, for every pair kind', () => {
  const combos = SLOT_KINDS.flatMap((x, i) => SLOT_KINDS.slice(i).map((y) => [x, y] as const));
  for (const [x, y] of combos) {
    it(`${x} + ${y}: work, LOVE and FRIEND run or answer the documented error`, async () => {
      const a = await person(x);
      const b = await person(y);
      const pair = await pairOf(a, b);
      expect(pair.actors.map((actor) => actor?.name)).toEqual([a.name, b.name]);
      expect(pair.actors.map((actor) => actor?.filled)).toEqual([true, true]);
      for (const type of [undefined, 'LOVE', 'FRIEND'] as const) {
        const run = await call('PUT', `/api/scene/p2p/${pair._id}/run`, type ? { type } : {});
        const love = type !== undefined;
        const wrong = [x, y].findIndex((kind) => isLove(kind) !== love);
        if (wrong === -1) {
          expect(run.status, JSON.stringify(run.json)).toBe(200);
          const result = PairRequestSchema.parse(run.json.result).result!;
          expect(result.kind).toBe(type ?? 'work');
          expect(result.paramsVersion).toBe(love ? LOVE_PARAMS.version : DEFAULT_PARAMS.version);
        } else {
          const name = wrong === 0 ? a.name : b.name;
          expect(run.status).toBe(422);
          expect(run.json.error).toMatchObject({ code: love ? 'love_profile_required' : 'work_profile_required', field: `actors.${wrong}` });
          expect(run.json.error?.message).toContain(name);
        }
      }
    });
  }

  it('lets one couple profile fill both slots with its two people: the couple itself', async () => {
    const couple = await insertCoupleProfile(t, owner.id);
    const pair = await pairOf({ id: couple, side: 'self' }, { id: couple, side: 'partner' });
    expect(pair.actors.map((actor) => [actor?.name, actor?.side, actor?.age, actor?.gender])).toEqual([
      ['Yan', 'self', 33, 'М'],
      ['Ira', 'partner', 31, 'Ж'],
    ]);
    const run = await call('PUT', `/api/scene/p2p/${pair._id}/run`, { type: 'LOVE' });
    expect(run.status).toBe(200);
    const same = await call('POST', '/api/scene/p2p', { actors: [couple, couple], sides: ['partner', 'partner'] });
    expect(same.json.error).toMatchObject({ code: 'validation_failed', field: 'actors.1' });
  });

  it("refuses the partner side of a profile that is not a couple's", async () => {
    const love = await insertLoveProfile(t, owner.id);
    const other = await insertLoveProfile(t, owner.id, COOL_LOVE);
    const answer = await call('POST', '/api/scene/p2p', { actors: [love, other], sides: ['partner', 'self'] });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'validation_failed', field: 'sides.0' });
  });

  it('answers actors_ineligible for a love profile that is not completed or not scored, in Russian too', async () => {
    const love = await insertLoveProfile(t, owner.id);
    for (const values of [{ state: 'answered' as const }, { loveScores: null }]) {
      const other = await insertLoveProfile(t, owner.id, COOL_LOVE, values);
      const pair = await pairOf({ id: love, side: 'self' }, { id: other, side: 'self' });
      expect(pair.ready).toBe(false);
      const run = await call('PUT', `/api/scene/p2p/${pair._id}/run`, { type: 'LOVE' }, 'ru');
      expect(run.status).toBe(422);
      expect(run.json.error).toMatchObject({ code: 'actors_ineligible', message: 'В каждом слоте должен быть заполненный профиль', field: 'actors.1' });
    }
  });

  it('says in Russian what to do when a work profile is in a love pair', async () => {
    const love = await insertLoveProfile(t, owner.id);
    const work = await insertProfile(t, owner.id, { firstName: 'Олег', lastName: 'Петров' });
    const pair = await pairOf({ id: love, side: 'self' }, { id: work, side: 'self' });
    const run = await call('PUT', `/api/scene/p2p/${pair._id}/run`, { type: 'FRIEND' }, 'ru');
    expect(run.json.error?.message).toBe(
      'Олег Петров заполнил(а) рабочую анкету, а для любви и дружбы нужна любовная. Отправьте любовную анкету или выберите любовный профиль',
    );
  });
});

describe('the love report comes from the love model', () => {
  it('gives the love blocks, a band wider than a work pair’s, and explanations in love words without duplicate lines', async () => {
    const warm = await insertLoveProfile(t, owner.id, WARM_LOVE, { firstName: 'Maria' });
    const cool = await insertLoveProfile(t, owner.id, COOL_LOVE, { firstName: 'Pavel' });
    const pair = await pairOf({ id: warm, side: 'self' }, { id: cool, side: 'self' });
    await call('PUT', `/api/scene/p2p/${pair._id}/run`, { type: 'LOVE' });
    const [row] = await t.database.db.query.pairRequests.findMany({ where: (table, { eq }) => eq(table.id, pair._id) });
    const forecast = row!.result!;
    expect(forecast.blocks.map((block) => block.name)).toEqual(['passion', 'intimacy', 'commitment']);
    expect(forecast.band!.compatibility.p90 - forecast.band!.compatibility.p10).toBeGreaterThan(5);
    const lines = forecast.explanation.map((item) => `${item.personId}|${item.input}`);
    expect(new Set(lines).size).toBe(lines.length);
    for (const item of forecast.explanation)
      expect(['intimacy', 'passion', 'commitment', 'commitmentMatch', 'ageGap', 'familyStability', 'intensity', 'mode']).toContain(item.input);
    expect(forecast.persons.map((p) => p.id)).toEqual([warm, cool]);
    // Own perceptions lead (Joel et al. 2020): the lines are each person's own dimensions, not a similarity score.
    expect(forecast.explanation[0]!.personId).not.toBeNull();
  });
});

describe('scoring of love and couple profiles', () => {
  it('scores a love profile filled by its share link: love scores, scored: true, and the explanation of the love rules', async () => {
    const created = await call('POST', '/api/owner/profiles', { kind: 'love', firstName: 'Вера', birthDate: '1994-04-04T00:00:00.000Z' });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = (created.json.result as { _id: string })._id;
    const link = (await call('POST', `/api/owner/profiles/get-referral-id/${id}`, {})).json.result as { sharelink: string };
    const before = await call('GET', `/api/profile/${link.sharelink}/grade`, undefined, 'en', null);
    expect(before.json.result).toEqual({ scored: false, grade: null });
    const opened = (await call('GET', `/api/profile/${link.sharelink}`, undefined, 'en', null)).json.result as {
      questionnaire: { steps: Parameters<typeof fillAnswers>[0] };
    };
    const answers: Answer[] = fillAnswers(opened.questionnaire.steps, WARM_LOVE);
    const filled = await call('PATCH', `/api/profile/${link.sharelink}`, { answers, complete: true, consent: true }, 'en', null);
    expect(filled.status, JSON.stringify(filled.json)).toBe(200);

    expect((await call('GET', `/api/profile/${link.sharelink}/grade`, undefined, 'en', null)).json.result).toEqual({ scored: true, grade: null });
    const profile = ProfileSchema.parse((await call('GET', `/api/owner/profiles/${id}`)).json.result);
    expect(profile.scores.competencies).toBeNull();
    const love = profile.scores.love!;
    expect(love.rules).toBe('love-rules-1');
    expect(love.people).toHaveLength(1);
    // Attraction 9 of 10, living together, a second chance: passion and commitment above the middle.
    expect(love.people[0]!.passion).toBeGreaterThan(60);
    expect(love.people[0]!.commitment).toBeGreaterThan(60);
    expect(love.people[0]!.completeness).toBe(1);
    const explanation = LoveExplanationSchema.parse((await call('GET', `/api/owner/profiles/${id}/explanation`)).json.result);
    expect(explanation.people[0]!.passion[0]).toMatchObject({ neuron: 'Л_Притяжение', question: { en: 'How important is attraction to you (1–10)?' } });
    expect(explanation.people[0]!.commitment.map((item) => item.neuron)).toEqual(expect.arrayContaining(['Л_Второй_Шанс', 'Л_Расстояние']));
  });

  it('scores both people of a couple profile, each from their own answers and the couple’s shared ones', async () => {
    const created = await call('POST', '/api/owner/profiles', { kind: 'couple', firstName: 'Ян', partnerFirstName: 'Ира' });
    const id = (created.json.result as { _id: string })._id;
    const link = (await call('POST', `/api/owner/profiles/get-referral-id/${id}`, {})).json.result as { sharelink: string };
    const opened = (await call('GET', `/api/profile/${link.sharelink}`, undefined, 'en', null)).json.result as {
      questionnaire: { steps: Parameters<typeof fillAnswers>[0] };
    };
    const answers = fillAnswers(opened.questionnaire.steps, { Л_Притяжение: 10, Л_Притяжение_partner: 2, П_Стаж: 8 });
    expect((await call('PATCH', `/api/profile/${link.sharelink}`, { answers, complete: true, consent: true }, 'en', null)).status).toBe(200);
    const profile = ProfileSchema.parse((await call('GET', `/api/owner/profiles/${id}`)).json.result);
    const [self, partner] = profile.scores.love!.people;
    expect(self!.passion).toBeGreaterThan(partner!.passion);
    // The couple's shared answers (eight years together) count for both.
    expect(self!.commitment).toBe(partner!.commitment);
    const explanation = LoveExplanationSchema.parse((await call('GET', `/api/owner/profiles/${id}/explanation`)).json.result);
    expect(explanation.people).toHaveLength(2);
  });
});
