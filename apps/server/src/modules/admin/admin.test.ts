import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage } from '@teamcast/contracts';
import { profileEstimates, profiles, subscriptions } from '../../db/schema/index.ts';
import { createAdministrator, createEstimator, createOwner, mailTo, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdministrator(t);
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: unknown; who?: SignedIn | null; lang?: string };
async function call({ method, url, body, who = admin, lang = 'ru' }: Call) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'accept-language': lang, ...(who ? who.headers : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

async function subscribe(ownerId: string, status: 'active' | 'past_due' | 'canceled', plan = 'MID_1M_2') {
  const now = Date.now();
  await t.database.db.insert(subscriptions).values({
    id: crypto.randomUUID(),
    ownerId,
    provider: 'builtin',
    plan,
    status,
    currency: 'RUB',
    amount: 1000,
    startedAt: new Date(now - 3 * day),
    currentPeriodStart: new Date(now - 3 * day),
    currentPeriodEnd: new Date(now + 27 * day),
  });
}

async function addProfile(ownerId: string | null, values: Partial<typeof profiles.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await t.database.db
    .insert(profiles)
    .values({ id, ownerId, kind: 'standard', firstName: 'Анна', permalink: crypto.randomUUID(), linkExpiresAt: new Date(Date.now() + 30 * day), ...values });
  return id;
}

const ids = (body: { result: { items: { _id: string }[] } }) => body.result.items.map((item) => item._id);

describe('access', () => {
  it('refuses every admin route to anonymous callers (401) and to owners and estimators (403)', async () => {
    const owner = await createOwner(t);
    const estimator = await createEstimator(t);
    const adminRoutes = t.app.accessCatalogue.filter((entry) => entry.url.startsWith('/api/admin/') && entry.access !== 'anonymous');
    const mine = adminRoutes.filter((entry) => /^\/api\/admin\/(owners|estimators|profiles|profile-filter|audit-log|:role)/.test(entry.url));
    expect(mine.length).toBeGreaterThanOrEqual(19);
    for (const entry of adminRoutes) {
      expect(entry.access, entry.url).toEqual(['administrator']);
      const url = entry.url.replace(':role', 'owner').replace(/:\w+/g, 'x');
      const method = entry.method as Call['method'];
      expect((await call({ method, url, who: null })).status, `${entry.method} ${url}`).toBe(401);
      expect((await call({ method, url, who: owner })).status, `${entry.method} ${url}`).toBe(403);
      expect((await call({ method, url, who: estimator })).status, `${entry.method} ${url}`).toBe(403);
    }
  });
});

describe('owners (companies)', () => {
  // Every test gets its own four companies (their names and addresses carry a tag its searches filter on): a test that
  // edits or deletes one changes nothing another test reads, in whatever order they run.
  let tag: string;
  let search: string;
  let paid: SignedIn;
  let lapsed: SignedIn;
  let free: SignedIn;
  let old: SignedIn;
  beforeEach(async () => {
    tag = crypto.randomUUID().slice(0, 8);
    search = `-co-${tag}@example.com`;
    old = await createOwner(t, { email: `old${search}`, companyName: `Старая компания ${tag}`, createdAt: new Date('2026-01-10T12:00:00Z') });
    free = await createOwner(t, { email: `free${search}`, companyName: 'Free Co', createdAt: new Date(Date.now() - 2 * day), verifiedAt: null });
    lapsed = await createOwner(t, { email: `lapsed${search}`, companyName: 'Lapsed Co', createdAt: new Date(Date.now() - day) });
    paid = await createOwner(t, { email: `paid${search}`, companyName: 'Paid Co', createdAt: new Date() });
    await subscribe(paid.id, 'active');
    await subscribe(lapsed.id, 'past_due');
    await addProfile(paid.id);
    await addProfile(paid.id);
    await addProfile(paid.id, { state: 'deleted' });
  });

  it('lists newest first by default with subscription, profile count and verification', async () => {
    const res = await call({ method: 'GET', url: `/api/admin/owners?search=${search}` });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([paid.id, lapsed.id, free.id, old.id]);
    const first = res.body.result.items[0];
    expect(first).toMatchObject({
      email: paid.email,
      companyName: 'Paid Co',
      profilesCount: 2,
      verified: true,
      subscribe: { plan: 'MID_1M_2', status: 'active' },
    });
    expect(res.body.result.items[2]).toMatchObject({ verified: false, subscribe: null });
    const asc = await call({ method: 'GET', url: `/api/admin/owners?search=${search}&order=asc&limit=2&offset=1` });
    expect(ids(asc.body)).toEqual([free.id, lapsed.id]);
    expect(asc.body.result.total).toBe(4);
  });

  it('filters by subscription, status and creation dates', async () => {
    const active = await call({ method: 'GET', url: `/api/admin/owners?search=${search}&subscribe=active` });
    expect(ids(active.body)).toEqual([paid.id]);
    const none = await call({ method: 'GET', url: `/api/admin/owners?search=${search}&subscribe=none` });
    expect(ids(none.body)).toEqual([lapsed.id, free.id, old.id]);
    const pastDue = await call({ method: 'GET', url: `/api/admin/owners?search=${search}&subscribe=past_due` });
    expect(ids(pastDue.body)).toEqual([lapsed.id]);
    const unverified = await call({ method: 'GET', url: `/api/admin/owners?search=${search}&status=unverified` });
    expect(ids(unverified.body)).toEqual([free.id]);
    const january = await call({ method: 'GET', url: `/api/admin/owners?search=${search}&dateStart=2026-01-10&dateEnd=2026-01-10` });
    expect(ids(january.body)).toEqual([old.id]);
    const company = await call({ method: 'GET', url: `/api/admin/owners?search=${encodeURIComponent(`старая компания ${tag}`)}` });
    expect(ids(company.body)).toEqual([old.id]);
  });

  it('refuses an unknown subscription filter with a Russian message', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/owners?subscribe=gold' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('updates an owner and writes the change to the audit log with before and after', async () => {
    const res = await call({ method: 'PATCH', url: `/api/admin/owners/${free.id}`, body: { companyName: 'Free Company', verified: true } });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ companyName: 'Free Company', verified: true });
    const log = await call({ method: 'GET', url: `/api/admin/audit-log?entity=owner&entityId=${free.id}` });
    expect(log.body.result.items[0]).toMatchObject({
      administratorId: admin.id,
      administratorEmail: admin.email,
      action: 'owner.update',
      before: { companyName: 'Free Co', verified: false },
      after: { companyName: 'Free Company', verified: true },
    });
  });

  it("refuses another owner's e-mail in the user's language", async () => {
    const res = await call({ method: 'PATCH', url: `/api/admin/owners/${free.id}`, body: { email: paid.email }, lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'email_in_use', message: errorMessage('email_in_use', 'en'), field: 'email' });
  });

  it('mails a sign-in link to an owner and logs it', async () => {
    const res = await call({ method: 'POST', url: `/api/admin/owner/${paid.id}/mail/login-link` });
    expect(res.body).toEqual({ result: { sent: true } });
    const [message] = await mailTo(t, paid.email);
    expect(message?.kind).toBe('magic');
    expect(message?.textBody).toMatch(/\/owner\/magic-link\?token=/);
    const unknown = await call({ method: 'POST', url: '/api/admin/owner/nobody/mail/login-link' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(errorMessage('user_not_found', 'ru'));
  });

  it('bulk deletes owners with their data and reports how many were deleted', async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const profileId = await addProfile(a.id);
    const res = await call({ method: 'DELETE', url: '/api/admin/owners', body: { ids: [a.id, b.id, 'missing'] } });
    expect(res.body.result).toEqual({ changed: 2 });
    expect((await call({ method: 'GET', url: `/api/admin/owners/${a.id}` })).status).toBe(404);
    expect((await call({ method: 'GET', url: `/api/admin/profiles/${profileId}` })).status).toBe(404);
    expect((await call({ method: 'GET', url: '/api/owner/self', who: a })).status).toBe(401);
    const log = await call({ method: 'GET', url: `/api/admin/audit-log?entity=owner&entityId=${b.id}` });
    expect(log.body.result.items[0]).toMatchObject({ action: 'owner.delete', before: { _id: b.id }, after: null });
  });
});

describe('estimators', () => {
  it('creates, lists, edits and deletes an estimator, each change in the audit log', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/admin/estimators',
      body: { name: 'Ирина Петрова', email: 'Irina@Example.com', username: 'irina', information: 'HR' },
    });
    expect(created.status).toBe(201);
    const id = created.body.result._id as string;
    expect(created.body.result).toMatchObject({ name: 'Ирина Петрова', email: 'irina@example.com', username: 'irina', nextProfileBatch: 10, profilesCount: 0 });

    const list = await call({ method: 'GET', url: '/api/admin/estimators?search=irina' });
    expect(ids(list.body)).toEqual([id]);

    const edited = await call({ method: 'PATCH', url: `/api/admin/estimators/${id}`, body: { nextProfileBatch: 25, information: '' } });
    expect(edited.body.result).toMatchObject({ nextProfileBatch: 25, information: null });

    const link = await call({ method: 'POST', url: `/api/admin/estimator/${id}/mail/login-link` });
    expect(link.body.result.sent).toBe(true);
    expect((await mailTo(t, 'irina@example.com'))[0]?.textBody).toMatch(/\/estimator\/magic-link\?token=/);

    expect((await call({ method: 'DELETE', url: `/api/admin/estimators/${id}` })).body.result).toEqual({ changed: 1 });
    expect((await call({ method: 'GET', url: `/api/admin/estimators/${id}` })).status).toBe(404);
    expect(ids((await call({ method: 'GET', url: '/api/admin/estimators?search=irina' })).body)).toEqual([]);

    const log = await call({ method: 'GET', url: `/api/admin/audit-log?entity=estimator&entityId=${id}` });
    expect(log.body.result.items.map((entry: { action: string }) => entry.action)).toEqual([
      'estimator.delete',
      'estimator.login-link',
      'estimator.update',
      'estimator.create',
    ]);
    expect(log.body.result.items[2]).toMatchObject({ before: { nextProfileBatch: 10 }, after: { nextProfileBatch: 25 } });
  });

  it('refuses a taken username and an invalid name with messages in Russian', async () => {
    await createEstimator(t, { username: 'taken-name' });
    const taken = await call({ method: 'POST', url: '/api/admin/estimators', body: { name: 'Олег', email: 'oleg@example.com', username: 'Taken-Name' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'username_in_use', message: 'Это имя пользователя уже занято', field: 'username' });
    const badName = await call({ method: 'POST', url: '/api/admin/estimators', body: { name: 'Oleg1', email: 'oleg@example.com', username: 'oleg' } });
    expect(badName.status).toBe(400);
    expect(badName.body.error.message).toBe('Только кириллица и латиница');
  });
});

describe('profiles', () => {
  let owner: SignedIn;
  let other: SignedIn;
  let estimator: SignedIn;
  let tag: string;
  const p: Record<string, string> = {};
  // Every test gets its own owners, estimator and profiles: a test that confirms, cancels or deletes a profile changes
  // nothing another test reads, in whatever order they run.
  beforeEach(async () => {
    tag = crypto.randomUUID().slice(0, 8);
    owner = await createOwner(t, { email: `profiles-${tag}-owner@example.com` });
    other = await createOwner(t, { email: `profiles-${tag}-other@example.com` });
    estimator = await createEstimator(t);
    const base = Date.parse('2026-03-01T00:00:00Z');
    p.empty = await addProfile(owner.id, { lastName: 'Empty', createdAt: new Date(base) });
    p.completed = await addProfile(owner.id, { lastName: 'Completed', state: 'answered', createdAt: new Date(base + day) });
    p.approved = await addProfile(owner.id, { lastName: 'Approved', state: 'ack_a', grade: 'MIDDLE', createdAt: new Date(base + 2 * day) });
    p.estimated = await addProfile(owner.id, { lastName: 'Estimated', state: 'ack_a', grade: 'SENIOR', createdAt: new Date(base + 3 * day) });
    p.suspicious = await addProfile(other.id, { lastName: 'Suspicious', state: 'ack_a', createdAt: new Date(base + 4 * day) });
    p.deleted = await addProfile(other.id, { lastName: 'Deleted', state: 'deleted', createdAt: new Date(base + 5 * day) });
    await t.database.db.insert(profileEstimates).values([
      { estimatorId: estimator.id, profileId: p.estimated, score: 70 },
      { estimatorId: estimator.id, profileId: p.suspicious, skipStatus: 'suspicious' },
    ]);
  });
  const only = (query: string) => call({ method: 'GET', url: `/api/admin/profiles?ownerIdFilter=${query}` });

  it('lists with statuses, newest first, and leaves deleted profiles out', async () => {
    const res = await call({ method: 'GET', url: `/api/admin/profiles?ownerIdFilter=${owner.id}` });
    expect(res.body.result.items.map((item: { lastName: string; status: string }) => [item.lastName, item.status])).toEqual([
      ['Estimated', 'estimated'],
      ['Approved', 'approved'],
      ['Completed', 'completed'],
      ['Empty', 'empty'],
    ]);
    expect(res.body.result.items[0].owner).toMatchObject({ _id: owner.id, email: owner.email });
    const asc = await call({ method: 'GET', url: `/api/admin/profiles?ownerIdFilter=${owner.id}&order=asc&limit=1` });
    expect(ids(asc.body)).toEqual([p.empty]);
  });

  it('filters by grade, rated, approved, skip status and deleted', async () => {
    expect(ids((await only(`${owner.id}&gradeFilter=SENIOR`)).body)).toEqual([p.estimated]);
    expect(ids((await only(`${owner.id}&onlyRated=true`)).body)).toEqual([p.estimated]);
    expect(ids((await only(`${owner.id}&onlyApproved=true`)).body)).toEqual([p.estimated, p.approved]);
    expect(ids((await only(`${other.id}&skipStatus=suspicious`)).body)).toEqual([p.suspicious]);
    const deleted = await only(`${other.id}&onlyDeleted=true`);
    expect(deleted.body.result.items.map((item: { _id: string; status: string }) => [item._id, item.status])).toEqual([[p.deleted, 'deleted']]);
  });

  it('gives the owners that have profiles for the owner filter', async () => {
    const res = await call({ method: 'GET', url: `/api/admin/profile-filter/owners?search=profiles-${tag}-` });
    expect(res.body.result).toEqual([
      { _id: other.id, email: other.email, companyName: 'Test company', profilesCount: 2 },
      { _id: owner.id, email: owner.email, companyName: 'Test company', profilesCount: 4 },
    ]);
  });

  it("shows the estimates and the final score, which overrides the estimators' label", async () => {
    const put = await call({ method: 'PUT', url: `/api/admin/profiles/${p.estimated}/final-score`, body: { score: 35 } });
    expect(put.status).toBe(200);
    const res = await call({ method: 'GET', url: `/api/admin/profiles/${p.estimated}` });
    expect(res.body.result).toMatchObject({ finalScore: 35, estimates: [{ estimatorId: estimator.id, score: 70 }] });
    const log = await call({ method: 'GET', url: `/api/admin/audit-log?entity=profile&entityId=${p.estimated}` });
    expect(log.body.result.items[0]).toMatchObject({ administratorId: admin.id, action: 'PUT /profiles/:id/final-score', before: null, after: { score: 35 } });
  });

  it('cancels a confirmation: a submitted profile goes back to completed, others are refused', async () => {
    const res = await call({ method: 'POST', url: `/api/admin/profiles/${p.approved}/cancel-confirmation` });
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('completed');
    const again = await call({ method: 'POST', url: `/api/admin/profiles/${p.approved}/cancel-confirmation` });
    expect(again.status).toBe(409);
    const log = await call({ method: 'GET', url: `/api/admin/audit-log?entity=profile&entityId=${p.approved}` });
    expect(log.body.result.items[0]).toMatchObject({ action: 'profile.cancel-confirmation', before: { status: 'approved' }, after: { status: 'completed' } });
  });

  it('updates names and bulk deletes profiles, reporting only the rows that changed', async () => {
    const edited = await call({ method: 'PATCH', url: `/api/admin/profiles/${p.empty}`, body: { firstName: 'Мария' } });
    expect(edited.body.result.firstName).toBe('Мария');
    const res = await call({ method: 'DELETE', url: '/api/admin/profiles', body: { ids: [p.empty, p.completed, p.deleted] } });
    expect(res.body.result).toEqual({ changed: 2 });
    expect(ids((await only(owner.id)).body)).toEqual([p.estimated, p.approved]);
    const [row] = await t.database.db
      .select({ state: profiles.state })
      .from(profiles)
      .where(eq(profiles.id, String(p.empty)));
    expect(row?.state).toBe('deleted');
    const log = await call({ method: 'GET', url: `/api/admin/audit-log?entity=profile&entityId=${p.completed}` });
    expect(log.body.result.items[0]).toMatchObject({ action: 'profile.delete', before: { status: 'completed' }, after: { status: 'deleted' } });
  });

  it('refuses an empty id list for bulk delete', async () => {
    const res = await call({ method: 'DELETE', url: '/api/admin/profiles', body: { ids: [] } });
    expect(res.status).toBe(400);
  });
});

describe('empty changes', () => {
  it('refuses an empty change of an owner, an estimator or a profile with 400 and no field, in Russian and English', async () => {
    const owner = await createOwner(t);
    const estimator = await createEstimator(t);
    const profileId = await addProfile(owner.id);
    for (const url of [`/api/admin/owners/${owner.id}`, `/api/admin/estimators/${estimator.id}`, `/api/admin/profiles/${profileId}`]) {
      const ru = await call({ method: 'PATCH', url, body: {} });
      expect(ru.status, url).toBe(400);
      expect(ru.body.error).toEqual({ code: 'validation_failed', message: 'Нечего менять: передайте хотя бы одно поле' });
      const en = await call({ method: 'PATCH', url, body: {}, lang: 'en' });
      expect(en.body.error).toEqual({ code: 'validation_failed', message: 'Nothing to change: send at least one field' });
    }
  });
});

describe('audit log', () => {
  it("records the other modules' admin changes (questionnaires) and not refused calls", async () => {
    const list = await call({ method: 'GET', url: '/api/admin/questionnaire' });
    const id = list.body.result.items[0]._id as string;
    const renamed = await call({ method: 'PATCH', url: `/api/admin/questionnaire/${id}`, body: { name: 'Переименованная' } });
    expect(renamed.status).toBe(200);
    const refused = await call({ method: 'PATCH', url: `/api/admin/questionnaire/${id}`, body: { name: '' } });
    expect(refused.status).toBe(400);
    const log = await call({ method: 'GET', url: `/api/admin/audit-log?entity=questionnaire&entityId=${id}` });
    expect(log.body.result.items).toHaveLength(1);
    expect(log.body.result.items[0]).toMatchObject({ action: 'PATCH /questionnaire/:id', after: { name: 'Переименованная' } });
  });

  it('lists entries newest first with paging', async () => {
    // Its own entries, so the figure does not depend on what the tests before it changed.
    const owner = await createOwner(t);
    for (const companyName of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
      expect((await call({ method: 'PATCH', url: `/api/admin/owners/${owner.id}`, body: { companyName } })).status).toBe(200);
    }
    const res = await call({ method: 'GET', url: '/api/admin/audit-log?limit=2' });
    expect(res.body.result.items).toHaveLength(2);
    expect(res.body.result.total).toBeGreaterThan(5);
    const [a, b] = res.body.result.items;
    expect(Date.parse(a.createdAt)).toBeGreaterThanOrEqual(Date.parse(b.createdAt));
    const page2 = await call({ method: 'GET', url: '/api/admin/audit-log?limit=2&offset=2' });
    expect(ids(page2.body)).not.toContain(a._id);
  });
});
