import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { statementsOf } from '../../test/statements.ts';
import { testDriver } from '../../test/test-database.ts';
import { subscribe } from '../scenes/scenes.test-support.ts';
import { filledPair } from './pairs.fixtures.ts';

// Issue 23: what a pair forecast sends to the database once the session is trusted (the session cache is set to a
// minute here). It sent seventeen: among them a transaction of seven for the dashboard history, and the access rules
// read twice; then ten, then nine.
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '60000' });
  owner = await createOwner(t);
  await subscribe(t.database.db, owner.id, 'LITE_1M');
});
afterAll(() => t.close());

describe(`a pair forecast on ${testDriver}`, () => {
  it('runs, stores and records itself in five statements (four embedded) and no transaction, and the accuracy kept a second', async () => {
    const [a, b] = await filledPair(t, owner.id);
    const created = await t.app.inject({ method: 'POST', url: '/api/scene/p2p', headers: owner.headers, payload: { actors: [a, b] } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().result._id as string;
    const run = () => t.app.inject({ method: 'PUT', url: `/api/scene/p2p/${id}/run`, headers: owner.headers, payload: {} });
    expect((await run()).statusCode).toBe(200);
    const { statements, transactions } = await statementsOf(t, async () => {
      const response = await run();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result).toMatchObject({ _id: id, result: expect.any(Object) });
    });
    // One statement reads the pair (without its stored forecast), the owner's access rules, the people, and for the
    // answer the pair's unlock and the people's weekly hours; then the stored result; the history entry (one function
    // call) and, on PostgreSQL, its notice to the owner's tabs in other processes (the embedded database has no other
    // process: its notice is handed over in this one); after the answer, the team monitor's look for a monitor of this
    // pair. The published accuracy is read at most once a second per process (the run before this one may have read
    // it within the second, or not).
    expect(statements.filter((sql) => sql.includes('dashboard_history_record'))).toHaveLength(1);
    const accuracyReads = statements.filter((sql) => /from "scoring_models"/.test(sql)).length;
    expect(accuracyReads).toBeLessThanOrEqual(1);
    expect(statements.length - accuracyReads).toBe(testDriver === 'postgres' ? 5 : 4);
    expect(statements.filter((sql) => sql.includes('pg_notify'))).toHaveLength(testDriver === 'postgres' ? 1 : 0);
    expect(transactions).toBe(0);
    const history = await t.app.inject({ method: 'GET', url: '/api/owner/history', headers: owner.headers });
    expect(history.json().result).toMatchObject({ entries: [{ id, type: 'pair' }], counters: { p2p: 2 } });
  });
});
