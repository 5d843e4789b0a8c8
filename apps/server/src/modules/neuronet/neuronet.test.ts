import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ScoringModel } from '@teamcast/contracts';
import { owners, profiles } from '../../db/schema/index.ts';
import { createAdministrator, createEstimator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { generatePeople } from '../demo/demo-data.ts';
import { DEMO_OWNER_EMAIL, seedDemoData } from '../demo/demo.service.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { meanMae } from '../scoring/metrics.ts';
import { scoreProfile } from '../scoring/scoring.service.ts';
import { insertCompletedProfile, profileRow } from '../scoring/scoring.test-support.ts';
import type * as FairnessService from '../fairness/fairness.service.ts';

/**
 * Since the forecast parameters 0.4.0 work forecasts read the work style, not K, P, L, and the demo-trained model
 * passes the bias audit (its grade gaps trace to years of experience, which is job-related). To prove the publish
 * route's refusal, justification and audit-log path, a trained model's audit here carries one adverse finding
 * (age ≤25, work "good or better", 0.35 [0.20–0.50]); the audit itself is tested in fairness/fairness.test.ts and by
 * `npm run fairness`, the gate's decision in gateRefusal's tests.
 */
vi.mock('../fairness/fairness.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof FairnessService>();
  return {
    ...real,
    referenceAudit: (...args: Parameters<typeof real.referenceAudit>) => {
      const audit = real.referenceAudit(...args);
      if (args[1].modelId === null) return audit;
      const failure = {
        dimension: 'age' as const,
        group: '≤25',
        outcome: 'workGood' as const,
        ratio: 0.35,
        low: 0.2,
        high: 0.5,
        input: null,
        justified: false,
      };
      return { ...audit, failures: [failure, ...audit.failures], passed: false };
    },
  };
});

let t: TestApp;
let admin: SignedIn;
let estimator: SignedIn;

/**
 * Gives the tests of the describe it is called in an install of their own (a fresh database, an administrator and an
 * estimator), with what `prepare` builds in it: the labels, the published model and the final scores are facts of the
 * whole install, so no group reads what another group's tests left, in whatever order they run.
 */
function ownInstall(prepare?: () => Promise<void>) {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdministrator(t);
    estimator = await createEstimator(t);
    await prepare?.();
  });
  afterAll(async () => t.close());
}

/**
 * The demo install the training tests read: 90 labelled people of four estimators and three work profiles of the demo
 * owner. Returns one of those work profiles.
 */
async function seedLabelledDemo(): Promise<string> {
  await seedDemoData(t.database.db, { seed: 5, people: 90, labelled: 90, ownerProfiles: 3 });
  // Deliberately age-biased labels (−30 points at 18, +30 at 58 and older), so the trained model is below the bar.
  await t.database.db.execute(sql`
    update profile_estimates pe set
      competencies = least(100, greatest(0, pe.competencies + least(30, (p.age - 38) * 1.5))),
      professionalism = least(100, greatest(0, pe.professionalism + least(30, (p.age - 38) * 1.5))),
      maturity = least(100, greatest(0, pe.maturity + least(30, (p.age - 38) * 1.5))),
      score = least(100, greatest(0, pe.score + least(30, (p.age - 38) * 1.5)))
    from profiles p where p.id = pe.profile_id`);
  const [owner] = await t.database.db.select().from(owners).where(eq(owners.email, DEMO_OWNER_EMAIL));
  // A work profile of the demo owner (he has love profiles too, which this model does not score).
  const [row] = await t.database.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, owner!.id), eq(profiles.isDemo, true), eq(profiles.kind, 'standard')))
    .limit(1);
  return row!.id;
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin.headers) =>
  t.app.inject({ method, url, headers: { ...headers, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

async function waitForTraining(id: string): Promise<ScoringModel> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const model = (await call('GET', `/api/admin/neuronet/models/${id}`)).json().result as ScoringModel;
    if (model.status !== 'training') return model;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('training did not finish');
}

describe('access', () => {
  ownInstall();

  it('answers 403 to an estimator and 401 to anyone signed out on every neuronet and final-score route', async () => {
    const adminRoutes = t.app.accessCatalogue.filter((entry) => entry.url.startsWith('/api/admin/neuronet') || entry.url.includes('/final-score'));
    expect(adminRoutes.length).toBe(11);
    for (const entry of adminRoutes) {
      expect(entry.access).toEqual(['administrator']);
      const url = entry.url.replace(/:id/g, 'x');
      const method = entry.method as 'GET' | 'POST' | 'PUT';
      const forbidden = await call(method, url, method === 'GET' ? undefined : {}, estimator.headers);
      expect(forbidden.statusCode, `${entry.method} ${url}`).toBe(403);
      expect(forbidden.json().error.code).toBe('forbidden');
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('without enough labels', () => {
  // A fresh install: no labels, no model, no evaluation.
  ownInstall();

  it('refuses to train with a localised message and has no accuracy figure yet', async () => {
    const owner = await createOwner(t);
    await insertCompletedProfile(t, owner.id, [{ neuron: 'С_Возр', value: 30 }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/neuronet/models',
      headers: { ...admin.headers, 'accept-language': 'ru' },
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({ code: 'not_enough_labels', message: 'Для обучения нужно не меньше 20 профилей с оценками экспертов' });
    // A fresh install: nothing measured against estimators' labels of real people, so no figure, and the reason.
    expect((await t.app.inject({ method: 'GET', url: '/api/scoring/accuracy' })).json().result).toEqual({
      value: null,
      reason: 'no_evaluation',
      source: 'none',
      modelId: null,
      demo: false,
      evaluation: null,
      minPersons: 50,
    });
  });
});

// Read only: no test of this group trains, publishes or sets a final score.
describe('a demo install before any model is published', () => {
  let ownerProfile: string;
  ownInstall(async () => {
    ownerProfile = await seedLabelledDemo();
  });

  it('scores demo profiles with the prior before any model is published', async () => {
    const row = await profileRow(t, ownerProfile);
    expect(row.modelId).toBeNull();
    expect(row.grade).not.toBeNull();
    expect(row.competencies).toBeGreaterThan(0);
    const overview = (await call('GET', '/api/admin/neuronet/models')).json().result;
    expect(overview.currentModelId).toBeNull();
    expect(overview.labelledProfiles).toBe(90);
    expect(overview.estimators).toBe(4);
    expect(overview.priorFairness.groups.length).toBeGreaterThan(2);
    // Which profile kinds each model scores: the prior (no model yet) the work kinds, the love rules love and couple.
    expect(overview.scoredKinds).toEqual([
      { model: 'neuronet', version: null, kinds: ['standard', 'short'], outputs: ['competencies', 'professionalism', 'maturity'] },
      { model: 'love-rules', version: 'love-rules-1', kinds: ['love', 'couple'], outputs: ['intimacy', 'passion', 'commitment'] },
    ]);
  });

  it('lists labelled profiles with labels, current scores and a chosen model’s predictions', async () => {
    const page = (await call('GET', '/api/admin/neuronet/profiles?limit=5&modelId=prior')).json().result;
    expect(page.total).toBe(90);
    expect(page.items).toHaveLength(5);
    expect(page.items[0].label).not.toBeNull();
    expect(page.items[0].predicted).not.toBeNull();
    expect(page.items[0].estimatorsCount).toBeGreaterThan(0);
  });
});

describe('training, upload and publish', () => {
  let ownerProfile: string;
  // Its own demo install: publishing makes the model current and rescores every profile.
  ownInstall(async () => {
    ownerProfile = await seedLabelledDemo();
  });

  // Two bias audits of the reference population run at publish time: slow on a loaded machine, hence the limit.
  it('trains in the background, refuses to publish before upload, then publishing rescores profiles with the model', async () => {
    const started = await call('POST', '/api/admin/neuronet/models', { seed: 7, epochs: 120 });
    expect(started.statusCode).toBe(202);
    expect(started.json().result.status).toBe('training');
    const model = await waitForTraining(started.json().result._id);
    expect(model.status).toBe('trained');
    expect(model.progress).toBe(1);
    expect(model.profilesCount).toBe(90);
    expect(model.estimatorsCount).toBe(4);
    expect(model.trainCount + model.testCount).toBe(90);
    expect(model.metrics!.model.maturity.mae).toBeGreaterThan(0);
    expect(model.metrics!.prior.maturity.mae).toBeGreaterThan(0);
    expect(model.fairness!.model.groups.find((group) => group.dimension === 'gender')).toBeDefined();

    // Trained on demo labels: the model is flagged demo, and its evaluation on held-out people is kept.
    expect(model.isDemo).toBe(true);
    expect(model.demoLabels).toBe(90);
    expect(model.evaluation!.model.profiles).toBe(model.testCount);
    expect(model.evaluation!.model.mae.low).toBeLessThanOrEqual(model.evaluation!.model.mae.value);
    expect(model.evaluation!.model.mae.high).toBeGreaterThanOrEqual(model.evaluation!.model.mae.value);
    expect(model.evaluation!.model.mae.value).toBeCloseTo(meanMae(model.metrics!.model), 9);

    // Trained, not published: the prior's figure on the held-out people, shown as a demonstration, never 'more than'.
    const beforePublish = (await t.app.inject({ method: 'GET', url: '/api/scoring/accuracy' })).json().result;
    expect(beforePublish).toEqual({
      value: null,
      reason: 'demo_labels',
      source: 'prior',
      modelId: null,
      demo: true,
      evaluation: model.evaluation!.prior,
      minPersons: 50,
    });

    const early = await call('POST', `/api/admin/neuronet/models/${model._id}/publish`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'model_not_uploaded', message: 'Upload the model to storage before publishing it' });

    const before = await profileRow(t, ownerProfile);
    const predicted = (await call('POST', `/api/admin/neuronet/predict/${ownerProfile}`, { modelId: model._id })).json().result;
    expect(predicted.modelId).toBe(model._id);
    expect(predicted.explanation.source).toBe('model');

    const uploaded = (await call('POST', `/api/admin/neuronet/models/${model._id}/upload`)).json().result;
    expect(uploaded.uploadedAt).not.toBeNull();
    expect(await t.app.storage.get(`scoring-model-${model._id}`)).toBeDefined();

    // The bias audit runs now, at publish time: a model failing it is refused, naming the group and its ratio.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/neuronet/models/${model._id}/publish`,
      headers: { ...admin.headers, 'accept-language': 'ru' },
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('fairness_below_bar');
    expect(refused.json().error.message).toMatch(
      /^Модель не проходит аудит предвзятости: для группы «(возраст|мужчины|женщины)[^»]*» .* коэффициент влияния 0\.\d\d \(95 % интервал/,
    );
    expect((await profileRow(t, ownerProfile)).modelId).toBeNull();
    const tooShort = await call('POST', `/api/admin/neuronet/models/${model._id}/publish`, { justification: 'because' });
    expect(tooShort.statusCode).toBe(400);

    const justification = 'Pilot with the customer’s HR team; the model is withdrawn after the review of 1 December.';
    const published = await call('POST', `/api/admin/neuronet/models/${model._id}/publish`, { justification });
    expect(published.statusCode).toBe(200);
    const log = (await call('GET', `/api/admin/audit-log?entity=neuronet&entityId=${model._id}`)).json().result.items as {
      action: string;
      after: { justification?: string; refusal?: string };
    }[];
    const entry = log.find((item) => item.action === 'neuronet.publish_justified');
    expect(entry?.after.justification).toBe(justification);
    expect(entry?.after.refusal).toMatch(/^The model fails the bias audit: for .* impact ratio of 0\.\d\d/);
    const shown = (await call('GET', '/api/admin/neuronet/models')).json().result.justifications;
    expect(shown[0]).toMatchObject({ modelId: model._id, text: justification });
    expect(published.json().result.model.isCurrent).toBe(true);
    // Every work profile of this install: the 90 labelled people and the demo owner's three.
    expect(published.json().result.profilesRescored).toBe(93);

    const after = await profileRow(t, ownerProfile);
    expect(after.modelId).toBe(model._id);
    expect(after.competencies).toBeCloseTo(predicted.scores.competencies, 6);
    expect([after.competencies, after.professionalism, after.maturity]).not.toEqual([before.competencies, before.professionalism, before.maturity]);

    const accuracy = (await t.app.inject({ method: 'GET', url: '/api/scoring/accuracy' })).json().result;
    // Published, still demo: no 'more than N %' (it used to read 'more than 95 %' here).
    expect(accuracy).toEqual({
      value: null,
      reason: 'demo_labels',
      source: 'model',
      modelId: model._id,
      demo: true,
      evaluation: model.evaluation!.model,
      minPersons: 50,
    });

    const retrain = await call('POST', `/api/admin/neuronet/models/${model._id}/train`);
    expect(retrain.json().error.code).toBe('model_published');
  });
});

describe('final scores', () => {
  // Its own install: a final score is a label, so it would change the label counts the training groups read.
  ownInstall();

  it('final precise scores replace the shown scores and the final score sets the grade', async () => {
    // A work profile of its own, scored by the prior: the final scores replace what it shows.
    const owner = await createOwner(t);
    const answers = generatePeople(shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps, 1, 5)[0]!.answers;
    const ownerProfile = await insertCompletedProfile(t, owner.id, answers);
    expect(await scoreProfile(t.database.db, ownerProfile)).toBe(true);
    const shown = await profileRow(t, ownerProfile);
    expect(shown.competencies).not.toBeNull();
    expect([shown.competencies, shown.professionalism, shown.maturity]).not.toEqual([90, 85, 80]);
    const precise = await call('PUT', `/api/admin/profiles/${ownerProfile}/final-score-precise`, {
      scorePrecise: { competencies: 90, professionalism: 85, maturity: 80 },
    });
    expect(precise.statusCode).toBe(200);
    let row = await profileRow(t, ownerProfile);
    expect([row.competencies, row.professionalism, row.maturity]).toEqual([90, 85, 80]);
    expect(row.finalScorePrecise).toBe(85);
    expect(row.grade).toBe('SENIOR PLUS');
    await call('PUT', `/api/admin/profiles/${ownerProfile}/final-score`, { score: 35 });
    row = await profileRow(t, ownerProfile);
    expect(row.finalScore).toBe(35);
    expect(row.grade).toBe('JUNIOR PLUS');
    const bad = await call('PUT', `/api/admin/profiles/${ownerProfile}/final-score`, { score: 140 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect((await call('PUT', '/api/admin/profiles/missing/final-score', { score: 10 })).statusCode).toBe(404);
  });
});
