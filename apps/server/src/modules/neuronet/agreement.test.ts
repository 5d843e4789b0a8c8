import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileEstimates } from '../../db/schema/index.ts';
import { createAdministrator, createEstimator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCompletedProfile } from '../scoring/scoring.test-support.ts';
import { agreementLevel, labelAgreement } from './agreement.ts';

describe('labelAgreement', () => {
  it('computes the mean absolute difference and ICC(1,1) of a constructed set with a known answer', () => {
    // Profile means 15, 55, 85 (grand mean 51.67): MS between = 2 · 2466.67 / 2 = 2466.67, MS within = 150 / 3 = 50,
    // k0 = 2: ICC = (2466.67 − 50) / (2466.67 + 50) = 0.96026; every pair differs by 10 points.
    const result = labelAgreement([
      { profileId: 'a', score: 10 },
      { profileId: 'a', score: 20 },
      { profileId: 'b', score: 50 },
      { profileId: 'b', score: 60 },
      { profileId: 'c', score: 90 },
      { profileId: 'c', score: 80 },
      // Rated once: not compared.
      { profileId: 'd', score: 0 },
    ]);
    expect(result).toMatchObject({ profiles: 3, ratings: 6, pairs: 3, meanAbsoluteDifference: 10, level: 'excellent' });
    expect(result.icc).toBeCloseTo(2416.6667 / 2516.6667, 6);
  });

  it('handles profiles rated by different numbers of estimators (k0) and ratings that disagree', () => {
    // a: 0, 100, 50 (pairs 100, 50, 50); b: 40, 60 (20). MAD = 220 / 4 = 55.
    // N = 5, n = 2, grand 50; SSB = 3·0 + 2·0 = 0; SSW = 5000 + 200 = 5200, MSW = 1733.3; k0 = (5 − 13/5) / 1 = 2.4.
    // ICC = (0 − 1733.3) / (0 + 1.4 · 1733.3) = −1 / 1.4.
    const result = labelAgreement([
      { profileId: 'a', score: 0 },
      { profileId: 'a', score: 100 },
      { profileId: 'a', score: 50 },
      { profileId: 'b', score: 40 },
      { profileId: 'b', score: 60 },
    ]);
    expect(result.meanAbsoluteDifference).toBe(55);
    expect(result.pairs).toBe(4);
    expect(result.icc).toBeCloseTo(-1 / 1.4, 6);
    expect(result.level).toBe('poor');
  });

  it('has no figures without two ratings of one profile, and no ICC from one profile', () => {
    expect(labelAgreement([{ profileId: 'a', score: 10 }])).toEqual({
      profiles: 0,
      ratings: 0,
      pairs: 0,
      meanAbsoluteDifference: null,
      icc: null,
      level: 'none',
    });
    expect(
      labelAgreement([
        { profileId: 'a', score: 10 },
        { profileId: 'a', score: 14 },
      ]),
    ).toMatchObject({ profiles: 1, meanAbsoluteDifference: 4, icc: null, level: 'none' });
  });

  it('bands the ICC as Koo and Li do', () => {
    expect([0.49, 0.5, 0.74, 0.75, 0.89, 0.9].map(agreementLevel)).toEqual(['poor', 'moderate', 'moderate', 'good', 'good', 'excellent']);
  });
});

describe('the neuronet overview', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdministrator(t);
  });
  afterAll(async () => t.close());

  it('reports the estimators’ agreement on profiles rated by two or more', async () => {
    const owner = await createOwner(t);
    const [first, second] = [await createEstimator(t), await createEstimator(t)];
    const rated = [
      [10, 20],
      [50, 60],
      [90, 80],
    ];
    for (const [a, b] of rated) {
      const profileId = await insertCompletedProfile(t, owner.id, [{ neuron: 'С_Возр', value: 30 }]);
      await t.database.db.insert(profileEstimates).values([
        { estimatorId: first.id, profileId, score: a!, ratedAt: new Date() },
        { estimatorId: second.id, profileId, score: b!, ratedAt: new Date() },
      ]);
    }
    // One estimator only, and one assigned but not rated: neither counts.
    const single = await insertCompletedProfile(t, owner.id, [{ neuron: 'С_Возр', value: 30 }]);
    await t.database.db.insert(profileEstimates).values([
      { estimatorId: first.id, profileId: single, score: 40, ratedAt: new Date() },
      { estimatorId: second.id, profileId: single },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/neuronet/models', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { agreement } = res.json().result;
    expect(agreement).toMatchObject({ profiles: 3, ratings: 6, pairs: 3, meanAbsoluteDifference: 10, level: 'excellent' });
    expect(agreement.icc).toBeCloseTo(0.96026, 4);
  });
});
