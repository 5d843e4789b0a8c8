import { OUTPUTS, clampScore, overallOf, type Scores } from './outputs.ts';

/** One estimator's rating of one profile: the main score (0-100 overall) and/or the precise K, P, L. */
export type Rating = { profileId: string; estimatorId: string; score: number | null; precise: Scores | null };
/** The administrator's final scores of a profile, which override the estimators'. */
export type FinalScores = { score: number | null; precise: Scores | null };

export type CombinedLabels = {
  labels: Map<string, Scores>;
  /** Each estimator's estimated bias per output (points above the consensus). */
  biases: Map<string, Scores>;
  estimatorsUsed: number;
};

const vectorOf = (rating: Rating): number[] | null =>
  rating.precise ? OUTPUTS.map((output) => rating.precise![output]) : rating.score !== null ? [rating.score, rating.score, rating.score] : null;

const toScores = (vector: readonly number[]): Scores => ({
  competencies: clampScore(vector[0]!),
  professionalism: clampScore(vector[1]!),
  maturity: clampScore(vector[2]!),
});

/**
 * Training labels per profile. An estimator's rating is his precise K, P, L, or his main score for all three when
 * he gave no precise one. Biases: rating = consensus + estimator bias + noise; consensus and biases are fitted by
 * alternating means over profiles rated by two or more estimators, biases centred on zero. A profile's label is the
 * mean of its ratings with each estimator's bias removed. The administrator's final precise score replaces the
 * label; his final score moves the label's level so that its mean equals the final score (or sets all three).
 */
export function combineLabels(ratings: readonly Rating[], finals: ReadonlyMap<string, FinalScores> = new Map()): CombinedLabels {
  const byProfile = new Map<string, { estimatorId: string; vector: number[] }[]>();
  for (const rating of ratings) {
    const vector = vectorOf(rating);
    if (!vector) continue;
    const list = byProfile.get(rating.profileId) ?? [];
    list.push({ estimatorId: rating.estimatorId, vector });
    byProfile.set(rating.profileId, list);
  }
  const estimatorIds = [...new Set([...byProfile.values()].flat().map((entry) => entry.estimatorId))];
  const bias = new Map(estimatorIds.map((id) => [id, [0, 0, 0]]));
  const shared = [...byProfile.values()].filter((list) => list.length > 1);
  const consensus = (list: { estimatorId: string; vector: number[] }[]) =>
    [0, 1, 2].map((k) => list.reduce((sum, entry) => sum + entry.vector[k]! - bias.get(entry.estimatorId)![k]!, 0) / list.length);
  for (let iteration = 0; iteration < 30 && shared.length > 0; iteration++) {
    const sums = new Map(estimatorIds.map((id) => [id, { total: [0, 0, 0], count: 0 }]));
    for (const list of shared) {
      const mean = consensus(list);
      for (const entry of list) {
        const sum = sums.get(entry.estimatorId)!;
        sum.count += 1;
        for (let k = 0; k < 3; k++) sum.total[k]! += entry.vector[k]! - mean[k]!;
      }
    }
    for (const id of estimatorIds) {
      const sum = sums.get(id)!;
      bias.set(id, sum.count ? sum.total.map((total) => total / sum.count) : [0, 0, 0]);
    }
    // Centre the biases (weighted by ratings in shared profiles) so the consensus keeps the estimators' average level.
    const weights = estimatorIds.map((id) => sums.get(id)!.count);
    const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
    const centre = [0, 1, 2].map((k) => estimatorIds.reduce((sum, id, i) => sum + bias.get(id)![k]! * weights[i]!, 0) / totalWeight);
    for (const id of estimatorIds)
      bias.set(
        id,
        bias.get(id)!.map((value, k) => value - centre[k]!),
      );
  }
  const labels = new Map<string, Scores>();
  for (const [profileId, list] of byProfile) labels.set(profileId, toScores(consensus(list)));
  for (const [profileId, final] of finals) {
    if (final.precise) labels.set(profileId, final.precise);
    else if (final.score !== null) {
      const current = labels.get(profileId);
      const shift = current ? final.score - overallOf(current) : 0;
      labels.set(profileId, current ? toScores(OUTPUTS.map((output) => current[output] + shift)) : toScores([final.score, final.score, final.score]));
    }
  }
  return {
    labels,
    biases: new Map([...bias].map(([id, vector]) => [id, { competencies: vector[0]!, professionalism: vector[1]!, maturity: vector[2]! }])),
    estimatorsUsed: estimatorIds.length,
  };
}
