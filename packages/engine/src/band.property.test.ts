import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastPair, type PairRequest } from './forecast-pair.ts';
import { DEFAULT_PARAMS } from './params.ts';
import { simulateScene } from './simulate-scene.ts';
import { arbScene } from './test-support/scenes.ts';
import { arbSpecialist } from './test-support/specialists.ts';
import { CONFLICT_TEAM, HARMONIOUS_TEAM } from './test-support/teams.ts';
import type { InteractionMode, Interval, PairKind } from './types.ts';

// Floating-point slack for "never narrower": widths are differences of two rounded numbers.
const EPS = 1e-9;

const arbRequest: fc.Arbitrary<PairRequest> = fc.record({
  a: arbSpecialist('a'),
  b: arbSpecialist('b'),
  kind: fc.constantFrom<PairKind>('work', 'LOVE', 'FRIEND'),
  mode: fc.constantFrom<InteractionMode>(0, 1),
  intensity: fc.constantFrom(0.5, 2, 5, 10),
  manager: fc.option(arbSpecialist('m'), { nil: null }),
  startDay: fc.constantFrom('2026-01-01', '2024-02-29'),
});

/** Any daily band: positive width everywhere, never narrower with the horizon, containing the point forecast. */
function checkDaily(point: ArrayLike<number>, band: { p10: number[]; p90: number[] }): void {
  const faults: string[] = [];
  let prev = 0;
  band.p10.forEach((lo, t) => {
    const hi = band.p90[t]!;
    const width = hi - lo;
    if (!(width > 0)) faults.push(`day ${t}: width ${width}`);
    if (width < prev - EPS) faults.push(`day ${t}: narrower (${width} < ${prev})`);
    if (!(lo <= point[t]! && point[t]! <= hi)) faults.push(`day ${t}: ${point[t]} outside [${lo}, ${hi}]`);
    prev = width;
  });
  expect(faults).toEqual([]);
}

function checkInterval(point: number, iv: Interval): void {
  expect(iv.p90 - iv.p10).toBeGreaterThan(0);
  expect(iv.p10).toBeLessThanOrEqual(point);
  expect(iv.p90).toBeGreaterThanOrEqual(point);
}

describe('bands: properties', () => {
  it('a pair band has positive width every day, never narrows with the horizon and contains the forecast (headlines too)', () => {
    fc.assert(
      fc.property(arbRequest, fc.integer({ min: 1, max: 12 }), (req, samples) => {
        const f = forecastPair(req, undefined, { band: { samples }, explainTop: 0 });
        checkDaily(f.daily, f.band!.daily);
        checkInterval(f.compatibility.value, f.band!.compatibility);
        checkInterval(f.yearlySatisfaction, f.band!.yearlySatisfaction);
        checkInterval(f.outlook.settled, f.band!.settled);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a positive width even with every error source switched off (the floor) and with saturated ratings', () => {
    const bare = {
      ...DEFAULT_PARAMS,
      band: { ...DEFAULT_PARAMS.band, defaultScoreError: 0, parameterUncertainty: false, residual: { startSd: 0, yearSd: 0 } },
    };
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastPair({ ...req, a: { ...req.a, scoreError: 0 }, b: { ...req.b, scoreError: 0 } }, bare, { band: { samples: 4 }, explainTop: 0 });
        checkDaily(f.daily, f.band!.daily);
        checkInterval(f.compatibility.value, f.band!.compatibility);
      }),
      { numRuns: 30 },
    );
    const top = { id: 'x', k: 100, p: 100, l: 100, grade: 'SENIOR PLUS' as const, traits: { familyStability: 1, workExperience: 1, relocation: 1 } };
    const f = forecastPair({ a: top, b: { ...top, id: 'y' } }, { ...DEFAULT_PARAMS, tanhScale: 20 }, { band: true });
    checkDaily(f.daily, f.band!.daily);
  });

  it("a pair's band does not depend on the order of the two people", () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastPair(req, undefined, { band: { samples: 8 }, explainTop: 0 });
        const g = forecastPair({ ...req, a: req.b, b: req.a }, undefined, { band: { samples: 8 }, explainTop: 0 });
        expect(g.band).toEqual(f.band);
      }),
      { numRuns: 40 },
    );
  });

  it('a scene band (microclimate over the days, headline numbers) has positive width, never narrows and contains the forecast', () => {
    const check = (scene: typeof HARMONIOUS_TEAM): void => {
      const r = simulateScene(scene, { band: { samples: 3 } });
      const from = -r.firstDay;
      checkDaily(r.teamColumns.microclimate.subarray(from), r.band!.microclimate);
      const last = r.days - 1;
      checkInterval(r.teamColumns.cohesion[last]!, r.band!.cohesion);
      checkInterval(r.teamColumns.performance[last]!, r.band!.performance);
      checkInterval(r.teamColumns.basePower[last]!, r.band!.basePower);
      checkInterval(r.teamColumns.totalStatisticPower[last]!, r.band!.totalStatisticPower);
      checkInterval(r.teamColumns.teamingEffect[last]!, r.band!.teamingEffect);
    };
    check(HARMONIOUS_TEAM);
    check(CONFLICT_TEAM);
    fc.assert(fc.property(arbScene, check), { numRuns: 6 });
  });
});
