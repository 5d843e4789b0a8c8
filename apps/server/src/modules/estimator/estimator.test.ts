import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.ts';
import { createEstimator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCompletedProfile, profileRow } from '../scoring/scoring.test-support.ts';
import { scoreProfile } from '../scoring/scoring.service.ts';

let t: TestApp;
let first: SignedIn;
let second: SignedIn;
let owner: SignedIn;
let ids: string[];

// Assignment draws from every profile in the database, so every test gets its own database with the same five work
// profiles (and a love and an unfinished one that are never handed out): nothing one test assigns, rates or views is
// seen by another, in whatever order they run.
beforeEach(async () => {
  t = await createTestApp();
  first = await createEstimator(t, { nextProfileBatch: 3 });
  second = await createEstimator(t, { nextProfileBatch: 10 });
  owner = await createOwner(t);
  ids = [];
  for (let i = 0; i < 5; i++) {
    // Distinct update times: the list sorts by them.
    ids.push(
      await insertCompletedProfile(
        t,
        owner.id,
        [
          { neuron: 'С_Возр', value: 30 + i },
          { neuron: 'С_Пол', value: 'Ж' },
        ],
        { updatedAt: new Date(Date.UTC(2026, 0, 1 + i)), position: 'Инженер' },
      ),
    );
  }
  await insertCompletedProfile(t, owner.id, [], { kind: 'love' });
  await insertCompletedProfile(t, owner.id, [], { state: 'answered' });
});
afterEach(async () => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/estimator${url}`, headers: { ...who.headers, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
const listIds = async (who: SignedIn, query = '') =>
  ((await call(who, 'GET', `/profiles${query}`)).json().result.items as { _id: string }[]).map((item) => item._id);

/** Hands the first estimator all five profiles (his batches of three and two). */
async function assignAll(): Promise<void> {
  expect((await call(first, 'POST', '/profiles/assignment')).json().result).toEqual({ batchSize: 3 });
  expect((await call(first, 'POST', '/profiles/assignment')).json().result).toEqual({ batchSize: 2 });
}

describe('assignment', () => {
  it('hands out batches of the estimator’s size, only completed work profiles, and he sees only his own', async () => {
    expect(await listIds(first)).toEqual([]);
    expect((await call(first, 'POST', '/profiles/assignment')).json().result).toEqual({ batchSize: 3 });
    expect(await listIds(first)).toEqual(ids.slice(0, 3));
    expect((await call(first, 'POST', '/profiles/assignment')).json().result).toEqual({ batchSize: 2 });
    expect((await call(first, 'POST', '/profiles/assignment')).json().result).toEqual({ batchSize: 0 });
    expect(await listIds(first)).toEqual(ids);

    expect(await listIds(second)).toEqual([]);
    const foreign = await call(second, 'GET', `/profiles/${ids[0]}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({ code: 'profile_not_found', message: 'Profile not found' });
    expect((await call(second, 'PUT', `/profiles/${ids[0]}/rate`, { score: 50 })).statusCode).toBe(404);
    expect((await call(second, 'PATCH', `/notes/${ids[0]}`, { content: 'x' })).statusCode).toBe(404);
  });

  it('refuses owners and signed-out callers', async () => {
    expect((await call(owner, 'GET', '/profiles')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/estimator/profiles/assignment' })).statusCode).toBe(401);
  });
});

describe('working on profiles', () => {
  it('shows a profile without names, with its answers in the request language, and marks it viewed', async () => {
    await assignAll();
    const view = (await call(first, 'GET', `/profiles/${ids[3]}`)).json().result;
    expect(view).not.toHaveProperty('firstName');
    expect(view.code).toHaveLength(8);
    expect(view.answers).toContainEqual({ step: 'About you', neuron: 'С_Возр', question: 'Your age, full years', answer: '33' });
    expect(view.answers).toContainEqual({ step: 'About you', neuron: 'С_Пол', question: 'Your gender', answer: 'Female' });
    expect(view.estimate.viewedAt).not.toBeNull();
  });

  it('rates, rates precisely, notes and skips, checking the input', async () => {
    await assignAll();
    const rated = (await call(first, 'PUT', `/profiles/${ids[0]}/rate`, { score: 64 })).json().result;
    expect(rated.score).toBe(64);
    expect(rated.ratedAt).not.toBeNull();
    const precise = (
      await call(first, 'PUT', `/profiles/${ids[0]}/rate-precise`, { scorePrecise: { competencies: 70, professionalism: 60, maturity: 62 } })
    ).json().result;
    expect(precise.scorePrecise).toEqual({ competencies: 70, professionalism: 60, maturity: 62 });
    const bad = await call(first, 'PUT', `/profiles/${ids[0]}/rate-precise`, { scorePrecise: { competencies: 120, professionalism: 60, maturity: 62 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed', field: 'scorePrecise.competencies' });
    expect((await call(first, 'PATCH', `/notes/${ids[0]}`, { content: '  Strong manager  ' })).json().result.note).toBe('Strong manager');
    expect((await call(first, 'PATCH', `/profiles/${ids[1]}`, { skipStatus: 'normal' })).json().result.skipStatus).toBe('normal');
    expect((await call(first, 'PATCH', `/profiles/${ids[2]}`, { skipStatus: 'suspicious' })).json().result.skipStatus).toBe('suspicious');
    expect((await call(first, 'PATCH', `/profiles/${ids[2]}`, { skipStatus: 'later' })).statusCode).toBe(400);
  });

  it('filters by every filter, grade, comment, rating and skip status, sorted by update time ascending by default', async () => {
    // One profile of each kind: rated with a note, skipped as normal, skipped as suspicious, viewed, untouched.
    await assignAll();
    await call(first, 'PUT', `/profiles/${ids[0]}/rate`, { score: 64 });
    await call(first, 'PATCH', `/notes/${ids[0]}`, { content: 'Strong manager' });
    await call(first, 'PATCH', `/profiles/${ids[1]}`, { skipStatus: 'normal' });
    await call(first, 'PATCH', `/profiles/${ids[2]}`, { skipStatus: 'suspicious' });
    await call(first, 'GET', `/profiles/${ids[3]}`);
    await t.database.db.update(profiles).set({ grade: 'SENIOR' }).where(eq(profiles.id, ids[1]!));
    expect(await listIds(first, '?filter=all')).toEqual(ids);
    expect(await listIds(first, '?order=desc')).toEqual([...ids].reverse());
    expect(await listIds(first, '?filter=notEstimated')).toEqual([ids[3], ids[4]]);
    expect(await listIds(first, '?filter=estimated')).toEqual([ids[0]]);
    expect(await listIds(first, '?filter=skipNormal')).toEqual([ids[1]]);
    expect(await listIds(first, '?filter=skipSuspicious')).toEqual([ids[2]]);
    expect(await listIds(first, '?filter=view')).toEqual([ids[3]]);
    expect(await listIds(first, '?gradeFilter=SENIOR')).toEqual([ids[1]]);
    expect(await listIds(first, '?existComment=true')).toEqual([ids[0]]);
    expect(await listIds(first, '?existComment=false')).toEqual(ids.slice(1));
    expect(await listIds(first, '?onlyUnrated=true')).toEqual(ids.slice(1));
    expect(await listIds(first, '?estimateStatus=estimated')).toEqual([ids[0]]);
    expect(await listIds(first, '?skipStatus=suspicious')).toEqual([ids[2]]);
    expect(await listIds(first, '?filter=notEstimated&limit=1&offset=1')).toEqual([ids[4]]);
    const listed = (await call(first, 'GET', '?filter=estimated'.replace('?', '/profiles?'))).json().result;
    expect(listed.total).toBe(1);
    expect(listed.items[0].estimate).toMatchObject({ score: 64, note: 'Strong manager' });
    expect((await call(first, 'GET', '/profiles?filter=unknown')).statusCode).toBe(400);
  });
});

describe('labelling blind (issue 25)', () => {
  it('withholds the model’s grade, scores and explanation until the estimator has saved a rating, then shows them', async () => {
    const estimator = await createEstimator(t, { nextProfileBatch: 1 });
    const id = await insertCompletedProfile(
      t,
      owner.id,
      [
        { neuron: 'С_Возр', value: 41 },
        { neuron: 'С_Стаж', value: 17 },
        { neuron: 'С_ВУЗ', value: 'Магистр' },
      ],
      { updatedAt: new Date(Date.UTC(2025, 0, 1)) },
    );
    await scoreProfile(t.database.db, id);
    const stored = await profileRow(t, id);
    expect(stored.grade).not.toBeNull();
    expect((await call(estimator, 'POST', '/profiles/assignment')).json().result).toEqual({ batchSize: 1 });

    const before = (await call(estimator, 'GET', `/profiles/${id}`)).json().result;
    expect(before).toMatchObject({ modelWithheld: true, scores: null, grade: null, explanation: null });
    const listed = (await call(estimator, 'GET', '/profiles')).json().result.items.find((item: { _id: string }) => item._id === id);
    expect(listed).toMatchObject({ modelWithheld: true, scores: null, grade: null });

    // Out of range is refused with a field error and nothing is saved; the model's view stays withheld.
    const refused = await call(estimator, 'PUT', `/profiles/${id}/rate`, { score: 150 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'validation_failed', field: 'score', message: 'Enter a score from 0 to 100' });
    expect((await call(estimator, 'PUT', `/profiles/${id}/rate`, { score: -1 })).json().error).toMatchObject({ field: 'score' });
    const still = (await call(estimator, 'GET', `/profiles/${id}`)).json().result;
    expect(still).toMatchObject({ modelWithheld: true, scores: null, estimate: { score: null, ratedAt: null } });

    // A comment or a postponement is not a rating.
    await call(estimator, 'PATCH', `/notes/${id}`, { content: 'first look' });
    expect((await call(estimator, 'GET', `/profiles/${id}`)).json().result.modelWithheld).toBe(true);

    expect((await call(estimator, 'PUT', `/profiles/${id}/rate`, { score: 100 })).json().result.score).toBe(100);
    const after = (await call(estimator, 'GET', `/profiles/${id}`)).json().result;
    expect(after.modelWithheld).toBe(false);
    expect(after.grade).toBe(stored.grade);
    expect(after.scores).toEqual({ competencies: stored.competencies, professionalism: stored.professionalism, maturity: stored.maturity });
    expect(after.explanation.competencies.length).toBeGreaterThan(0);
  });

  it('a precise rating also reveals the model’s view', async () => {
    const estimator = await createEstimator(t, { nextProfileBatch: 1 });
    const id = await insertCompletedProfile(t, owner.id, [{ neuron: 'С_Возр', value: 35 }], { updatedAt: new Date(Date.UTC(2024, 0, 1)) });
    await scoreProfile(t.database.db, id);
    await call(estimator, 'POST', '/profiles/assignment');
    expect((await call(estimator, 'GET', `/profiles/${id}`)).json().result.modelWithheld).toBe(true);
    await call(estimator, 'PUT', `/profiles/${id}/rate-precise`, { scorePrecise: { competencies: 50, professionalism: 50, maturity: 50 } });
    const after = (await call(estimator, 'GET', `/profiles/${id}`)).json().result;
    expect(after.modelWithheld).toBe(false);
    expect(after.scores).not.toBeNull();
  });
});
