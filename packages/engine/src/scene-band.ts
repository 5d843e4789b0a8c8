import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import type { Actor } from './types.ts';
import { sampleParams } from './param-priors.ts';
import { sampleUnit } from './pair-band.ts';
import type { Unit } from './pair-model.ts';
import { createRng, hashString, p10p90 } from './prng.ts';
import { RANKED_KEYS, rankedAt, type RankedKey } from './scene-summary.ts';
import type { SceneBand, SceneInput, SceneOptions, TeamColumns } from './scene-types.ts';
import { buildTimeline, type Timeline } from './scene-timeline.ts';
import { simulateCore } from './simulate-core.ts';
import { envelopeDaily, residualPath, widen } from './uncertainty.ts';
import { validateSamples } from './validate-input.ts';
import { sortedStyle } from './work-style.ts';

/** At most this many band samples for one scene: each is a whole simulation. */
const MAX_SCENE_SAMPLES = 256;

/** The reduced team a large scene's band is drawn on (docs section 7.6), with its own timeline and point forecast. */
type ReducedTeam = { units: Unit[]; tl: Timeline; point: TeamColumns };

/**
 * `members` of a large team, chosen without the random stream and without ids: every manager and lead, then the others
 * at evenly spaced ranks of expertise (a sample of the team's spread of skill, lowest to highest), in id order; the
 * reduced team keeps their events and the interactions among them.
 */
function reducedTeam(actors: readonly Actor[], units: readonly Unit[], tl: Timeline, params: Params, lifespan: number): ReducedTeam {
  const members = params.band.reduced.members;
  const roles = new Set<number>();
  for (let d = 0; d < tl.days; d++) {
    if (tl.manager[d]! >= 0) roles.add(tl.manager[d]!);
    if (tl.lead[d]! >= 0) roles.add(tl.lead[d]!);
  }
  const expertise = (u: Unit) => 0.4 * u.k + 0.35 * u.p + 0.25 * u.l;
  const others = units.map((_, i) => i).filter((i) => !roles.has(i));
  others.sort((x, y) => expertise(units[x]!) - expertise(units[y]!) || x - y);
  const slots = Math.max(0, members - roles.size);
  const chosen = new Set(roles);
  for (let k = 0; k < slots; k++) chosen.add(others[Math.floor(((k + 0.5) * others.length) / slots)]!);
  const picked = [...chosen].sort((x, y) => x - y);
  const keep = new Set(picked.map((i) => actors[i]!.id));
  const sub = picked.map((i) => {
    const a = actors[i]!;
    return {
      ...a,
      interactionType: a.interactionType.filter((e) => keep.has(e.actorId)),
      interactionIntensive: a.interactionIntensive.filter((e) => keep.has(e.actorId)),
    };
  });
  const subUnits = picked.map((i) => units[i]!);
  const subTl = buildTimeline(sub, params);
  const point = simulateCore(subUnits, subTl, lifespan, params, new Int32Array(0)).teamColumns;
  return { units: subUnits, tl: subTl, point };
}

/**
 * 10th-90th percentile band of the future microclimate and the headline numbers on the last day, by seeded Monte Carlo
 * over every source of error (docs section 7): each sample redraws every actor's K, P, L from their score error and the
 * tunable parameters from their priors, and adds the pair-specific residual averaged over the team's pairs (a random
 * walk over the future days whose size shrinks as 1 / sqrt(pairs), independent pairs) to the microclimate, and half of
 * it to cohesion (cohesion moves by half the mean pair rating). The bands contain the point values, are at least
 * `minWidth` wide, and the microclimate band never narrows with the horizon. `draws` keeps every sample's ranked numbers
 * on the last day (rankedAt), so a comparison can say how likely one team is better than another.
 */
export function sceneBand(
  scene: SceneInput,
  actors: readonly Actor[],
  units: readonly Unit[],
  tl: Timeline,
  params: Params,
  option: NonNullable<SceneOptions['band']>,
  point: TeamColumns,
): SceneBand {
  const samples = typeof option === 'object' && option.samples !== undefined ? option.samples : params.band.sceneSamples;
  validateSamples(samples, MAX_SCENE_SAMPLES, 'band.samples');
  const seed = hashString(
    JSON.stringify([scene.startDay, scene.lifespan, units.map((u) => [u.id, u.k, u.p, u.l, u.scoreError, u.styleError, sortedStyle(u.ws)]), tl.days]),
  );
  const rng = createRng(seed);
  const from = -tl.firstDay;
  const future = tl.days - from;
  const micro = new Float64Array(samples * future);
  const last = tl.days - 1;
  const heads = {
    basePower: new Float64Array(samples),
    totalStatisticPower: new Float64Array(samples),
    cohesion: new Float64Array(samples),
    performance: new Float64Array(samples),
    teamingEffect: new Float64Array(samples),
  };
  const none = new Int32Array(0);
  const pairs = Math.max(1, (units.length * (units.length - 1)) / 2);
  const residual = new Float64Array(future);
  const draws = Object.fromEntries(RANKED_KEYS.map((key) => [key, [] as Array<number | null>])) as Record<RankedKey, Array<number | null>>;
  const reduced = units.length > params.band.reduced.above ? reducedTeam(actors, units, tl, params, scene.lifespan) : null;
  for (let s = 0; s < samples; s++) {
    const drawn = params.band.parameterUncertainty ? sampleParams(params, rng) : params;
    residualPath(residual, rng, params, 1 / Math.sqrt(pairs));
    if (reduced) {
      const sampled = reduced.units.map((u) => sampleUnit(u, rng, params.kinds.work.style));
      const tc = shifted(point, last, reduced, simulateCore(sampled, reduced.tl, scene.lifespan, drawn, none).teamColumns);
      for (let t = 0; t < future; t++) micro[s * future + t] = clamp(tc.microclimate(from + t) + residual[t]!, -100, 100);
      heads.basePower[s] = tc.basePower;
      heads.totalStatisticPower[s] = tc.totalStatisticPower;
      heads.cohesion[s] = clamp(tc.ranked.cohesion + residual[future - 1]! / 2, 0, 100);
      heads.performance[s] = tc.ranked.performance;
      heads.teamingEffect[s] = tc.ranked.unitingEffect;
      const ranked = { ...tc.ranked, cohesion: heads.cohesion[s]!, atmosphere: micro[s * future + future - 1]! };
      for (const key of RANKED_KEYS) draws[key].push(ranked[key]);
      continue;
    }
    const sampled = units.map((u) => sampleUnit(u, rng, params.kinds.work.style));
    const tc = simulateCore(sampled, tl, scene.lifespan, drawn, none).teamColumns;
    for (let t = 0; t < future; t++) micro[s * future + t] = clamp(tc.microclimate[from + t]! + residual[t]!, -100, 100);
    heads.basePower[s] = tc.basePower[last]!;
    heads.totalStatisticPower[s] = tc.totalStatisticPower[last]!;
    heads.cohesion[s] = clamp(tc.cohesion[last]! + residual[future - 1]! / 2, 0, 100);
    heads.performance[s] = tc.performance[last]!;
    heads.teamingEffect[s] = tc.teamingEffect[last]!;
    // The ranked numbers of this draw: the same function as the point forecast, with the residual where the heads carry it.
    const ranked = { ...rankedAt(tc, last), cohesion: heads.cohesion[s]!, atmosphere: micro[s * future + future - 1]! };
    for (const key of RANKED_KEYS) draws[key].push(ranked[key]);
  }
  const p10: number[] = [];
  const p90: number[] = [];
  const column = new Float64Array(samples);
  for (let t = 0; t < future; t++) {
    for (let s = 0; s < samples; s++) column[s] = micro[s * future + t]!;
    const band = p10p90(column);
    p10.push(band.p10);
    p90.push(band.p90);
  }
  const min = params.band.minWidth;
  envelopeDaily(point.microclimate.subarray(from), p10, p90, min, -100, 100);
  const interval = (v: Float64Array, at: number, lo: number, hi: number) => {
    const iv = p10p90(v);
    return widen(at, iv.p10, iv.p90, min, lo, hi);
  };
  const inf = Number.POSITIVE_INFINITY;
  return {
    samples,
    microclimate: { p10, p90 },
    basePower: interval(heads.basePower, point.basePower[last]!, 0, inf),
    totalStatisticPower: interval(heads.totalStatisticPower, point.totalStatisticPower[last]!, 0, inf),
    cohesion: interval(heads.cohesion, point.cohesion[last]!, 0, 100),
    performance: interval(heads.performance, point.performance[last]!, 0, 100),
    teamingEffect: interval(heads.teamingEffect, point.teamingEffect[last]!, -100, 100),
    draws,
  };
}

/** Bounds of each ranked number (the scale it is shown on). */
const RANKED_RANGE: Record<RankedKey, readonly [number, number]> = {
  kMean: [0, 100],
  pMean: [0, 100],
  lMean: [0, 100],
  powerPerPerson: [0, 100],
  cohesion: [0, 100],
  performance: [0, 100],
  managementFit: [0, 100],
  unitingEffect: [-100, 100],
  atmosphere: [-100, 100],
};

/**
 * One reduced sample carried over to the whole team: the whole team's point value plus the sample's change from the
 * reduced team's point forecast. Totals (capability, current power) move by the change per active member times the
 * whole team's active members; means, shares and scales move by the change itself.
 */
function shifted(point: TeamColumns, last: number, reduced: ReducedTeam, tc: TeamColumns) {
  const subFrom = -reduced.tl.firstDay;
  const subLast = reduced.tl.days - 1;
  const fullFrom = point.microclimate.length - (reduced.tl.days - subFrom);
  const perMember = point.activeCount[last]! / Math.max(1, tc.activeCount[subLast]!);
  const total = (column: 'basePower' | 'totalStatisticPower') =>
    Math.max(0, point[column][last]! + (tc[column][subLast]! - reduced.point[column][subLast]!) * perMember);
  const wholePoint = rankedAt(point, last);
  const samplePoint = rankedAt(reduced.point, subLast);
  const sample = rankedAt(tc, subLast);
  const ranked = { ...wholePoint };
  for (const key of RANKED_KEYS) {
    const [lo, hi] = RANKED_RANGE[key];
    const w = wholePoint[key];
    const a = sample[key];
    const b = samplePoint[key];
    (ranked as Record<RankedKey, number | null>)[key] = w === null || a === null || b === null ? w : clamp(w + a - b, lo, hi);
  }
  return {
    microclimate: (day: number) =>
      point.microclimate[day]! + tc.microclimate[day - fullFrom + subFrom]! - reduced.point.microclimate[day - fullFrom + subFrom]!,
    basePower: total('basePower'),
    totalStatisticPower: total('totalStatisticPower'),
    ranked,
  };
}
