import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { statementsOf } from '../../test/statements.ts';
import { testDriver } from '../../test/test-database.ts';

// Issue 23: a profile read and a list page each cost one statement once the session is trusted (the session cache is
// set to a minute here, so the second request never reads its session again).
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '60000' });
  owner = await createOwner(t);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.headers });

describe(`profile reads on ${testDriver}`, () => {
  it('reads a profile with its uses, mood, main profile and access rules in one statement', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/owner/profiles', headers: owner.headers, payload: { firstName: 'Анна' } });
    const id = created.json().result._id as string;
    expect((await get(`/api/owner/profiles/${id}`)).statusCode).toBe(200);
    const { statements, transactions } = await statementsOf(t, async () =>
      expect((await get(`/api/owner/profiles/${id}`)).json().result).toMatchObject({ _id: id, usage: { teams: 0, evaluations: 0 } }),
    );
    expect(statements).toHaveLength(1);
    expect(transactions).toBe(0);
  });

  it('reads a list page with both counts, the moods, the main profile and access rules in one statement', async () => {
    // A profile of its own to list: the read test's may not exist yet (the order is shuffled in the stress run).
    expect((await t.app.inject({ method: 'POST', url: '/api/owner/profiles', headers: owner.headers, payload: { firstName: 'Борис' } })).statusCode).toBe(201);
    await get('/api/owner/profiles?limit=50');
    const { statements, transactions } = await statementsOf(t, async () =>
      expect((await get('/api/owner/profiles?limit=50')).json().result.profilesCount).toBeGreaterThan(0),
    );
    expect(statements).toHaveLength(1);
    expect(transactions).toBe(0);
  });
});
