import type { EstimatorLabelBias } from '@teamcast/contracts';
import type { Rating } from '../scoring/labels.ts';

/** Fewest labels on profiles others rated too before an estimator can be flagged. */
export const MIN_SHARED_LABELS = 20;
/** |Pearson r| of an estimator's gap to the other raters with the person's age from which he is flagged. */
export const AGE_TRACKING_THRESHOLD = 0.3;

/** Pearson correlation; null with fewer than 3 points or no spread. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 3) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? Math.round((sxy / Math.sqrt(sxx * syy)) * 1000) / 1000 : null;
}

const overall = (rating: Rating): number | null =>
  rating.precise ? (rating.precise.competencies + rating.precise.professionalism + rating.precise.maturity) / 3 : rating.score;

/**
 * Per estimator: how his overall ratings track the rated people's age. Raw r mixes in what older people have done
 * (experience grows with age), so the flag reads the residual: his rating minus the other estimators' mean on the
 * same profile, which removes what the profile itself shows and leaves how he, unlike the others, treats age.
 */
export function estimatorLabelBias(ratings: readonly Rating[], ages: ReadonlyMap<string, number>, names: ReadonlyMap<string, string>): EstimatorLabelBias[] {
  const byProfile = new Map<string, { estimatorId: string; value: number }[]>();
  for (const rating of ratings) {
    const value = overall(rating);
    if (value === null || !ages.has(rating.profileId)) continue;
    byProfile.set(rating.profileId, [...(byProfile.get(rating.profileId) ?? []), { estimatorId: rating.estimatorId, value }]);
  }
  const per = new Map<string, { ages: number[]; values: number[]; sharedAges: number[]; residuals: number[] }>();
  for (const [profileId, list] of byProfile) {
    const age = ages.get(profileId)!;
    for (const entry of list) {
      const stats = per.get(entry.estimatorId) ?? { ages: [], values: [], sharedAges: [], residuals: [] };
      stats.ages.push(age);
      stats.values.push(entry.value);
      const others = list.filter((other) => other.estimatorId !== entry.estimatorId);
      if (others.length) {
        stats.sharedAges.push(age);
        stats.residuals.push(entry.value - others.reduce((sum, other) => sum + other.value, 0) / others.length);
      }
      per.set(entry.estimatorId, stats);
    }
  }
  return [...per]
    .map(([estimatorId, stats]) => {
      const residual = pearson(stats.sharedAges, stats.residuals);
      return {
        estimatorId,
        name: names.get(estimatorId) ?? estimatorId,
        labels: stats.values.length,
        ageCorrelation: pearson(stats.ages, stats.values),
        shared: stats.residuals.length,
        residualAgeCorrelation: residual,
        flagged: residual !== null && stats.residuals.length >= MIN_SHARED_LABELS && Math.abs(residual) >= AGE_TRACKING_THRESHOLD,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
