import type { Contribution, ScoreSum } from '@teamcast/contracts';

/** Contributions shown per output; the rest are summed in `others`. */
export const TOP_CONTRIBUTIONS = 5;

type QuestionTexts = ReadonlyMap<string, { ru: string; en: string }>;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * One output's additive explanation (docs/scoring-model.md, "Explanation"): `points` holds every answer's contribution
 * against `baseline`, so baseline + Σ points is the score before the 0-100 limit. The largest few are listed; the sum
 * of the rest, the limit's cut and the rounding of the shown figures go to `others` and `limit`, so that
 * baseline + Σ listed + others + limit = score holds exactly for the shown (rounded) figures.
 */
export function additiveOutput(
  baseline: number,
  points: ReadonlyMap<string, number>,
  score: number,
  texts: QuestionTexts,
): { contributions: Contribution[]; sum: ScoreSum } {
  const entries = [...points].filter(([, value]) => Number.isFinite(value));
  const unlimited = baseline + entries.reduce((total, [, value]) => total + value, 0);
  const contributions = entries
    .filter(([, value]) => Math.abs(value) >= 0.05)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP_CONTRIBUTIONS)
    .map(([neuron, value]) => ({ neuron, question: texts.get(neuron) ?? { ru: neuron, en: neuron }, points: round1(value) }));
  const shownBaseline = round1(baseline);
  const shownScore = round1(score);
  const limit = round1(score - unlimited);
  const listed = contributions.reduce((total, item) => total + item.points, 0);
  // Rounded to 0.1 like the rest, then corrected so the shown figures add up exactly.
  const others = round1(shownScore - shownBaseline - listed - limit);
  return { contributions, sum: { baseline: shownBaseline, others, limit, score: shownScore } };
}
