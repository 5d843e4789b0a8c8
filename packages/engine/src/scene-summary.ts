import { bandOf } from './bands.ts';
import { ORIENTATIONS, TEAM_TYPES, type FinalStats, type TeamColumns, type TeamIndicators } from './scene-types.ts';
import type { Orientation } from './types.ts';

function orientationOf(k: number, p: number, l: number): Orientation {
  return k >= p && k >= l ? 'КПЛ' : p >= l ? 'ПЛК' : 'ЛКП';
}

/** Team indicators on day index d. */
export function indicatorsAt(tc: TeamColumns, d: number): TeamIndicators {
  const suitability = tc.managerSuitability[d]!;
  return {
    basePower: tc.basePower[d]!,
    peakPower: tc.peakPower[d]!,
    totalStatisticPower: tc.totalStatisticPower[d]!,
    cohesion: tc.cohesion[d]!,
    competence: tc.competence[d]!,
    orientation: ORIENTATIONS[tc.orientation[d]!]!,
    performance: tc.performance[d]!,
    microclimate: tc.microclimate[d]!,
    atmosphere: bandOf(tc.microclimate[d]!),
    teamType: TEAM_TYPES[tc.teamType[d]!]!,
    managerSuitability: Number.isNaN(suitability) ? null : suitability,
    competencies: memberMeans(tc, d),
    teamingEffect: tc.teamingEffect[d]!,
  };
}

/** K, P and L of the team on day index d: the mean of its active members, 0-100 like each person's score (0 with nobody). */
export function memberMeans(tc: TeamColumns, d: number): { k: number; p: number; l: number } {
  const n = tc.activeCount[d]!;
  return n > 0 ? { k: tc.kTotal[d]! / n, p: tc.pTotal[d]! / n, l: tc.lTotal[d]! / n } : { k: 0, p: 0, l: 0 };
}

/** The numbers a comparison ranks (independent of team size or on a team-level scale). */
export type RankedValues = {
  kMean: number;
  pMean: number;
  lMean: number;
  /** Actual power per active member. */
  powerPerPerson: number;
  cohesion: number;
  performance: number;
  managementFit: number | null;
  unitingEffect: number;
  atmosphere: number;
};
export type RankedKey = keyof RankedValues;
export const RANKED_KEYS: readonly RankedKey[] = [
  'kMean',
  'pMean',
  'lMean',
  'powerPerPerson',
  'cohesion',
  'performance',
  'managementFit',
  'unitingEffect',
  'atmosphere',
];

/**
 * The ranked numbers of day index d, from the same columns as indicatorsAt: one function for the point forecast and
 * for every band sample, so a comparison's probabilities speak of the numbers it shows.
 */
export function rankedAt(tc: TeamColumns, d: number): RankedValues {
  const n = tc.activeCount[d]!;
  const means = memberMeans(tc, d);
  const suitability = tc.managerSuitability[d]!;
  return {
    kMean: means.k,
    pMean: means.p,
    lMean: means.l,
    powerPerPerson: n > 0 ? tc.totalStatisticPower[d]! / n : 0,
    cohesion: tc.cohesion[d]!,
    performance: tc.performance[d]!,
    managementFit: Number.isNaN(suitability) ? null : suitability,
    unitingEffect: tc.teamingEffect[d]!,
    atmosphere: tc.microclimate[d]!,
  };
}

function mean(column: Float32Array, from: number, to: number): number {
  let s = 0;
  let n = 0;
  for (let d = from; d < to; d++) {
    const v = column[d]!;
    if (!Number.isNaN(v)) {
      s += v;
      n++;
    }
  }
  return n > 0 ? s / n : Number.NaN;
}

/** Means over day indices [from, to); categorical indicators by the mean totals and the most frequent type. */
export function averageIndicators(tc: TeamColumns, from: number, to: number): TeamIndicators {
  let k = 0;
  let p = 0;
  let l = 0;
  for (let d = from; d < to; d++) {
    const m = memberMeans(tc, d);
    k += m.k / (to - from);
    p += m.p / (to - from);
    l += m.l / (to - from);
  }
  const micro = mean(tc.microclimate, from, to);
  const typeCounts = [0, 0, 0];
  for (let d = from; d < to; d++) typeCounts[tc.teamType[d]!]!++;
  const suitability = mean(tc.managerSuitability, from, to);
  return {
    basePower: mean(tc.basePower, from, to),
    peakPower: mean(tc.peakPower, from, to),
    totalStatisticPower: mean(tc.totalStatisticPower, from, to),
    cohesion: mean(tc.cohesion, from, to),
    competence: mean(tc.competence, from, to),
    orientation: orientationOf(k, p, l),
    performance: mean(tc.performance, from, to),
    microclimate: micro,
    atmosphere: bandOf(micro),
    teamType: TEAM_TYPES[typeCounts.indexOf(Math.max(...typeCounts))]!,
    managerSuitability: Number.isNaN(suitability) ? null : suitability,
    competencies: { k, p, l },
    teamingEffect: mean(tc.teamingEffect, from, to),
  };
}

/**
 * Statistics over the future days [from, days): participants, distinct managers and leads, months the final
 * team's pairs have been together, max and mean power, averages, best and worst month by microclimate.
 */
export function finalStatsOf(
  tc: TeamColumns,
  active: Uint8Array,
  n: number,
  days: number,
  from: number,
  monthStarts: readonly number[],
  togetherDaysOfFinalPairs: number,
): FinalStats {
  let participants = 0;
  for (let a = 0; a < n; a++) {
    for (let d = from; d < days; d++) {
      if (active[a * days + d]) {
        participants++;
        break;
      }
    }
  }
  const managers = new Set<number>();
  const leads = new Set<number>();
  let maxPower = 0;
  for (let d = from; d < days; d++) {
    if (tc.manager[d]! >= 0) managers.add(tc.manager[d]!);
    if (tc.lead[d]! >= 0) leads.add(tc.lead[d]!);
    maxPower = Math.max(maxPower, tc.totalStatisticPower[d]!);
  }
  const monthly = monthStarts.map((start, i) => mean(tc.microclimate, from + start, from + (monthStarts[i + 1] ?? days - from)));
  const valid = monthly.map((v) => (Number.isNaN(v) ? 0 : v));
  const best = valid.indexOf(Math.max(...valid));
  const worst = valid.indexOf(Math.min(...valid));
  return {
    participants,
    managers: managers.size,
    leads: leads.size,
    monthsTogether: togetherDaysOfFinalPairs / 30.44,
    maxPower,
    avgPower: mean(tc.totalStatisticPower, from, days),
    averages: averageIndicators(tc, from, days),
    bestMonth: { index: best, microclimate: valid[best]! },
    worstMonth: { index: worst, microclimate: valid[worst]! },
  };
}
