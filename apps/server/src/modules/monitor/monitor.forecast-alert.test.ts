import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MonitorSchema, type Monitor } from '@teamcast/contracts';
import { eq } from 'drizzle-orm';
import { monitorForecastChanges, monitors } from '../../db/schema/index.ts';
import { createOwner, mailTo, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { paymentNow } from '../payments/payment-clock.ts';
import { filledPair } from '../pairs/pairs.fixtures.ts';
import { scoredProfile, subscribe, teamBody } from '../scenes/scenes.test-support.ts';
import { monthOf } from './monitor-arithmetic.ts';
import type { MonitorForecast } from './monitor.repository.ts';
import { badMonthsOf, forecastChanged, type MonitorDeps } from './monitor.service.ts';

let t: TestApp;
let deps: MonitorDeps;

// One application for the file; every test signs up its own owners and starts its own monitors, and brings each monitor
// to the forecast it needs itself, so no test reads the alerts, changes or monitors another left, in whatever order.
beforeAll(async () => {
  t = await createTestApp();
  deps = {
    db: t.app.database.db,
    scenes: { database: t.app.database, storage: t.app.storage, compute: t.app.compute },
    config: t.app.config,
    gate: t.app.gate,
  };
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A new owner in the language, on the Monitor plan. */
async function ownerIn(locale: 'ru' | 'en'): Promise<SignedIn> {
  const owner = await createOwner(t, { locale });
  await subscribe(t.database.db, owner.id, 'UNLIMITED');
  return owner;
}

/** A run pair of the owner's, monitored; its monitor as the owner sees it. */
async function monitoredPair(owner: SignedIn): Promise<Monitor> {
  const [a, b] = await filledPair(t, owner.id);
  const pair = await call('POST', '/api/scene/p2p', owner, {
    actors: [a, b],
    startDay: `${monthOf(await paymentNow(t.database.db))}-01`,
    mode: 0,
    intensity: 5,
  });
  expect((await call('PUT', `/api/scene/p2p/${pair.body.result._id}/run`, owner, {})).status).toBe(200);
  const started = await call('POST', '/api/owner/monitors', owner, { kind: 'pair', subjectId: pair.body.result._id });
  expect(started.status).toBe(201);
  return MonitorSchema.parse(started.body.result);
}

/** The monitor's frozen forecast with every month's mean set to `value`, except the months given. */
const forecastOf = (monitor: Monitor, value: number, except: Record<number, number> = {}): MonitorForecast => ({
  months: monitor.months.map((m) => m.month),
  forecast: monitor.months.map((_, i) => except[i] ?? value),
  p10: monitor.months.map((m) => m.p10),
  p90: monitor.months.map((m) => m.p90),
});

const alertsTo = async (owner: SignedIn) => (await mailTo(t, owner.email)).filter((m) => m.kind === 'monitor-forecast-alert');
const viewOf = async (owner: SignedIn, id: string) => MonitorSchema.parse((await call('GET', `/api/owner/monitors/${id}`, owner)).body.result);
const change = (owner: SignedIn, monitor: Monitor, changeId: string, forecast: MonitorForecast) =>
  forecastChanged(deps, owner.id, { kind: monitor.kind, subjectId: monitor.subjectId }, changeId, forecast);

describe('the forecast-drop alert', () => {
  it('counts a month as bad when its forecast mean is in the bad band or below (under -20)', () => {
    expect(badMonthsOf({ months: ['2026-01', '2026-02', '2026-03', '2026-04'], forecast: [-19.9, -20, -20.1, -95], p10: [], p90: [] })).toEqual([
      '2026-03',
      '2026-04',
    ]);
  });

  it('mails the owner in his language and pushes monitorAlert when a change drops the forecast into the bad band', async () => {
    const [ru, en] = [await ownerIn('ru'), await ownerIn('en')];
    const ruPair = await monitoredPair(ru);
    const enPair = await monitoredPair(en);
    // The frozen forecasts (what "the previous forecast" is before any change) have no bad month.
    for (const m of [...ruPair.months, ...enPair.months]) expect(m.forecast).toBeGreaterThanOrEqual(-20);
    expect(ruPair.forecastDrop).toBeNull();

    const publish = vi.spyOn(t.app.gate, 'publish');
    await change(ru, ruPair, 'change-1', forecastOf(ruPair, 30, { 3: -50, 4: -85 }));
    const pushed = publish.mock.calls.filter(([, message]) => message.type === 'monitorAlert');
    publish.mockRestore();
    const bad = [ruPair.months[3]!.month, ruPair.months[4]!.month];
    expect(pushed).toEqual([
      [
        { role: 'owner', subjectId: ru.id },
        { type: 'monitorAlert', payload: { monitorId: ruPair._id, title: ruPair.title, kind: 'forecast', months: bad } },
      ],
    ]);
    const [mail, ...more] = await alertsTo(ru);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`«${ruPair.title}»: прогноз опустился в плохую зону`);
    expect(mail!.textBody).toContain(`в месяцах: ${bad.join(', ')}`);
    expect(mail!.textBody).toContain('/owner/monitor');
    expect((await viewOf(ru, ruPair._id)).forecastDrop).toEqual({ at: expect.any(String), months: bad });

    await change(en, enPair, 'change-1', forecastOf(enPair, -40));
    const [english] = await alertsTo(en);
    expect(english!.subject).toBe(`${enPair.title}: the forecast dropped into the bad band`);
    expect(english!.textBody).toContain(enPair.months.map((m) => m.month).join(', '));
  });

  it('alerts nothing for the same change again, nor for a change that keeps the forecast in the bad band', async () => {
    const ru = await ownerIn('ru');
    const ruPair = await monitoredPair(ru);
    // The change that dropped the forecast into the bad band, alerted once.
    await change(ru, ruPair, 'change-1', forecastOf(ruPair, 30, { 3: -50, 4: -85 }));
    expect(await alertsTo(ru)).toHaveLength(1);

    await change(ru, ruPair, 'change-1', forecastOf(ruPair, 30, { 3: -50, 4: -85 }));
    await change(ru, ruPair, 'change-2', forecastOf(ruPair, 30, { 4: -60 }));
    expect(await alertsTo(ru)).toHaveLength(1);
    // Still in the bad band: the card says since the change that dropped it there, with the latest months.
    const view = await viewOf(ru, ruPair._id);
    expect(view.forecastDrop?.months).toEqual([ruPair.months[4]!.month]);
    const rows = await t.database.db.select().from(monitorForecastChanges).where(eq(monitorForecastChanges.monitorId, ruPair._id));
    expect(rows.map((r) => [r.changeId, r.alerted])).toEqual([
      ['change-1', true],
      ['change-2', false],
    ]);
    expect(view.forecastDrop?.at).toBe(rows[0]!.createdAt.toISOString());
  });

  it('alerts nothing for a change that keeps the forecast clear, and again for a later change that drops it after it recovered', async () => {
    const ru = await ownerIn('ru');
    const ruPair = await monitoredPair(ru);
    // In the bad band since a change that dropped it there, alerted once.
    await change(ru, ruPair, 'change-1', forecastOf(ruPair, 30, { 4: -60 }));
    expect(await alertsTo(ru)).toHaveLength(1);

    await change(ru, ruPair, 'change-3', forecastOf(ruPair, 10));
    expect((await viewOf(ru, ruPair._id)).forecastDrop).toBeNull();
    await change(ru, ruPair, 'change-4', forecastOf(ruPair, -19));
    expect(await alertsTo(ru)).toHaveLength(1);
    await change(ru, ruPair, 'change-5', forecastOf(ruPair, 10, { 0: -21 }));
    const alerts = await alertsTo(ru);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]!.textBody).toContain(`в месяцах: ${ruPair.months[0]!.month}.`);
  });

  it('alerts only the owner of the monitor: another owner, or a subject nobody monitors, mails no one; a demo monitor alerts nobody', async () => {
    const [ru, en, stranger] = [await ownerIn('ru'), await ownerIn('en'), await ownerIn('en')];
    // Both forecasts still clear (the frozen ones), so a change to -90 would drop them into the bad band.
    const ruPair = await monitoredPair(ru);
    const enPair = await monitoredPair(en);
    const before = [(await alertsTo(ru)).length, (await alertsTo(en)).length];
    // The same subject ids, reported as the stranger's change: he monitors none of them.
    await change(stranger, ruPair, 'change-x', forecastOf(ruPair, -90));
    await change(stranger, enPair, 'change-x', forecastOf(enPair, -90));
    await forecastChanged(deps, ru.id, { kind: 'team', subjectId: ruPair.subjectId }, 'change-y', forecastOf(ruPair, -90));
    expect(await alertsTo(stranger)).toEqual([]);
    expect([(await alertsTo(ru)).length, (await alertsTo(en)).length]).toEqual(before);

    const demo = await monitoredPair(stranger);
    await t.database.db.update(monitors).set({ isDemo: true }).where(eq(monitors.id, demo._id));
    await change(stranger, demo, 'change-d', forecastOf(demo, -90));
    expect(await alertsTo(stranger)).toEqual([]);
    expect(await t.database.db.select().from(monitorForecastChanges).where(eq(monitorForecastChanges.monitorId, demo._id))).toEqual([]);
  });

  it('holds every new run of a monitored pair and team against the previous forecast (the run hooks)', async () => {
    const changesOf = async (id: string) => {
      await t.app.afterAnswer.settled();
      return t.database.db.select().from(monitorForecastChanges).where(eq(monitorForecastChanges.monitorId, id));
    };
    const en = await ownerIn('en');
    const pair = await monitoredPair(en);
    expect((await call('PUT', `/api/scene/p2p/${pair.subjectId}/run`, en, {})).status).toBe(200);
    const [pairRun, ...otherPairRuns] = await changesOf(pair._id);
    expect(otherPairRuns).toEqual([]);
    expect(pairRun).toMatchObject({ badMonths: [], alerted: false });
    expect(Date.parse(pairRun!.changeId)).not.toBeNaN();

    const ids = await Promise.all(['Anna', 'Boris', 'Vera'].map((firstName) => scoredProfile(t.database.db, en.id, { firstName, lastName: 'T' })));
    const scene = await call('POST', '/api/scene/scene', en, { ...teamBody('Ops', ids), startDay: `${monthOf(await paymentNow(t.database.db))}-01` });
    const sceneId = scene.body.result.scene._id as string;
    const runTeam = async () => {
      const run = await call('PUT', `/api/scene/scene/${sceneId}/run`, en, {});
      expect(run.status).toBe(200);
      await vi.waitFor(async () => expect((await call('GET', `/api/scene/scene/${sceneId}`, en)).body.result.lastRun.status).toBe('done'), {
        timeout: 240_000,
        interval: 100,
      });
      return (await call('GET', `/api/scene/scene/${sceneId}`, en)).body.result.lastRun.ruid as string;
    };
    await runTeam();
    const team = MonitorSchema.parse((await call('POST', '/api/owner/monitors', en, { kind: 'team', subjectId: sceneId })).body.result);
    const ruid = await runTeam();
    await vi.waitFor(async () => expect((await changesOf(team._id)).map((r) => r.changeId)).toEqual([ruid]), { timeout: 240_000, interval: 50 });
    // Neither run dropped a forecast into the bad band: no alert.
    expect(await alertsTo(en)).toEqual([]);
  });
});
