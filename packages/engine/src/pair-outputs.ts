import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import type { Unit } from './pair-model.ts';
import { DAYS, MONTHS, RECOMMENDATION_STEPS, SETTLE_TOLERANCE } from './pair-dynamics.ts';
import type { CompetenceLines, RecommendationLevel } from './pair-types.ts';
import type { InteractionMode, PairKind } from './types.ts';

/** Mean of a daily series over each month. */
export function monthlyMeans(series: Float64Array, bounds: Int32Array): number[] {
  const out: number[] = [];
  for (let m = 0; m < MONTHS; m++) {
    const from = bounds[m]!;
    const to = Math.max(from + 1, bounds[m + 1]!);
    let s = 0;
    for (let t = from; t < to; t++) s += series[Math.min(t, DAYS - 1)]!;
    out.push(s / (to - from));
  }
  return out;
}

/** Month-end K, P, L of both people: each learns a share of the gap to a more qualified partner. */
export function competenceLines(a: Unit, b: Unit, mode: InteractionMode, hours: number, params: Params): [CompetenceLines, CompetenceLines] {
  const c = params.competence;
  const rate = c.learningPerMonth * Math.sqrt(hours / params.dynamics.referenceHours) * (mode === 1 ? 1 / params.dynamics.remoteTauFactor : 1);
  const la: CompetenceLines = { k: [], p: [], l: [] };
  const lb: CompetenceLines = { k: [], p: [], l: [] };
  let [ka, pa, kb, pb] = [a.k, a.p, b.k, b.p];
  for (let m = 1; m <= MONTHS; m++) {
    [ka, kb] = [Math.min(100, ka + rate * Math.max(0, kb - ka)), Math.min(100, kb + rate * Math.max(0, ka - kb))];
    [pa, pb] = [Math.min(100, pa + rate * Math.max(0, pb - pa)), Math.min(100, pb + rate * Math.max(0, pa - pb))];
    la.k.push(ka);
    la.p.push(pa);
    la.l.push(Math.min(100, a.l + (c.maturityPerYear * m) / MONTHS));
    lb.k.push(kb);
    lb.p.push(pb);
    lb.l.push(Math.min(100, b.l + (c.maturityPerYear * m) / MONTHS));
  }
  return [la, lb];
}

/** Expertise from K, P, L (docs/forecast-model.md section 5.3). */
export function expertise(k: number, p: number, l: number, params: Params): number {
  const w = params.competence.expertise;
  return w.k * k + w.p * p + w.l * l;
}

/** First day from which the rating stays within the settle tolerance of the settled level. */
export function settleDay(shared: Float64Array, settled: number): number | null {
  let day: number | null = null;
  for (let t = DAYS - 1; t >= 0; t--) {
    if (Math.abs(shared[t]! - settled) > SETTLE_TOLERANCE) break;
    day = t;
  }
  return day;
}

/** Recommendation level 1-6 from compatibility. */
export function recommendationOf(compatibility: number): RecommendationLevel {
  let level = 1;
  for (const step of RECOMMENDATION_STEPS) if (compatibility >= step) level++;
  return level as RecommendationLevel;
}

/** The result blocks of a pair kind with their scores. */
export function blocksOf(
  kind: PairKind,
  x: { yearly: number; first: number; settled: number; storm: number; endExpertise: number; family: number; partners: number },
): Array<{ name: string; score: number }> {
  const pct = (rating: number): number => clamp((rating + 100) / 2, 0, 100);
  if (kind === 'LOVE') {
    // Sternberg's triangle: passion shows first, intimacy is what settles, commitment needs stable family lives.
    return [
      { name: 'passion', score: pct(x.first) },
      { name: 'intimacy', score: pct(x.settled) },
      { name: 'commitment', score: clamp(50 * x.family + x.yearly / 2, 0, 100) },
    ];
  }
  if (kind === 'FRIEND') {
    return [
      { name: 'enjoyment', score: x.yearly },
      { name: 'trust', score: clamp(pct(x.settled) - x.storm / 2, 0, 100) },
      { name: 'support', score: pct(x.partners) },
    ];
  }
  return [
    { name: 'satisfaction', score: x.yearly },
    { name: 'expectations', score: clamp(50 + (x.settled - x.first) / 2, 0, 100) },
    { name: 'competences', score: clamp(x.endExpertise, 0, 100) },
    { name: 'outlook', score: pct(x.settled) },
  ];
}
