import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ForecastAccuracy, ScoringModel } from '@teamcast/contracts';
import { profileEstimates } from '../../db/schema/index.ts';
import { createAdministrator, createEstimator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { generatePeople, hiddenScores } from '../demo/demo-data.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { splitByPerson } from './evaluation.ts';
import { featureSpecFromSteps } from './features.ts';
import { createRng } from './rng.ts';
import { trainingData } from './scoring.service.ts';
import { insertCompletedProfile } from './scoring.test-support.ts';

const standard = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
const people = generatePeople(standard, 320, 404);

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let estimators: SignedIn[];
let added: number;

// Every test gets its own database: what a test needs (people, labels, trained models) it adds itself, in whatever order
// the tests run.
beforeEach(async () => {
  added = 0;
  t = await createTestApp();
  admin = await createAdministrator(t);
  owner = await createOwner(t);
  estimators = [await createEstimator(t), await createEstimator(t)];
});
afterEach(async () => t.close());

/**
 * Adds `count` real (not demo) people, each rated by an estimator (a hidden rule plus noise). Every fifth person filled
 * the questionnaire twice under the same address; every seventh twice under the same name, without an address.
 */
async function addPeople(count: number): Promise<void> {
  const rng = createRng(added + 1);
  for (let i = added; i < added + count; i++) {
    const person = people[i]!;
    const email = i % 7 === 0 ? null : `person-${i}@example.com`;
    const copies = i % 5 === 0 || i % 7 === 0 ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const id = await insertCompletedProfile(t, owner.id, person.answers, { email, firstName: `Имя${i}`, lastName: 'Фамилия' });
      const truth = hiddenScores(person.answers);
      const noisy = (value: number) => Math.min(100, Math.max(0, value + rng.normal() * 4));
      await t.database.db.insert(profileEstimates).values({
        estimatorId: estimators[i % 2]!.id,
        profileId: id,
        competencies: noisy(truth.competencies),
        professionalism: noisy(truth.professionalism),
        maturity: noisy(truth.maturity),
        preciseRatedAt: new Date(),
      });
    }
  }
  added += count;
}

const accuracy = async (): Promise<ForecastAccuracy> => (await t.app.inject({ method: 'GET', url: '/api/scoring/accuracy' })).json().result;

async function train(): Promise<ScoringModel> {
  const started = await t.app.inject({ method: 'POST', url: '/api/admin/neuronet/models', headers: admin.headers, payload: { seed: 3, epochs: 20 } });
  expect(started.statusCode).toBe(202);
  const id = started.json().result._id as string;
  let model: ScoringModel | undefined;
  await vi.waitFor(
    async () => {
      model = (await t.app.inject({ method: 'GET', url: `/api/admin/neuronet/models/${id}`, headers: admin.headers })).json().result;
      expect(model!.status).not.toBe('training');
    },
    { timeout: 240_000, interval: 100 },
  );
  expect(model!.status).toBe('trained');
  return model!;
}

describe('forecast accuracy on real labels (docs/scoring-model.md, "Accuracy")', () => {
  it('is null with its reason on a fresh install', async () => {
    expect(await accuracy()).toMatchObject({ value: null, reason: 'no_evaluation', source: 'none', demo: false, evaluation: null });
  });

  it('splits by person: profiles of one person (same address, or same name at one owner) never fall on both sides', async () => {
    await addPeople(40);
    const { data, profiles } = await trainingData(t.database.db, featureSpecFromSteps(standard));
    // 40 people, 12 of whom filled the questionnaire twice.
    expect(profiles).toBe(52);
    expect(new Set(data.groups).size).toBe(40);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.double({ min: 0.05, max: 0.6, noNaN: true }), (seed, share) => {
        const { train, test } = splitByPerson(data.groups, seed, share);
        expect(train.length + test.length).toBe(data.n);
        expect(test.length).toBeGreaterThan(0);
        const trainPeople = new Set(train.map((row) => data.groups[row]));
        expect(test.filter((row) => trainPeople.has(data.groups[row]))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('names no figure for fewer held-out people than the stated minimum, and no demo flag for real labels', async () => {
    await addPeople(40);
    const model = await train();
    expect(model.isDemo).toBe(false);
    expect(model.demoLabels).toBe(0);
    expect(model.evaluation!.prior.persons).toBeLessThan(50);
    expect(await accuracy()).toEqual({
      value: null,
      reason: 'too_few',
      source: 'prior',
      modelId: null,
      demo: false,
      evaluation: model.evaluation!.prior,
      minPersons: 50,
    });
  });

  it("says 'more than N %' for real labels of enough people, from the upper end of the error's interval", async () => {
    await addPeople(300);
    const model = await train();
    const evaluation = model.evaluation!.prior;
    expect(evaluation.persons).toBeGreaterThanOrEqual(50);
    expect(evaluation.mae.high).toBeGreaterThan(evaluation.mae.value);
    const result = await accuracy();
    expect(result).toEqual({
      value: Math.floor(100 - evaluation.mae.high),
      reason: null,
      source: 'prior',
      modelId: null,
      demo: false,
      evaluation,
      minPersons: 50,
    });
    // A demo profile's labels joining the data make the next model a demonstration, whatever else it was trained on.
    const demoId = await insertCompletedProfile(t, owner.id, people[310]!.answers, { isDemo: true });
    await t.database.db.insert(profileEstimates).values({ estimatorId: estimators[0]!.id, profileId: demoId, score: 50, ratedAt: new Date() });
    const demo = await train();
    expect(demo.isDemo).toBe(true);
    expect(demo.demoLabels).toBe(1);
    // The figure stays the one measured on real labels: a real-label model comes before a demo one.
    expect((await accuracy()).value).toBe(result.value);
  });
});
