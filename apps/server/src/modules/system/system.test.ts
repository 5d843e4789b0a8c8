import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A server database can go away under a running server; the embedded one lives in the process (closing it under the
// running app only breaks the app's own listeners), so this runs in the PostgreSQL pass (TEST_DATABASE_URL).
describe.runIf(process.env.TEST_DATABASE_URL)('GET /api/health on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('answers 200 ok while the database answers, and 503 degraded with its report once it does not', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json().result).toMatchObject({ status: 'ok', database: { driver: t.database.driver, reachable: true } });

    // The database goes away under the running server (a closed pool or a stopped embedded database).
    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json().result).toMatchObject({ status: 'degraded', database: { reachable: false, latencyMs: null } });
  });
});
