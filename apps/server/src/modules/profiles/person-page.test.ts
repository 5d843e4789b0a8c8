import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { NOTICE_VERSION, PersonPageSchema, teamActors, type QuestionnaireDefinition } from '@teamcast/contracts';
import {
  adminAuditLog,
  chatNarratives,
  computeJobs,
  dashboardHistory,
  pairRequests,
  profileEstimates,
  profileExplanations,
  profileFinalScores,
  profiles,
  scenes,
  sharedResults,
} from '../../db/schema/index.ts';
import { createEstimator, createOwner, mailTo, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDriver } from '../../test/test-database.ts';
import { insertProfile } from '../pairs/pairs.fixtures.ts';
import { subscribe } from '../scenes/scenes.test-support.ts';
import { fillAnswers } from './answers.fixture.ts';
import { hashPersonToken } from './person-page.service.ts';
import { registerProfileErasure } from './profile-erasure.ts';

let t: TestApp;
let owner: SignedIn;
let freeOwner: SignedIn;
let standard: QuestionnaireDefinition;
/** Profiles whose erasure a module fails on, to prove the withdrawal is one transaction. */
const failingErasure = new Set<string>();

beforeAll(async () => {
  registerProfileErasure(async (_tx, profileId) => {
    if (failingErasure.has(profileId)) throw new Error('eraser failed');
  });
  t = await createTestApp();
  owner = await createOwner(t, { companyName: 'Acme' });
  freeOwner = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'FULL_1M_2');
  standard = (await t.app.inject({ method: 'GET', url: '/api/owner/questionnaire', headers: owner.headers })).json().result;
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: object; who?: SignedIn; lang?: 'ru' | 'en' };
async function call({ method, url, payload, who, lang = 'ru' }: Call) {
  const res = await t.app.inject({ method, url, payload, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });
  return { status: res.statusCode, body: res.json() };
}

/** The owner creates a profile, the person fills and sends it by the link; answers the profile id and the private token. */
async function sendByLink(who: SignedIn, { lang = 'ru', personEmail }: { lang?: 'ru' | 'en'; personEmail?: string } = {}) {
  const created = await call({ method: 'POST', url: '/api/owner/profiles', who, payload: { firstName: 'Анна', lastName: 'Иванова' } });
  expect(created.status).toBe(201);
  const { _id: id, permalink } = created.body.result;
  const payload = {
    answers: fillAnswers(standard.steps),
    complete: true,
    consent: true,
    noticeVersion: NOTICE_VERSION,
    ...(personEmail ? { personEmail } : {}),
  };
  const sent = await call({ method: 'PATCH', url: `/api/profile/${permalink}`, lang, payload });
  expect(sent.status).toBe(200);
  expect(sent.body.result.personToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { id: id as string, permalink: permalink as string, token: sent.body.result.personToken as string };
}

const rowOf = async (id: string) => (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const countOf = async (table: typeof profileEstimates | typeof profileFinalScores | typeof profileExplanations, id: string) =>
  (await t.database.db.select().from(table).where(eq(table.profileId, id))).length;

describe(`the person's own page on ${testDriver}`, () => {
  it('sending records the consent (notice version, language, time) and gives a private link of which only a hash is stored', async () => {
    const before = Date.now();
    const { id, token } = await sendByLink(owner, { lang: 'en' });
    const row = await rowOf(id);
    expect(row).toMatchObject({ consentVersion: NOTICE_VERSION, consentLocale: 'en', filledBy: 'person', state: 'ack_a' });
    expect(row.consentedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.personTokenHash).toBe(hashPersonToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((row.personTokenExpiresAt!.getTime() - row.consentedAt!.getTime()) / 86_400_000).toBeCloseTo(365, 5);
  });

  it('refuses to send without consent, and records nothing', async () => {
    const created = await call({ method: 'POST', url: '/api/owner/profiles', who: owner, payload: { firstName: 'Олег', lastName: 'Петров' } });
    const link = `/api/profile/${created.body.result.permalink}`;
    const res = await call({ method: 'PATCH', url: link, lang: 'en', payload: { answers: fillAnswers(standard.steps), complete: true } });
    expect(res.status).toBe(400);
    const row = await rowOf(created.body.result._id);
    expect(row.consentedAt).toBeNull();
    expect(row.personTokenHash).toBeNull();
  });

  it("shows the person their answers, scores, grade and explanation even when the owner's plan hides them from the owner, and mails the link", async () => {
    const { id, token } = await sendByLink(freeOwner, { personEmail: 'anna.person@example.com' });
    const ownerView = await call({ method: 'GET', url: `/api/owner/profiles/${id}`, who: freeOwner });
    expect(ownerView.body.result).toMatchObject({ expertiseHidden: true, expertise: null });

    const res = await call({ method: 'GET', url: `/api/profile/person/${token}` });
    expect(res.status).toBe(200);
    const page = PersonPageSchema.parse(res.body.result);
    expect(page.holder).toEqual({ companyName: 'Test company', email: freeOwner.email });
    expect(page.consent).toMatchObject({ noticeVersion: NOTICE_VERSION, locale: 'ru', by: 'person' });
    expect(page.withdrawnAt).toBeNull();
    expect(page.data!.scores.grade).not.toBeNull();
    expect(page.data!.scores.competencies).toEqual(expect.any(Number));
    expect(page.data!.explanation).not.toBeNull();
    expect(page.data!.answers.map((answer) => answer.neuron)).toEqual(expect.arrayContaining(fillAnswers(standard.steps).map((answer) => answer.neuron)));
    const withOptions = page.data!.answers.find((answer) => answer.labels.length > 0)!;
    expect(withOptions.question.ru.length).toBeGreaterThan(0);
    expect(withOptions.labels[0]!.en.length).toBeGreaterThan(0);

    const [message] = await mailTo(t, 'anna.person@example.com');
    expect(message!.kind).toBe('person_page');
    expect(message!.textBody).toContain(`/person/${token}`);
  });

  it('refuses a wrong link and an expired one', async () => {
    const wrong = await call({ method: 'GET', url: `/api/profile/person/${crypto.randomBytes(32).toString('base64url')}`, lang: 'en' });
    expect(wrong).toMatchObject({ status: 404, body: { error: { code: 'link_invalid' } } });
    const wrongWithdraw = await call({ method: 'POST', url: `/api/profile/person/not-a-token/withdraw`, lang: 'en' });
    expect(wrongWithdraw).toMatchObject({ status: 404, body: { error: { code: 'link_invalid' } } });

    const { id, token } = await sendByLink(owner);
    await t.database.db
      .update(profiles)
      .set({ personTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, id));
    expect(await call({ method: 'GET', url: `/api/profile/person/${token}` })).toMatchObject({
      status: 410,
      body: { error: { code: 'link_expired', message: 'Срок действия ссылки истёк' } },
    });
    expect(await call({ method: 'POST', url: `/api/profile/person/${token}/withdraw` })).toMatchObject({
      status: 410,
      body: { error: { code: 'link_expired' } },
    });
    const row = await rowOf(id);
    expect(row.state).toBe('ack_a');
    expect(row.answers.length).toBeGreaterThan(0);
  });
});

describe(`withdrawal on ${testDriver}`, () => {
  it('deletes answers, scores, estimates and forecasts of the profile in one go, keeps other profiles, tells the owner and audits the fact only', async () => {
    const db = t.database.db;
    const { id, token, permalink } = await sendByLink(owner);
    const other = await insertProfile(t, owner.id, { firstName: 'Boris', lastName: 'Petrov', gender: 'М' });
    const third = await insertProfile(t, owner.id, { firstName: 'Vera', lastName: 'Sidorova' });
    const estimator = await createEstimator(t);
    await db.insert(profileEstimates).values([id, other].map((profileId) => ({ estimatorId: estimator.id, profileId, score: 70, ratedAt: new Date() })));
    await db.insert(profileFinalScores).values([id, other].map((profileId) => ({ profileId, score: 65, competencies: 60, professionalism: 60, maturity: 60 })));
    expect(await countOf(profileExplanations, id)).toBe(1);

    const pairWith = (await call({ method: 'POST', url: '/api/scene/p2p', who: owner, payload: { actors: [id, other] } })).body.result._id as string;
    const pairWithout = (await call({ method: 'POST', url: '/api/scene/p2p', who: owner, payload: { actors: [other, third] } })).body.result._id as string;
    for (const pair of [pairWith, pairWithout])
      expect((await call({ method: 'PUT', url: `/api/scene/p2p/${pair}/run`, who: owner, payload: {} })).status).toBe(200);
    const [stored] = await db.select().from(pairRequests).where(eq(pairRequests.id, pairWith));
    await db.insert(sharedResults).values({ token: crypto.randomUUID(), ownerId: owner.id, pairId: pairWith, parts: [], snapshot: stored!.result as never });
    await db.insert(chatNarratives).values({ pairId: pairWith, cacheKey: 'k', paragraphs: ['about Анна'] });
    const sceneId = crypto.randomUUID();
    await db.insert(scenes).values({
      id: sceneId,
      ownerId: owner.id,
      title: 'Team',
      startDay: '2026-11-01',
      actors: teamActors([id, other]),
      summary: { score: 1 },
      band: { low: 1 },
    });
    await db
      .insert(computeJobs)
      .values({ id: crypto.randomUUID(), ownerId: owner.id, kind: 'scene', subjectId: sceneId, input: { specialists: ['scores of Анна'] }, status: 'done' });
    const historyBefore = await db
      .select()
      .from(dashboardHistory)
      .where(sql`${dashboardHistory.actors} @> ${JSON.stringify([{ id }])}::jsonb`);
    expect(historyBefore.length).toBe(1);

    const res = await call({ method: 'POST', url: `/api/profile/person/${token}/withdraw`, lang: 'en' });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.result.withdrawnAt)).not.toBeNaN();

    const row = await rowOf(id);
    expect(row).toMatchObject({
      state: 'withdrawn',
      firstName: null,
      lastName: null,
      answers: [],
      competencies: null,
      grade: null,
      loveScores: null,
      age: null,
      gender: null,
    });
    expect(row.withdrawnAt).not.toBeNull();
    expect(row.consentVersion).toBe(NOTICE_VERSION);
    expect(row.permalink).not.toBe(permalink);
    for (const table of [profileEstimates, profileFinalScores, profileExplanations]) expect(await countOf(table, id)).toBe(0);
    const [pairAfter] = await db.select().from(pairRequests).where(eq(pairRequests.id, pairWith));
    expect(pairAfter).toMatchObject({ result: null, runAt: null, actor1Id: id });
    expect(await db.select().from(sharedResults).where(eq(sharedResults.pairId, pairWith))).toEqual([]);
    expect(await db.select().from(chatNarratives).where(eq(chatNarratives.pairId, pairWith))).toEqual([]);
    expect(
      await db
        .select()
        .from(dashboardHistory)
        .where(sql`${dashboardHistory.actors} @> ${JSON.stringify([{ id }])}::jsonb`),
    ).toEqual([]);
    const [sceneAfter] = await db.select().from(scenes).where(eq(scenes.id, sceneId));
    expect(sceneAfter).toMatchObject({ summary: null, band: null });
    expect(await db.select().from(computeJobs).where(eq(computeJobs.subjectId, sceneId))).toEqual([]);

    // Others untouched: their estimates, final scores, scores and the pair without the person.
    expect(await countOf(profileEstimates, other)).toBe(1);
    expect(await countOf(profileFinalScores, other)).toBe(1);
    expect(await rowOf(other)).toMatchObject({ state: 'ack_a', firstName: 'Boris', competencies: 60 });
    const [untouched] = await db.select().from(pairRequests).where(eq(pairRequests.id, pairWithout));
    expect(untouched!.result).not.toBeNull();

    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, id), eq(adminAuditLog.action, 'profile.withdraw')));
    expect(audit).toMatchObject({ administratorId: 'person', entity: 'profile', before: null });
    expect(JSON.stringify(audit)).not.toMatch(/Анна|Иванова/);

    const [mail] = await mailTo(t, owner.email);
    expect(mail).toMatchObject({ kind: 'withdrawn', locale: 'ru' });
    expect(mail!.textBody).toContain('Анна Иванова');
    expect(mail!.textBody).toContain('/owner/profiles');

    const list = await call({ method: 'GET', url: '/api/owner/profiles', who: owner });
    expect(list.body.result.items.find((item: { _id: string }) => item._id === id)).toMatchObject({ state: 'withdrawn', name: '', filledBy: 'person' });

    const page = PersonPageSchema.parse((await call({ method: 'GET', url: `/api/profile/person/${token}` })).body.result);
    expect(page.data).toBeNull();
    expect(page.withdrawnAt).toBe(res.body.result.withdrawnAt);
  });

  it('is one transaction: when any part of the erasure fails, nothing is deleted and the link still works', async () => {
    const { id, token } = await sendByLink(owner);
    const estimator = await createEstimator(t);
    await t.database.db.insert(profileEstimates).values({ estimatorId: estimator.id, profileId: id, score: 70 });
    failingErasure.add(id);
    expect((await call({ method: 'POST', url: `/api/profile/person/${token}/withdraw` })).status).toBe(500);
    failingErasure.delete(id);
    expect(await rowOf(id)).toMatchObject({ state: 'ack_a', firstName: 'Анна' });
    expect(await countOf(profileEstimates, id)).toBe(1);
    expect(await countOf(profileExplanations, id)).toBe(1);
    expect((await call({ method: 'POST', url: `/api/profile/person/${token}/withdraw` })).status).toBe(200);
    expect(await countOf(profileEstimates, id)).toBe(0);
  });

  it('works once; the pair and the team with the withdrawn profile answer profile_withdrawn in both languages', async () => {
    const { id, token, permalink } = await sendByLink(owner);
    const other = await insertProfile(t, owner.id);
    const pair = (await call({ method: 'POST', url: '/api/scene/p2p', who: owner, payload: { actors: [other, id] } })).body.result._id as string;
    expect((await call({ method: 'POST', url: `/api/profile/person/${token}/withdraw` })).status).toBe(200);

    const again = await call({ method: 'POST', url: `/api/profile/person/${token}/withdraw`, lang: 'en' });
    expect(again).toMatchObject({ status: 410, body: { error: { code: 'profile_withdrawn' } } });
    expect(await call({ method: 'GET', url: `/api/profile/${permalink}` })).toMatchObject({ status: 404, body: { error: { code: 'link_invalid' } } });

    const ru = await call({ method: 'PUT', url: `/api/scene/p2p/${pair}/run`, who: owner, payload: {} });
    expect(ru).toMatchObject({ status: 410, body: { error: { code: 'profile_withdrawn', message: expect.stringContaining('отозвал') } } });
    const en = await call({ method: 'PUT', url: `/api/scene/p2p/${pair}/run`, who: owner, payload: {}, lang: 'en' });
    expect(en).toMatchObject({ status: 410, body: { error: { code: 'profile_withdrawn', message: expect.stringContaining('withdrew') } } });

    const renamed = await call({ method: 'PATCH', url: `/api/owner/profiles/${id}`, who: owner, payload: { firstName: 'Анна' } });
    expect(renamed).toMatchObject({ status: 410, body: { error: { code: 'profile_withdrawn' } } });
    const resent = await call({ method: 'POST', url: `/api/owner/profiles/get-referral-id/${id}`, who: owner, payload: {} });
    expect(resent).toMatchObject({ status: 410, body: { error: { code: 'profile_withdrawn' } } });

    const sceneId = crypto.randomUUID();
    await t.database.db.insert(scenes).values({ id: sceneId, ownerId: owner.id, title: 'Team', startDay: '2026-11-01', actors: teamActors([other, id]) });
    const team = await call({ method: 'PUT', url: `/api/scene/scene/${sceneId}/run`, who: owner, lang: 'en' });
    expect(team).toMatchObject({ status: 410, body: { error: { code: 'profile_withdrawn' } } });
  });

  it('the love variant gets the same page: the anonymous love profile returns its private link', async () => {
    const love = (await t.app.inject({ method: 'GET', url: '/api/owner/questionnaire/unsecure?kind=love' })).json().result as QuestionnaireDefinition;
    const res = await call({
      method: 'POST',
      url: '/api/owner/profiles/unsecure',
      lang: 'en',
      payload: { answers: fillAnswers(love.steps), firstName: 'Lena', birthDate: '1995-03-01T00:00:00.000Z', consent: true, noticeVersion: NOTICE_VERSION },
    });
    expect(res.status).toBe(201);
    const page = PersonPageSchema.parse((await call({ method: 'GET', url: `/api/profile/person/${res.body.result.personToken}` })).body.result);
    expect(page.holder).toBeNull();
    expect(page.consent).toMatchObject({ locale: 'en', by: 'person' });
    expect(page.data!.scores.love).not.toBeNull();
    expect((await call({ method: 'POST', url: `/api/profile/person/${res.body.result.personToken}/withdraw` })).status).toBe(200);
    expect(await rowOf(res.body.result._id)).toMatchObject({ state: 'withdrawn', answers: [], loveScores: null, firstName: null });
  });
});

describe('profiles the owner fills about someone else', () => {
  it('need the owner to confirm that the person knows, and are marked filled by the owner with that consent', async () => {
    const answers = fillAnswers((await call({ method: 'GET', url: '/api/owner/questionnaire?short=true', who: owner })).body.result.steps);
    const refused = await call({
      method: 'POST',
      url: '/api/owner/profiles/short',
      who: owner,
      lang: 'en',
      payload: { firstName: 'Ivan', lastName: 'Orlov', answers },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('personInformed');
    const created = await call({
      method: 'POST',
      url: '/api/owner/profiles/short',
      who: owner,
      lang: 'en',
      payload: { firstName: 'Ivan', lastName: 'Orlov', answers, personInformed: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.result.filledBy).toBe('owner');
    expect(await rowOf(created.body.result._id)).toMatchObject({
      filledBy: 'owner',
      consentVersion: NOTICE_VERSION,
      consentLocale: 'en',
      personTokenHash: null,
    });
  });
});

describe('the person routes in the API description', () => {
  it('lists the page and the withdrawal as anonymous operations under /api/profile/, both rate-limited', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const page = doc.paths['/api/profile/person/{token}']?.get;
    const withdraw = doc.paths['/api/profile/person/{token}/withdraw']?.post;
    expect(page?.summary).toContain('own page');
    expect(withdraw?.summary).toContain('Withdraws');
    expect(page.security).toBeUndefined();
    expect(withdraw.security).toBeUndefined();
    const entries = t.app.accessCatalogue.filter((entry) => entry.url.startsWith('/api/profile/person/'));
    expect(entries.map((entry) => [entry.method, entry.access, entry.rateLimited])).toEqual([
      ['GET', 'anonymous', true],
      ['POST', 'anonymous', true],
    ]);
  });
});
