import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, profileEstimates } from '../../db/schema/index.ts';
import { createAdministrator, createEstimator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCompletedProfile } from '../scoring/scoring.test-support.ts';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdministrator(t);
});
afterAll(() => t.close());

type Page = { items: Array<{ _id: string }>; total: number; nextCursor: string | null };

async function page(who: SignedIn, url: string): Promise<Page> {
  const response = await t.app.inject({ method: 'GET', url, headers: { ...who.headers, 'accept-language': 'en' } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { result: Page }).result;
}

/**
 * Reads a list 2 rows at a time by cursor, calling `between` after each page, until the last page; answers the ids in
 * the order read.
 */
async function readByCursor(who: SignedIn, url: string, between: (pageNumber: number) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let number = 1; number < 50; number++) {
    const current: Page = await page(who, `${url}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...current.items.map((item) => item._id));
    cursor = current.nextCursor;
    if (!cursor) return seen;
    await between(number);
  }
  throw new Error('the list did not end');
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

describe('keyset pages are stable under inserts', () => {
  it("the administrator's profile list, newest first: rows created between page reads neither repeat nor push a row out", async () => {
    const owner = await createOwner(t);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await insertCompletedProfile(t, owner.id, [], { createdAt: day(i) }));
    const url = `/api/admin/profiles?ownerIdFilter=${owner.id}&sort=createdAt&order=desc`;
    // Between pages a newer profile arrives each time: by offset the next page would start one row early.
    const added: string[] = [];
    const read = await readByCursor(admin, url, async (n) => void added.push(await insertCompletedProfile(t, owner.id, [], { createdAt: day(100 + n) })));
    expect(read).toEqual([...ids].reverse());
    expect(added.length).toBeGreaterThan(0);
    // The newest page now starts with what was added, and offset paging still works beside the cursor.
    expect((await page(admin, `${url}&limit=2&offset=0`)).items.map((item) => item._id)).toEqual([added.at(-1), added.at(-2)]);
    // A forged cursor is refused on its field.
    const forged = await t.app.inject({ method: 'GET', url: `${url}&cursor=bm9wZQ`, headers: { ...admin.headers, 'accept-language': 'ru' } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'validation_failed', field: 'cursor' } });
  });

  it('the audit log, newest first', async () => {
    const entity = `keyset-${crypto.randomUUID()}`;
    const entry = async (n: number) => {
      const id = crypto.randomUUID();
      await t.database.db
        .insert(adminAuditLog)
        .values({ id, administratorId: admin.id, action: 'test', entity, entityId: String(n), before: null, after: null, createdAt: day(n) });
      return id;
    };
    // Two entries share a time: the id orders them.
    const ids = [await entry(0), await entry(1), await entry(1), await entry(2), await entry(3)];
    const read = await readByCursor(admin, `/api/admin/audit-log?entity=${entity}`, async (n) => void (await entry(100 + n)));
    const expected = [ids[0]!, ...[ids[1]!, ids[2]!].sort(), ids[3]!, ids[4]!].reverse();
    expect(read).toEqual(expected);
  });

  it("the estimator's profile list, oldest update first: rows assigned between page reads with older updates are not read twice", async () => {
    const owner = await createOwner(t);
    const estimator = await createEstimator(t);
    const assign = async (n: number) => {
      const id = await insertCompletedProfile(t, owner.id, [{ neuron: 'С_Пол', value: 'Ж' }], { updatedAt: day(n) });
      await t.database.db.insert(profileEstimates).values({ estimatorId: estimator.id, profileId: id });
      return id;
    };
    const ids: string[] = [];
    for (let i = 10; i < 16; i++) ids.push(await assign(i));
    // Each new assignment sorts before every row read so far: by offset the next page would repeat a row.
    const read = await readByCursor(estimator, '/api/estimator/profiles?sort=updatedAt&order=asc', async (n) => void (await assign(n)));
    expect(read).toEqual(ids);
  });
});
