import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { estimators, monitorCheckIns, monitors, owners, profileEstimates, profiles, scenes } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_OWNER_EMAIL, seedDemoData } from './demo.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('creates a demo owner with profiles and a team, demo estimators and labelled demo profiles, all marked demo, once', async () => {
    const credentials = await seedDemoData(t.database.db, { seed: 3, people: 30, labelled: 24, ownerProfiles: 4 });
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

    expect(await seedDemoData(t.database.db, { seed: 3, people: 30, labelled: 24, ownerProfiles: 4 })).toBeNull();
  });
});
