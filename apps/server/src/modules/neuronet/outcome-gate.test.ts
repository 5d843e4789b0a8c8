import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { NeuronetAuditSchema, type OutcomeGate } from '@teamcast/contracts';
import { monitorCheckIns, monitorMembers, monitors, scoringModels } from '../../db/schema/index.ts';
import { createAdministrator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { paymentNow } from '../payments/payment-clock.ts';
import { scoredProfile } from '../scenes/scenes.test-support.ts';
import { featureSpecFromSteps } from '../scoring/features.ts';
import { parameterCount } from '../scoring/mlp.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { addMonths, monthOf } from '../monitor/monitor-arithmetic.ts';
import type * as FairnessService from '../fairness/fairness.service.ts';
import type * as OutcomeForecast from '../monitor/outcome-forecast.ts';

/**
 * The real-outcome publish gate over HTTP, on constructed data whose answers are known. Every monitor's frozen band is
 * 0 ± 10 and every observation 0 (both people chose "so-so"), so the published figures are coverage 100 %, error 0.
 * Each model moves the group's forecast level by a stated number of points (the seam below), so a candidate's band is
 * the frozen one moved by its shift minus the published model's. The bias audit, tested in neuronet.test.ts and
 * fairness.test.ts, is let through here so only the outcome gate decides.
 */
const SHIFTS = new Map<string | null, number>();
vi.mock('../monitor/outcome-forecast.ts', async (importOriginal) => {
  const real = await importOriginal<typeof OutcomeForecast>();
  return {
    ...real,
    groupLevel: (_people: unknown, version: OutcomeForecast.ForecastVersion) => Array<number>(12).fill(SHIFTS.get(version.scorer.modelId) ?? 0),
  };
});
vi.mock('../fairness/fairness.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof FairnessService>();
  return {
    ...real,
    referenceAudit: (...args: Parameters<typeof real.referenceAudit>) => real.referenceAudit(args[0], args[1], { ...args[2], size: 20, bootstrap: 10 }),
    gateRefusal: () => null,
  };
});

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let people: [string, string];

// The gate reads every real monitor and the published model of the installation, so every test gets its own database
// and builds the monitors and the published model it judges against itself, in whatever order the tests run.
beforeEach(async () => {
  SHIFTS.clear();
  t = await createTestApp();
  admin = await createAdministrator(t);
  owner = await createOwner(t);
  people = [await scoredProfile(t.database.db, owner.id, { firstName: 'Anna' }), await scoredProfile(t.database.db, owner.id, { firstName: 'Boris' })];
});
afterEach(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, locale = 'en') =>
  t.app.inject({ method, url, headers: { ...admin.headers, 'accept-language': locale }, ...(payload ? { payload } : {}) });

/** A trained model whose scores are constant (all weights 0), uploaded through the route; its forecast shift is `shift`. */
async function model(shift: number): Promise<string> {
  const spec = featureSpecFromSteps(shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps);
  const d = spec.columns.length;
  const id = crypto.randomUUID();
  await t.database.db.insert(scoringModels).values({
    id,
    family: 'test',
    featureVersion: spec.version,
    featureSpec: spec,
    options: { seed: 1, epochs: 1, hidden: 1 },
    status: 'trained',
    progress: 1,
    parameters: { hidden: 1, params: Array<number>(parameterCount(d, 1, 3)).fill(0), reference: Array<number>(d).fill(0) },
    trainedAt: new Date(),
  });
  expect((await call('POST', `/api/admin/neuronet/models/${id}/upload`)).statusCode).toBe(200);
  SHIFTS.set(id, shift);
  return id;
}

/** A monitored pair of the two people, 12 months from 7 months ago, both answering "so-so" in its first six (completed) months; its id. */
async function monitoredPair(): Promise<string> {
  const { db } = t.database;
  const first = addMonths(monthOf(await paymentNow(db)), -7);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
  const id = crypto.randomUUID();
  await db.insert(monitors).values({
    id,
    ownerId: owner.id,
    kind: 'pair',
    subjectId: id,
    title: 'Anna & Boris',
    forecast: { months, forecast: months.map(() => 0), p10: months.map(() => -10), p90: months.map(() => 10) },
  });
  const members = people.map((profileId) => ({ id: crypto.randomUUID(), monitorId: id, profileId, name: profileId, locale: 'en' as const }));
  await db.insert(monitorMembers).values(members);
  for (const month of months.slice(0, 6))
    for (const [index, member] of members.entries())
      await db.insert(monitorCheckIns).values({
        id: crypto.randomUUID(),
        monitorId: id,
        memberId: member.id,
        month,
        ratings: [{ memberId: members[1 - index]!.id, choice: 3 }],
        satisfaction: 3,
      });
  return id;
}

/** `count` monitored pairs (10 is the gate's minimum, 60 observed months); their ids. */
async function monitoredPairs(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await monitoredPair());
  return ids;
}

const outcomesOf = async (id: string): Promise<OutcomeGate> =>
  NeuronetAuditSchema.parse((await call('GET', `/api/admin/neuronet/models/${id}/audit`)).json().result).outcomes;
const publish = (id: string, payload: object = {}, locale = 'en') => call('POST', `/api/admin/neuronet/models/${id}/publish`, payload, locale);

describe('the real-outcome publish gate', () => {
  it('refuses a candidate whose band misses the observations the published one covered, naming the figure in both languages', async () => {
    // Published: none yet, so the prior, which moves the forecast by nothing.
    await monitoredPairs(10);
    const worse = await model(30);
    const outcomes = await outcomesOf(worse);
    expect(outcomes).toMatchObject({ verdict: 'worse', worse: 'coverage', monitors: 10, minObservations: 60, minMonitors: 10 });
    expect(outcomes.published).toEqual({ n: 60, coverage: 1, meanAbsoluteError: 0, bias: 0 });
    expect(outcomes.candidate).toEqual({ n: 60, coverage: 0, meanAbsoluteError: 30, bias: -30 });
    expect(outcomes.coverageTolerance).toBeCloseTo(1.96 * Math.sqrt(0.16 / 60), 12);

    const refused = await publish(worse);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'outcomes_worse_than_published',
      message:
        'On the real outcomes of the monitor (60 observed months), the model is worse than the published one: the share of observations inside the 80 % band is 0.0 % against 100.0 % (tolerance ±10.1 % at this sample size). To publish it anyway, write a justification',
    });
    const ru = await publish(worse, {}, 'ru');
    expect(ru.json().error.message).toMatch(
      /^На реальных исходах монитора \(месяцев с ответами: 60\) модель хуже опубликованной: доля наблюдений внутри 80-процентного коридора — 0\.0 % против 100\.0 %/,
    );
    expect((await t.database.db.select().from(scoringModels).where(eq(scoringModels.id, worse)))[0]!.isCurrent).toBe(false);
  });

  it('lets through a candidate that moves the forecast by less than the tolerance, and then judges against it', async () => {
    await monitoredPairs(10);
    // Published: the prior (shift 0).
    const close = await model(0.5);
    const outcomes = await outcomesOf(close);
    expect(outcomes).toMatchObject({ verdict: 'pass', worse: null, errorTolerance: 1 });
    expect(outcomes.candidate).toMatchObject({ coverage: 1, meanAbsoluteError: 0.5 });
    const published = await publish(close);
    expect(published.statusCode).toBe(200);
    expect(published.json().result.model.isCurrent).toBe(true);
    // The published one is now the +0.5 model: a candidate 2 points above it is worse on the error (coverage still 100 %).
    const drift = await model(2.5);
    expect(await outcomesOf(drift)).toMatchObject({ verdict: 'worse', worse: 'error', candidate: { coverage: 1, meanAbsoluteError: 2 } });
    expect((await publish(drift)).json().error.message).toContain(
      'the mean error of the monthly forecast is 2.0 against 0.0 (tolerance +1.0 at this sample size)',
    );
  });

  it('publishes a refused candidate with a written justification, which the audit log keeps with the refusal', async () => {
    await monitoredPairs(10);
    // Published: the prior (shift 0); a candidate 40 points above it misses every observation.
    const worse = await model(40);
    const justification = 'The frozen bands predate the work-style block; reviewed with the customer on 1 December.';
    const published = await publish(worse, { justification });
    expect(published.statusCode).toBe(200);
    const log = (await call('GET', `/api/admin/audit-log?entity=neuronet&entityId=${worse}`)).json().result.items as Array<{
      action: string;
      after: { justification: string; code: string; refusal: string };
    }>;
    const justified = log.filter((entry) => entry.action === 'neuronet.publish_justified');
    expect(justified).toHaveLength(1);
    expect(justified[0]!.after).toMatchObject({ justification, code: 'outcomes_worse_than_published' });
    expect(justified[0]!.after.refusal).toMatch(/^On the real outcomes of the monitor \(60 observed months\)/);
  });

  it('below the sample size reports that it cannot judge and lets the publish through', async () => {
    const ids = await monitoredPairs(10);
    // The +40 model published over the gate's refusal, with a justification, while ten monitors judged it; then one goes.
    expect((await publish(await model(40), { justification: 'Reviewed with the customer.' })).statusCode).toBe(200);
    await t.database.db.delete(monitors).where(eq(monitors.id, ids.pop()!));
    // Published: the +40 model. A candidate 40 points below it misses every observation, but 54 months over 9 monitors judge nothing.
    const back = await model(0);
    const outcomes = await outcomesOf(back);
    expect(outcomes).toMatchObject({ verdict: 'not_enough', worse: null, monitors: 9, coverageTolerance: null, errorTolerance: null });
    expect(outcomes.published).toMatchObject({ n: 54, coverage: 1 });
    expect(outcomes.candidate).toMatchObject({ n: 54, coverage: 0 });
    expect((await publish(back)).statusCode).toBe(200);
  });
});
