import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import { withScores, type Unit } from './pair-model.ts';
import { createRng, hashString, p10p90 } from './prng.ts';
import type { Timeline } from './scene-timeline.ts';
import type { SceneBand, SceneInput, SceneOptions } from './scene-types.ts';
import { simulateCore } from './simulate-core.ts';
import type { Interval } from './types.ts';
import { validateSamples } from './validate-input.ts';

/** At most this many band samples for one scene: each is a whole simulation. */
const MAX_SCENE_SAMPLES = 256;

/** 10th-90th percentile band of the microclimate series and headline numbers by seeded score-error sampling. */
export function sceneBand(scene: SceneInput, units: readonly Unit[], tl: Timeline, params: Params, option: NonNullable<SceneOptions['band']>): SceneBand {
  const samples = typeof option === 'object' && option.samples !== undefined ? option.samples : params.band.sceneSamples;
  validateSamples(samples, MAX_SCENE_SAMPLES, 'band.samples');
  const seed = hashString(JSON.stringify([scene.startDay, scene.lifespan, units.map((u) => [u.id, u.k, u.p, u.l, u.scoreError]), tl.days]));
  const rng = createRng(seed);
  const from = -tl.firstDay;
  const future = tl.days - from;
  const micro = new Float64Array(samples * future);
  const last = tl.days - 1;
  const heads = { basePower: new Float64Array(samples), totalStatisticPower: new Float64Array(samples), cohesion: new Float64Array(samples), performance: new Float64Array(samples), teamingEffect: new Float64Array(samples) };
  const none = new Int32Array(0);
  for (let s = 0; s < samples; s++) {
    const sampled = units.map((u) => {
      if (u.scoreError <= 0) return u;
      const draw = (x: number): number => clamp(x + u.scoreError * rng.normal(), 0, 100);
      return withScores(u, draw(u.k), draw(u.p), draw(u.l));
    });
    const tc = simulateCore(sampled, tl, scene.lifespan, params, none).teamColumns;
    for (let t = 0; t < future; t++) micro[s * future + t] = tc.microclimate[from + t]!;
    heads.basePower[s] = tc.basePower[last]!;
    heads.totalStatisticPower[s] = tc.totalStatisticPower[last]!;
    heads.cohesion[s] = tc.cohesion[last]!;
    heads.performance[s] = tc.performance[last]!;
    heads.teamingEffect[s] = tc.teamingEffect[last]!;
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
  const interval = (v: Float64Array): Interval => p10p90(v);
  return {
    samples,
    microclimate: { p10, p90 },
    basePower: interval(heads.basePower),
    totalStatisticPower: interval(heads.totalStatisticPower),
    cohesion: interval(heads.cohesion),
    performance: interval(heads.performance),
    teamingEffect: interval(heads.teamingEffect),
  };
}
