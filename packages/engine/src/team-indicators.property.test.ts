import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareIndicators } from './compare-scenes.ts';
import { indicatorsAt, rankedAt } from './scene-summary.ts';
import { DEFAULT_PARAMS } from './params.ts';
import { simulateScene } from './simulate-scene.ts';
import { arbScene } from './test-support/scenes.ts';

// Float32 columns: slack for comparing sums stored at single precision.
const EPS = 1e-3;

/**
 * The relations the indicator definitions promise (docs/forecast-model.md 5.4, contracts TEAM_INDICATOR_META), on
 * every day of generated teams: capability is the ceiling (settled and current power never exceed it), every bounded
 * indicator stays on its stated scale, K, P, L are member means on 0-100 and power per member is at most 100.
 */
describe('team indicator invariants over generated teams', () => {
  it('settled and current power never exceed capability, and every bounded indicator stays inside its scale', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        const result = simulateScene(scene, { pairDetail: 'none' });
        const faults: string[] = [];
        const inside = (day: number, name: string, value: number | null, lo: number, hi: number) => {
          if (value !== null && !(value >= lo - EPS && value <= hi + EPS)) faults.push(`day ${day}: ${name} ${value} outside [${lo}, ${hi}]`);
        };
        for (let d = 0; d < result.days; d++) {
          const s = indicatorsAt(result.teamColumns, d);
          const r = rankedAt(result.teamColumns, d);
          const n = result.teamColumns.activeCount[d]!;
          if (s.peakPower > s.basePower + EPS) faults.push(`day ${d}: settled ${s.peakPower} > capability ${s.basePower}`);
          if (s.totalStatisticPower > s.basePower + EPS) faults.push(`day ${d}: current ${s.totalStatisticPower} > capability ${s.basePower}`);
          inside(d, 'basePower', s.basePower, 0, 100 * n);
          inside(d, 'peakPower', s.peakPower, 0, 100 * n);
          inside(d, 'totalStatisticPower', s.totalStatisticPower, 0, 100 * n);
          inside(d, 'cohesion', s.cohesion, 0, 100);
          inside(d, 'competence', s.competence, 0, 100);
          inside(d, 'performance', s.performance, 0, 100);
          inside(d, 'microclimate', s.microclimate, -100, 100);
          inside(d, 'teamingEffect', s.teamingEffect, -100, 100);
          inside(d, 'managerSuitability', s.managerSuitability, 0, 100);
          for (const letter of ['k', 'p', 'l'] as const) inside(d, `competencies.${letter}`, s.competencies[letter], 0, 100);
          inside(d, 'powerPerPerson', r.powerPerPerson, 0, 100);
        }
        expect(faults.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('the comparison reads the summary: its ranked values on the last day are the team check values', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        const result = simulateScene(scene, { pairDetail: 'none' });
        const c = compareIndicators(result);
        const s = result.summary;
        expect([c.kMean, c.pMean, c.lMean]).toEqual([s.competencies.k, s.competencies.p, s.competencies.l]);
        expect([c.cohesion, c.atmosphere, c.unitingEffect, c.managementFit, c.performance, c.teamPower]).toEqual([
          s.cohesion,
          s.microclimate,
          s.teamingEffect,
          s.managerSuitability,
          s.performance,
          s.totalStatisticPower,
        ]);
      }),
      { numRuns: 8 },
    );
  });

  it('a larger team of the same people does not rank higher by its size: its K, P, L member means stay those of its people', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        // The same team with every member's scores copied onto a twin who works with the same partners.
        const twin = (id: string) => `${id}-twin`;
        const doubled = {
          ...scene,
          actors: [
            ...scene.actors,
            ...scene.actors.map((a) => ({
              ...a,
              id: twin(a.id),
              interactionType: a.interactionType.map((i) => ({ ...i, actorId: twin(i.actorId) })),
              interactionIntensive: a.interactionIntensive.map((i) => ({ ...i, actorId: twin(i.actorId) })),
            })),
          ],
          specialists: [...scene.specialists, ...scene.specialists.map((s) => ({ ...s, id: twin(s.id) }))],
        };
        // Without learning (which depends on who works with whom), the same people have the same K, P, L all year.
        const params = { ...DEFAULT_PARAMS, competence: { ...DEFAULT_PARAMS.competence, learningPerMonth: 0, maturityPerYear: 0 } };
        const one = compareIndicators(simulateScene(scene, { pairDetail: 'none', params }));
        const two = compareIndicators(simulateScene(doubled, { pairDetail: 'none', params }));
        for (const key of ['kMean', 'pMean', 'lMean'] as const) expect(two[key]).toBeCloseTo(one[key], 3);
        // The team total grows with size; the ranked indicators do not rise merely because the team doubled.
        expect(two.teamPower).toBeGreaterThanOrEqual(one.teamPower);
      }),
      { numRuns: 6 },
    );
  });
});
