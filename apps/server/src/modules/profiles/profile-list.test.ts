import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@teamcast/contracts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDriver } from '../../test/test-database.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { items: Array<{ _id: string; firstName: string }>; total: number; nextCursor: string | null };

async function list(who: SignedIn, query: Record<string, string | number>): Promise<Page> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/owner/profiles',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

async function createProfile(who: SignedIn, firstName: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/owner/profiles', headers: who.headers, payload: { firstName, lastName: 'Keyset' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result._id;
}

/** Rows straight into the table: many profiles of one owner, created a second apart from `start` going back. */
async function insertProfiles(ownerId: string, count: number, prefix: string, start = Date.now()): Promise<void> {
  await t.database.query(
    `insert into profiles (id, owner_id, kind, first_name, last_name, permalink, link_expires_at, created_at, updated_at)
     select $2 || n, $1, 'standard', $2 || n, 'Старый', $2 || 'link' || n, now() + interval '30 days',
            to_timestamp($4::double precision / 1000) - n * interval '1 second', to_timestamp($4::double precision / 1000) - n * interval '1 second'
     from generate_series(1, $3::integer) as n`,
    [ownerId, prefix, count, start],
  );
}

describe(`the owner's profile list by cursor on ${testDriver}`, () => {
  it('pages by cursor without skipping or repeating a row when rows are inserted between pages', async () => {
    const owner = await createOwner(t);
    const before: string[] = [];
    for (let i = 0; i < 12; i += 1) before.push(await createProfile(owner, `Первый${'а'.repeat(i + 1)}`));
    for (const order of ['desc', 'asc'] as const) {
      const seen: string[] = [];
      let page = await list(owner, { limit: 5, order });
      seen.push(...page.items.map((item) => item._id));
      let inserted = 0;
      while (page.nextCursor) {
        // Newer rows arrive while the owner reads: they sort before the cursor (desc) or after the last row (asc).
        await createProfile(owner, `Новый${'б'.repeat(++inserted)}`);
        page = await list(owner, { limit: 5, order, cursor: page.nextCursor });
        seen.push(...page.items.map((item) => item._id));
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
    }
  });

  it('keeps the order of rows created in the same millisecond and follows the search and filter', async () => {
    const owner = await createOwner(t);
    const at = Date.now();
    await t.database.query(
      `insert into profiles (id, owner_id, kind, first_name, last_name, permalink, link_expires_at, created_at, updated_at)
       select 'same' || n, $1, 'standard', case when n % 2 = 0 then 'Чётный' else 'Нечётный' end, 'Тот же', 'samelink' || $2 || n, now() + interval '30 days',
              to_timestamp($2::double precision / 1000), to_timestamp($2::double precision / 1000)
       from generate_series(1, 9) as n`,
      [owner.id, at],
    );
    const seen: string[] = [];
    let page = await list(owner, { limit: 2, search: 'Нечётн' });
    seen.push(...page.items.map((item) => item._id));
    while (page.nextCursor) {
      page = await list(owner, { limit: 2, search: 'Нечётн', cursor: page.nextCursor });
      seen.push(...page.items.map((item) => item._id));
    }
    expect(seen).toEqual(['same9', 'same7', 'same5', 'same3', 'same1']);
    expect(page.total).toBe(5);
  });

  it('refuses a cursor it did not give', async () => {
    const owner = await createOwner(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/owner/profiles?cursor=bm90LWEtY3Vyc29y', headers: owner.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'cursor' });
  });

  it('finds by search a profile older than the newest 1,000, as the pickers ask as one types', async () => {
    const owner = await createOwner(t);
    await insertProfiles(owner.id, MAX_PAGE_SIZE + 200, 'bulk');
    // The oldest row, far beyond the newest 1,000 the pickers used to load.
    const oldest = `bulk${MAX_PAGE_SIZE + 200}`;
    const newest = await list(owner, { limit: MAX_PAGE_SIZE });
    expect(newest.items.map((item) => item._id)).not.toContain(oldest);
    const found = await list(owner, { search: oldest, limit: 20, sort: 'updatedAt' });
    expect(found.items.map((item) => item._id)).toEqual([oldest]);
  });
});
