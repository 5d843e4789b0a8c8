import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../core/db.ts';
import { computeJobs } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectGate, scoredProfiles, subscribe, teamBody } from './scenes.test-support.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL database', () => {
  let t: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    const url = (t.database as Database & { url?: string }).url!;
    secondDatabase = await openDatabase({ url });
    second = await buildApp({ config: t.config, database: secondDatabase, secret: crypto.randomBytes(32) });
    await second.listen({ port: 0, host: '127.0.0.1' });
    owner = await createOwner(t);
    await subscribe(t.database.db, owner.id, 'UNLIMITED');
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await t.close();
  });

  it('runs each job once, in either process, and delivers its phases to the socket held by the other process', async () => {
    // The owner's socket is on the second instance; the runs are requested from the first.
    const { token } = await second.authenticator.signIn('owner', owner.id);
    const gate = await connectGate(`ws://127.0.0.1:${(second.server.address() as AddressInfo).port}`, token);
    const ids = await scoredProfiles(t.database.db, owner.id, 4);
    const ruids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/scene/scene',
        headers: owner.headers,
        payload: teamBody(`Team ${i}`, ids.slice(0, 2 + (i % 3))),
      });
      const sceneId = created.json().result.scene._id;
      ruids.push((await t.app.inject({ method: 'PUT', url: `/api/scene/scene/${sceneId}/run`, headers: owner.headers })).json().result.ruid);
    }
    for (const ruid of ruids) expect(await gate.phasesOf(ruid)).toEqual([1, 2, 3, 4, 5]);
    const rows = await t.database.db.select().from(computeJobs).where(inArray(computeJobs.id, ruids));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatchObject({ status: 'done', attempts: 1 });
    gate.close();
  });
});
