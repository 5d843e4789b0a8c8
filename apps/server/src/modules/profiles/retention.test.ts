import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminAuditLog, owners, pairRequests, profileExplanations, profiles } from '../../db/schema/index.ts';
import { createOwner, mailTo, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDriver } from '../../test/test-database.ts';
import { insertProfile } from '../pairs/pairs.fixtures.ts';
import type { PersonDeps } from './person-page.service.ts';
import { sweepRetention } from './retention.service.ts';

let t: TestApp;
let owner: SignedIn;
let deps: PersonDeps;

const DAY = 86_400_000;
const RETENTION_DAYS = 365;
/** The test's clock: every sweep gets its time from here, never from the wall clock. */
const start = new Date('2031-06-01T12:00:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.database.db, storage: t.app.storage, mailer: t.app.mailer, config: t.config };
});
afterAll(() => t.close());
// An owner of its own for each test: a sweep covers every owner, so a test reads only what it did to its own owner's
// profiles (`sweep`), whatever order the tests run in (issue 31: the shuffled stress run found the first test counting
// an old profile the last one had left).
beforeEach(async () => {
  owner = await createOwner(t, { locale: 'en' });
});

/** A sweep at `now`, with what it did to the current owner's profiles only. */
async function sweep(retentionDays: number, now: Date): Promise<{ warned: string[]; deleted: string[] }> {
  const result = await sweepRetention(deps, retentionDays, now);
  const own = new Set((await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.ownerId, owner.id))).map((row) => row.id));
  return { warned: result.warned.filter((id) => own.has(id)), deleted: result.deleted.filter((id) => own.has(id)) };
}

const rowOf = async (id: string) => (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const sentDaysAgo = (days: number) => ({ completedAt: at(-days), createdAt: at(-days - 1) });

async function pairWith(a: string, b: string) {
  await t.database.db.insert(pairRequests).values({ id: crypto.randomUUID(), ownerId: owner.id, actor1Id: a, actor2Id: b, startDay: '2031-06-01' });
}

describe(`retention on ${testDriver}`, () => {
  it('warns the owner a week ahead, then deletes only the profiles no pair, team or report used', async () => {
    const unused = await insertProfile(t, owner.id, { firstName: 'Old', lastName: 'Unused', ...sentDaysAgo(360) });
    const paired = await insertProfile(t, owner.id, { firstName: 'Old', lastName: 'Paired', ...sentDaysAgo(400) });
    const partner = await insertProfile(t, owner.id, { firstName: 'Recent', lastName: 'Partner', ...sentDaysAgo(10) });
    await pairWith(paired, partner);
    const recent = await insertProfile(t, owner.id, { firstName: 'Recent', lastName: 'Unused', ...sentDaysAgo(300) });
    const demo = await insertProfile(t, owner.id, { firstName: 'Demo', lastName: 'Person', isDemo: true, ...sentDaysAgo(500) });
    const main = await insertProfile(t, owner.id, { firstName: 'Owner', lastName: 'Self', ...sentDaysAgo(500) });
    await t.database.db.update(owners).set({ mainProfileId: main }).where(eq(owners.id, owner.id));
    await t.database.db.insert(profileExplanations).values({ profileId: unused, explanation: { source: 'prior' } });

    const first = await sweep(RETENTION_DAYS, start);
    expect(first).toEqual({ warned: [unused], deleted: [] });
    const [warning] = await mailTo(t, owner.email);
    expect(warning).toMatchObject({ kind: 'retention', locale: 'en' });
    expect(warning!.textBody).toContain('Old Unused');
    expect(warning!.textBody).not.toContain('Old Paired');
    expect(warning!.subject).toContain('8 June 2031');

    // A warning goes once; before the week is over nothing is deleted.
    expect(await sweep(RETENTION_DAYS, at(3))).toEqual({ warned: [], deleted: [] });
    expect((await rowOf(unused)).state).toBe('ack_a');

    const later = await sweep(RETENTION_DAYS, at(8));
    expect(later.deleted).toEqual([unused]);
    expect(await rowOf(unused)).toMatchObject({ state: 'deleted', firstName: null, answers: [], competencies: null, grade: null });
    expect(await t.database.db.select().from(profileExplanations).where(eq(profileExplanations.profileId, unused))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, unused), eq(adminAuditLog.action, 'profile.retention-delete')));
    expect(audit).toMatchObject({ administratorId: 'retention', before: null });

    for (const kept of [paired, partner, recent, demo, main]) expect((await rowOf(kept)).state, kept).toBe('ack_a');
    expect((await rowOf(recent)).retentionWarnedAt).toBeNull();
  });

  it('keeps a warned profile that got used in the meantime, and forgets its warning', async () => {
    const warned = await insertProfile(t, owner.id, { firstName: 'Late', lastName: 'Used', ...sentDaysAgo(370) });
    expect((await sweep(RETENTION_DAYS, start)).warned).toContain(warned);
    await pairWith(warned, await insertProfile(t, owner.id, sentDaysAgo(1)));
    const later = await sweep(RETENTION_DAYS, at(8));
    expect(later.deleted).not.toContain(warned);
    expect(await rowOf(warned)).toMatchObject({ state: 'ack_a', retentionWarnedAt: null, firstName: 'Late' });
  });

  it('does nothing when retention is off (0 days)', async () => {
    const old = await insertProfile(t, owner.id, sentDaysAgo(5000));
    expect(await sweep(0, at(30))).toEqual({ warned: [], deleted: [] });
    expect((await rowOf(old)).retentionWarnedAt).toBeNull();
  });
});
