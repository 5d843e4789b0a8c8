import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MonitorListSchema } from '@teamcast/contracts';
import { estimators, monitorCheckIns, monitors, owners, profileEstimates, profiles, scenes } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_OWNER_EMAIL, seedDemoData } from './demo.service.ts';
import { subscribe } from '../scenes/scenes.test-support.ts';

let t: TestApp;
// Every test gets its own database: the seeding test counts whole tables, and the demo-monitor test seeds the demo data
// it signs in to itself, in whatever order the tests run.
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const DEMO = { seed: 3, people: 30, labelled: 24, ownerProfiles: 4 };

describe('demo data', () => {
  it('creates a demo owner with profiles and a team, demo estimators and labelled demo profiles, all marked demo, once', async () => {
    const credentials = await seedDemoData(t.database.db, DEMO);
    expect(credentials!.map((entry) => entry.role)).toEqual(['owner', 'estimator', 'estimator', 'estimator', 'estimator']);
    expect(credentials!.every((entry) => entry.password.length >= 12)).toBe(true);

    const db = t.database.db;
    const everyone = await db.select().from(profiles);
    expect(everyone.every((profile) => profile.isDemo && profile.state === 'ack_a' && profile.age !== null)).toBe(true);
    const all = everyone.filter((profile) => profile.kind === 'standard');
    expect(all).toHaveLength(34);
    expect(all.every((profile) => profile.grade !== null)).toBe(true);
    const [owner] = await db.select().from(owners).where(eq(owners.email, DEMO_OWNER_EMAIL));
    expect(all.filter((profile) => profile.ownerId === owner!.id)).toHaveLength(4);
    // A worked example for the love variant: two love profiles and a couple of the demo owner, every question answered.
    const love = everyone.filter((profile) => profile.kind !== 'standard');
    expect(love.map((profile) => [profile.kind, profile.ownerId === owner!.id, profile.loveScores?.people.length])).toEqual([
      ['love', true, 1],
      ['love', true, 1],
      ['couple', true, 2],
    ]);
    for (const profile of love) for (const person of profile.loveScores!.people) expect(person.completeness).toBe(1);
    const [team] = await db.select().from(scenes).where(eq(scenes.ownerId, owner!.id));
    expect((team!.actors as unknown[]).length).toBe(4);
    // The demo team is monitored, marked demo, with a year of check-ins ending this month.
    const [monitor] = await db.select().from(monitors).where(eq(monitors.ownerId, owner!.id));
    expect(monitor).toMatchObject({ isDemo: true, kind: 'team', subjectId: team!.id });
    expect(monitor!.forecast.months).toHaveLength(12);
    expect(monitor!.forecast.months.at(-1)).toBe(new Date().toISOString().slice(0, 7));
    monitor!.forecast.months.forEach((_, i) => expect(monitor!.forecast.p10[i]!).toBeLessThanOrEqual(monitor!.forecast.p90[i]!));
    const checkIns = await db.select().from(monitorCheckIns).where(eq(monitorCheckIns.monitorId, monitor!.id));
    expect(new Set(checkIns.map((c) => c.month))).toEqual(new Set(monitor!.forecast.months));
    expect(checkIns).toHaveLength(12 * 4 - 2 - 1);
    expect(checkIns.every((c) => c.ratings.length === 3 && c.ratings.every((r) => r.choice >= 1 && r.choice <= 5))).toBe(true);
    expect((await db.select({ n: count() }).from(estimators))[0]!.n).toBe(4);
    const ratings = await db.select().from(profileEstimates);
    expect(new Set(ratings.map((rating) => rating.profileId)).size).toBe(24);
    expect(ratings.every((rating) => rating.score !== null && rating.competencies !== null)).toBe(true);

    expect(await seedDemoData(t.database.db, DEMO)).toBeNull();
  });

  it('shows the demo owner his demo monitor without a plan, read-only; a monitor not marked demo stays behind the lock', async () => {
    const db = t.database.db;
    expect(await seedDemoData(db, DEMO)).not.toBeNull();
    const [owner] = await db.select().from(owners).where(eq(owners.email, DEMO_OWNER_EMAIL));
    const { token } = await t.app.authenticator.signIn('owner', owner!.id);
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
      const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      return { status: response.statusCode, body: response.json() as { result?: unknown; error?: { code: string } } };
    };
    const [monitor] = await db.select().from(monitors).where(eq(monitors.ownerId, owner!.id));
    const [team] = await db.select().from(scenes).where(eq(scenes.ownerId, owner!.id));

    const listed = await call('GET', '/api/owner/monitors');
    expect(listed.status).toBe(200);
    const list = MonitorListSchema.parse(listed.body.result);
    expect(list).toMatchObject({ demoOnly: true, items: [{ _id: monitor!.id, isDemo: true }] });
    expect(list.calibration.n).toBeGreaterThan(0);
    expect((await call('GET', `/api/owner/monitors/${monitor!.id}`)).status).toBe(200);
    expect((await call('GET', `/api/owner/monitors/${monitor!.id}/export`)).status).toBe(200);
    // Read-only: whatever changes a monitor still needs the plan.
    expect((await call('POST', `/api/owner/monitors/${monitor!.id}/links`)).body.error?.code).toBe('subscription_required');
    expect((await call('DELETE', `/api/owner/monitors/${monitor!.id}`)).body.error?.code).toBe('subscription_required');
    expect((await call('POST', '/api/owner/monitors', { kind: 'team', subjectId: team!.id })).body.error?.code).toBe('subscription_required');

    // Only the demo mark opens the view: the same monitor unmarked (a lapsed plan's) is locked again.
    await db.update(monitors).set({ isDemo: false }).where(eq(monitors.id, monitor!.id));
    expect((await call('GET', '/api/owner/monitors')).body.error?.code).toBe('subscription_required');
    expect((await call('GET', `/api/owner/monitors/${monitor!.id}`)).body.error?.code).toBe('subscription_required');
    expect((await call('GET', `/api/owner/monitors/${monitor!.id}/export`)).body.error?.code).toBe('subscription_required');

    // With the plan, the list is whole and not demo-only.
    await db.update(monitors).set({ isDemo: true }).where(eq(monitors.id, monitor!.id));
    await subscribe(db, owner!.id, 'UNLIMITED');
    expect(MonitorListSchema.parse((await call('GET', '/api/owner/monitors')).body.result)).toMatchObject({ demoOnly: false, items: [{ _id: monitor!.id }] });
  });
});
