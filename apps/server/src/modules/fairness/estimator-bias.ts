import type { EstimatorLabelBias } from '@teamcast/contracts';
import type { Rating } from '../scoring/labels.ts';

/** Fewest labels before an estimator can be flagged. */
export const MIN_LABELS = 20;
/** |partial r| of an estimator's ratings with the person's age, experience held fixed, from which he is flagged. */
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

/** Correlation of x and y with z held fixed; null when any pair has no correlation defined or z explains x or y fully. */
function partial(x: readonly number[], y: readonly number[], z: readonly number[]): number | null {
  const rxy = pearson(x, y);
  const rxz = pearson(x, z);
  const ryz = pearson(y, z);
  if (rxy === null || rxz === null || ryz === null || Math.abs(rxz) >= 1 || Math.abs(ryz) >= 1) return null;
  return Math.round(((rxy - rxz * ryz) / Math.sqrt((1 - rxz ** 2) * (1 - ryz ** 2))) * 1000) / 1000;
}

/** A rated person: age and years of work experience. */
export type RatedPerson = { age: number; experience: number };

/**
 * Per estimator: how his overall ratings track the rated people's age. Raw r mixes in what older people have done
 * (experience grows with age), so the flag reads the partial correlation with age, years of experience held fixed:
 * how much his ratings follow age beyond what the person's work history explains.
 */
export function estimatorLabelBias(
  ratings: readonly Rating[],
  people: ReadonlyMap<string, RatedPerson>,
  names: ReadonlyMap<string, string>,
): EstimatorLabelBias[] {
  const per = new Map<string, { ages: number[]; experience: number[]; values: number[] }>();
  for (const rating of ratings) {
    const value = overall(rating);
    const person = people.get(rating.profileId);
    if (value === null || !person) continue;
    const stats = per.get(rating.estimatorId) ?? { ages: [], experience: [], values: [] };
    stats.ages.push(person.age);
    stats.experience.push(person.experience);
    stats.values.push(value);
    per.set(rating.estimatorId, stats);
  }
  return [...per]
    .map(([estimatorId, stats]) => {
      const partialR = partial(stats.ages, stats.values, stats.experience);
      return {
        estimatorId,
        name: names.get(estimatorId) ?? estimatorId,
        labels: stats.values.length,
        ageCorrelation: pearson(stats.ages, stats.values),
        partialAgeCorrelation: partialR,
        flagged: partialR !== null && stats.values.length >= MIN_LABELS && Math.abs(partialR) >= AGE_TRACKING_THRESHOLD,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
