import type { LabelAgreement } from '@teamcast/contracts';

/** One estimator's overall rating (0-100) of one profile. */
export type OverallRating = { profileId: string; score: number };

/** Koo & Li (2016): below 0.5 poor, 0.5-0.75 moderate, 0.75-0.9 good, 0.9 and above excellent. */
export function agreementLevel(icc: number | null): LabelAgreement['level'] {
  if (icc === null) return 'none';
  if (icc < 0.5) return 'poor';
  if (icc < 0.75) return 'moderate';
  if (icc < 0.9) return 'good';
  return 'excellent';
}

/**
 * Agreement between estimators on the profiles two or more of them rated (docs/scoring-model.md).
 * - Mean absolute difference: over every pair of ratings of the same profile, in points of the 0-100 scale.
 * - ICC(1,1), one-way random effects, single rater, absolute agreement: each profile is rated by a different set of
 *   estimators, so rater effects cannot be separated (ICC(2,1) needs every estimator to rate every profile). For groups
 *   of unequal size k_i the mean square between uses k0 = (N − Σk_i²/N) / (n − 1) (Shrout & Fleiss 1979; McGraw & Wong 1996).
 *   Null with fewer than two such profiles or when the ratings do not vary at all.
 */
export function labelAgreement(ratings: readonly OverallRating[]): LabelAgreement {
  const byProfile = new Map<string, number[]>();
  for (const rating of ratings) byProfile.set(rating.profileId, [...(byProfile.get(rating.profileId) ?? []), rating.score]);
  const groups = [...byProfile.values()].filter((scores) => scores.length >= 2);
  let pairs = 0;
  let differences = 0;
  for (const scores of groups) {
    for (let i = 0; i < scores.length; i++) {
      for (let j = i + 1; j < scores.length; j++) {
        pairs += 1;
        differences += Math.abs(scores[i]! - scores[j]!);
      }
    }
  }
  const n = groups.length;
  const total = groups.reduce((sum, scores) => sum + scores.length, 0);
  const icc = n >= 2 ? oneWayIcc(groups, total) : null;
  return { profiles: n, ratings: total, pairs, meanAbsoluteDifference: pairs > 0 ? differences / pairs : null, icc, level: agreementLevel(icc) };
}

function oneWayIcc(groups: readonly number[][], total: number): number | null {
  const n = groups.length;
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const grand = mean(groups.flat());
  let between = 0;
  let within = 0;
  for (const scores of groups) {
    const groupMean = mean(scores);
    between += scores.length * (groupMean - grand) ** 2;
    for (const score of scores) within += (score - groupMean) ** 2;
  }
  const msBetween = between / (n - 1);
  const msWithin = within / (total - n);
  const k0 = (total - groups.reduce((sum, scores) => sum + scores.length ** 2, 0) / total) / (n - 1);
  const denominator = msBetween + (k0 - 1) * msWithin;
  if (denominator === 0) return null;
  return (msBetween - msWithin) / denominator;
}
