import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, type Params } from './params.ts';
import { RANKED_KEYS } from './scene-summary.ts';
import type { SceneInput } from './scene-types.ts';
import { simulateScene } from './simulate-scene.ts';
import type { Actor, Specialist } from './types.ts';

/** The same parameters with the whole-team band at every size. */
const WHOLE: Params = { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, reduced: { ...DEFAULT_PARAMS.band.reduced, above: Number.POSITIVE_INFINITY } } };
const ABOVE = DEFAULT_PARAMS.band.reduced.above;

/** Deterministic numbers for building teams (not the engine's generator). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * A team as the server gives it to the engine: n people of random scores, everyone from day 0 (a manager among them when
 * asked), every pair in the full mesh at the default 5 hours a week in the office, each member at 2 hours with the next
 * three. `protectedSeed` redraws age, sex and family stability only.
 */
function largeTeam(n: number, seed: number, withManager: boolean, protectedSeed = seed): SceneInput {
  const r = lcg(seed);
  const q = lcg(protectedSeed * 7919);
  const ids = Array.from({ length: n }, (_, i) => `m${String(i).padStart(4, '0')}`);
  const specialists: Specialist[] = ids.map((id) => ({
    id,
    k: 15 + 80 * r(),
    p: 15 + 80 * r(),
    l: 10 + 85 * r(),
    age: 20 + Math.floor(45 * q()),
    gender: q() < 0.5 ? 'М' : 'Ж',
    grade: 'MIDDLE',
    traits: { managerialExperience: r(), workExperience: r(), entrepreneurship: r(), relocation: r(), familyStability: q() },
    scoreError: 4 + 8 * r(),
  }));
  const actors: Actor[] = ids.map((id, i) => ({
    id,
    firstName: id,
    lastName: 'Team',
    events: [{ type: withManager && i === 0 ? 'manager_join' : 'start', date: 0, value: 0, timestamp: 0 }],
    interactionType: [],
    interactionIntensive: ids.slice(i + 1).map((other, k) => ({ actorId: other, date: 0, value: k < 3 ? 2 : 5 })),
  }));
  return { startDay: '2026-11-02', lifespan: 1, actors, specialists };
}

describe('the band of a large team (docs/forecast-model.md, section 7.6)', () => {
  it(`a team of up to ${ABOVE} people draws the whole-team band, bit for bit`, () => {
    const team = largeTeam(ABOVE, 3, true);
    const options = { pairDetail: 'none' as const, band: { samples: 2 } };
    expect(simulateScene(team, options).band).toEqual(simulateScene(team, { ...options, params: WHOLE }).band);
  });

  it('a larger team draws a reduced band, safe by construction: positive width, never narrower with the horizon, around the point forecast', () => {
    const team = largeTeam(ABOVE + 10, 5, true);
    const r = simulateScene(team, { pairDetail: 'none', band: { samples: 4 } });
    expect(r.band).not.toEqual(simulateScene(team, { pairDetail: 'none', params: WHOLE, band: { samples: 4 } }).band);
    const band = r.band!;
    const from = -r.firstDay;
    let previous = 0;
    band.microclimate.p10.forEach((lo, t) => {
      const hi = band.microclimate.p90[t]!;
      expect(hi - lo).toBeGreaterThanOrEqual(Math.max(previous - 1e-9, DEFAULT_PARAMS.band.minWidth - 1e-9));
      expect(lo).toBeLessThanOrEqual(r.teamColumns.microclimate[from + t]!);
      expect(hi).toBeGreaterThanOrEqual(r.teamColumns.microclimate[from + t]!);
      previous = hi - lo;
    });
    const last = r.days - 1;
    for (const key of ['basePower', 'totalStatisticPower', 'cohesion', 'performance', 'teamingEffect'] as const) {
      expect(band[key].p10).toBeLessThanOrEqual(r.teamColumns[key][last]!);
      expect(band[key].p90).toBeGreaterThanOrEqual(r.teamColumns[key][last]!);
      expect(band[key].p90 - band[key].p10).toBeGreaterThan(0);
    }
    for (const key of RANKED_KEYS) expect(band.draws[key]).toHaveLength(4);
  });

  it('stays within the stated error of the whole-team band: widths 0.6-1.8 times, bounds within 0.6 of its width', () => {
    const team = largeTeam(90, 1, true);
    const reduced = simulateScene(team, { pairDetail: 'none', band: true }).band!;
    const whole = simulateScene(team, { pairDetail: 'none', params: WHOLE, band: true }).band!;
    expect(reduced.samples).toBe(whole.samples);
    const faults: string[] = [];
    const compare = (name: string, r: { p10: number; p90: number }, w: { p10: number; p90: number }) => {
      const width = w.p90 - w.p10;
      const ratio = (r.p90 - r.p10) / width;
      if (ratio < 0.6 || ratio > 1.8) faults.push(`${name}: width ${ratio.toFixed(2)} of the whole band's`);
      for (const bound of ['p10', 'p90'] as const) {
        if (Math.abs(r[bound] - w[bound]) > 0.6 * width)
          faults.push(`${name}: ${bound} off by ${(Math.abs(r[bound] - w[bound]) / width).toFixed(2)} of its width`);
      }
    };
    for (const key of ['basePower', 'totalStatisticPower', 'cohesion', 'performance', 'teamingEffect'] as const) compare(key, reduced[key], whole[key]);
    const days = whole.microclimate.p10.length;
    for (const t of [30, 91, 182, 273, days - 1]) {
      compare(
        `microclimate on day ${t}`,
        { p10: reduced.microclimate.p10[t]!, p90: reduced.microclimate.p90[t]! },
        { p10: whole.microclimate.p10[t]!, p90: whole.microclimate.p90[t]! },
      );
    }
    expect(faults).toEqual([]);
  });

  it('ignores age, sex and family stability in a large team, as the whole-team band does', () => {
    const options = { pairDetail: 'none' as const, band: { samples: 2 } };
    const team = largeTeam(ABOVE + 5, 9, true);
    const other = largeTeam(ABOVE + 5, 9, true, 77);
    expect(other.specialists.map((s) => s.age)).not.toEqual(team.specialists.map((s) => s.age));
    expect(simulateScene(other, options)).toEqual(simulateScene(team, options));
  });
});
