import { EngineError } from './errors.ts';
import { rankedAt, RANKED_KEYS, type RankedKey, type RankedValues } from './scene-summary.ts';
import type { SceneInput, SceneOptions, SceneResult } from './scene-types.ts';
import { simulateScene } from './simulate-scene.ts';
import type { Orientation, TeamType } from './types.ts';

/**
 * The compare-teams indicators of spec section 3, like with like: the ranked ones (RankedValues) are read on the last
 * forecast day by the same function as the team check's summary, per person where team size would decide (K, P, L
 * means, power per person) or on a team-level scale (cohesion, atmosphere, effect of uniting, management fit,
 * performance); the rest describe the team (totals, counts, shares, types) and are never ranked.
 */
export type CompareIndicators = RankedValues & {
  /** Actual power of the whole team on the last day (grows with size: described, not ranked). */
  teamPower: number;
  /** Largest and mean actual power over the forecast year (team totals). */
  maxPower: number;
  avgPower: number;
  monthsTogether: number;
  /** Percent of the forecast year spent as a launch, growth and support team. */
  launch: number;
  growth: number;
  support: number;
  teamType: TeamType;
  leads: number;
  participants: number;
  managers: number;
  profile: Orientation;
};

export type CompareKey = keyof CompareIndicators;

/** Which way is better; null for descriptive indicators (totals that grow with size, counts, shares, types), never ranked. */
export const COMPARE_DIRECTION: Record<CompareKey, 'higher' | null> = {
  kMean: 'higher',
  pMean: 'higher',
  lMean: 'higher',
  powerPerPerson: 'higher',
  cohesion: 'higher',
  performance: 'higher',
  managementFit: 'higher',
  unitingEffect: 'higher',
  atmosphere: 'higher',
  teamPower: null,
  maxPower: null,
  avgPower: null,
  monthsTogether: null,
  launch: null,
  growth: null,
  support: null,
  teamType: null,
  leads: null,
  participants: null,
  managers: null,
  profile: null,
};

export type CompareEntry = { id: string; result: SceneResult } | { id: string; scene: SceneInput };

/** Per ranked indicator, the probability that each scene holds the best value (they sum to 1); null where it is undefined. */
export type BestProbabilities = Record<RankedKey, Record<string, number> | null>;

export type Comparison = {
  scenes: Array<{ id: string; indicators: CompareIndicators }>;
  /** Per indicator, the ids of the best scenes (several on a tie); null where no direction applies. */
  best: Record<CompareKey, string[] | null>;
  /** From the scenes' band draws; absent when a scene was compared without a band. */
  probabilityBest?: BestProbabilities;
};

/** The compare-teams indicators of one simulated scene. */
export function compareIndicators(result: SceneResult): CompareIndicators {
  const { teamColumns: tc, finalStats: fs, summary } = result;
  const from = -result.firstDay;
  const last = result.days - 1;
  const shares = [0, 0, 0];
  for (let d = from; d < result.days; d++) shares[tc.teamType[d]!]!++;
  const future = result.days - from;
  return {
    ...rankedAt(tc, last),
    teamPower: tc.totalStatisticPower[last]!,
    maxPower: fs.maxPower,
    avgPower: fs.avgPower,
    monthsTogether: fs.monthsTogether,
    launch: (100 * shares[0]!) / future,
    growth: (100 * shares[1]!) / future,
    support: (100 * shares[2]!) / future,
    teamType: summary.teamType,
    leads: fs.leads,
    participants: fs.participants,
    managers: fs.managers,
    profile: summary.orientation,
  };
}

/** The ids holding the highest value of each ranked indicator (several on a tie), null for descriptive ones. */
export function bestOf(rows: ReadonlyArray<{ id: string; indicators: CompareIndicators | null }>): Record<CompareKey, string[] | null> {
  const best = {} as Record<CompareKey, string[] | null>;
  for (const key of Object.keys(COMPARE_DIRECTION) as CompareKey[]) {
    if (COMPARE_DIRECTION[key] === null) {
      best[key] = null;
      continue;
    }
    const values = rows.map((row) => (row.indicators?.[key] ?? null) as number | null);
    const top = Math.max(...values.map((v) => (v === null ? -Infinity : v)));
    best[key] = top === -Infinity ? null : rows.filter((_, i) => values[i] === top).map((row) => row.id);
  }
  return best;
}

/**
 * The probability that each scene's value is the highest, from independent band draws of every scene: for a draw x of
 * scene i, the chance that every other scene's draw is below it (a tie counts half), averaged over i's draws, then
 * normalised to sum to 1. With two scenes this is P(A better than B). Scenes whose draws are all null (an indicator
 * the team does not have, such as management fit without a manager) get no share; null when fewer than two have one.
 */
export function probabilityBest(draws: ReadonlyArray<{ id: string; values: ReadonlyArray<number | null> }>): Record<string, number> | null {
  const known = draws
    .map((d) => ({ id: d.id, values: d.values.filter((v): v is number => v !== null && Number.isFinite(v)) }))
    .filter((d) => d.values.length > 0);
  if (known.length < 2) return null;
  const below = (values: readonly number[], x: number) => {
    let n = 0;
    for (const v of values) n += v < x ? 1 : v === x ? 0.5 : 0;
    return n / values.length;
  };
  const raw = known.map((scene, i) => {
    let sum = 0;
    for (const x of scene.values) {
      let p = 1;
      for (let j = 0; j < known.length; j++) if (j !== i) p *= below(known[j]!.values, x);
      sum += p;
    }
    return sum / scene.values.length;
  });
  const total = raw.reduce((a, b) => a + b, 0);
  return Object.fromEntries(known.map((scene, i) => [scene.id, total > 0 ? raw[i]! / total : 1 / known.length]));
}

/** probabilityBest for every ranked indicator, from each scene's band draws. */
export function probabilitiesBest(scenes: ReadonlyArray<{ id: string; draws: Record<RankedKey, ReadonlyArray<number | null>> }>): BestProbabilities {
  return Object.fromEntries(RANKED_KEYS.map((key) => [key, probabilityBest(scenes.map((s) => ({ id: s.id, values: s.draws[key] })))])) as BestProbabilities;
}

/** Compares several scenes (simulated here when given as input) indicator by indicator. */
export function compareScenes(entries: readonly CompareEntry[], options: Pick<SceneOptions, 'params' | 'band'> = {}): Comparison {
  if (entries.length === 0) throw new EngineError('invalid_input', 'nothing to compare');
  const results = entries.map((e) => ({ id: e.id, result: 'result' in e ? e.result : simulateScene(e.scene, { ...options, pairDetail: 'none' }) }));
  const scenes = results.map((r) => ({ id: r.id, indicators: compareIndicators(r.result) }));
  const comparison: Comparison = { scenes, best: bestOf(scenes) };
  if (results.every((r) => r.result.band)) comparison.probabilityBest = probabilitiesBest(results.map((r) => ({ id: r.id, draws: r.result.band!.draws })));
  return comparison;
}
