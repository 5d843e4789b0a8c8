import { describe, expect, it } from 'vitest';
import { COMPARE_DIRECTION, compareScenes, probabilityBest } from './compare-scenes.ts';
import { simulateScene } from './simulate-scene.ts';
import { CONFLICT_TEAM, HARMONIOUS_TEAM } from './test-support/teams.ts';

describe('compareScenes', () => {
  const result = compareScenes([
    { id: 'harmony', scene: HARMONIOUS_TEAM },
    { id: 'conflict', result: simulateScene(CONFLICT_TEAM) },
  ]);

  it('reports every compare-teams indicator for each scene', () => {
    expect(result.scenes.map((s) => s.id)).toEqual(['harmony', 'conflict']);
    for (const s of result.scenes) expect(Object.keys(s.indicators).sort()).toEqual(Object.keys(COMPARE_DIRECTION).sort());
    const h = result.scenes[0]!.indicators;
    expect(h.participants).toBe(5);
    expect(h.managers).toBe(1);
    expect(h.leads).toBe(0);
    expect(h.launch + h.growth + h.support).toBeCloseTo(100, 6);
  });

  it('names the best scene per indicator, and none for descriptive ones', () => {
    expect(result.best.cohesion).toEqual(['harmony']);
    expect(result.best.atmosphere).toEqual(['harmony']);
    expect(result.best.managementFit).toEqual(['harmony']);
    expect(result.best.unitingEffect).toEqual(['harmony']);
    expect(result.best.powerPerPerson).toEqual(['harmony']);
    expect(result.best.teamPower).toBeNull();
    expect(result.best.profile).toBeNull();
    expect(result.best.participants).toBeNull();
  });

  it('has no best management fit when no scene has a manager', () => {
    const leaderless = (scene: typeof HARMONIOUS_TEAM) => ({
      ...scene,
      actors: scene.actors.map((a) => ({ ...a, events: a.events.map((e) => (e.type === 'manager_join' ? { ...e, type: 'join' as const } : e)) })),
    });
    const c = compareScenes([
      { id: 'a', scene: leaderless(HARMONIOUS_TEAM) },
      { id: 'b', scene: leaderless(CONFLICT_TEAM) },
    ]);
    expect(c.scenes[0]!.indicators.managementFit).toBeNull();
    expect(c.best.managementFit).toBeNull();
    expect(c.best.cohesion).toEqual(['a']);
  });

  it('lists every scene on a tie', () => {
    const tie = compareScenes([
      { id: 'a', scene: HARMONIOUS_TEAM },
      { id: 'b', scene: HARMONIOUS_TEAM },
    ]);
    expect(tie.best.cohesion).toEqual(['a', 'b']);
  });

  it('gives the probability that each team is best from the band draws: it sums to 1 and favours the better team', () => {
    const banded = compareScenes(
      [
        { id: 'harmony', scene: HARMONIOUS_TEAM },
        { id: 'conflict', scene: CONFLICT_TEAM },
      ],
      { band: true },
    );
    const p = banded.probabilityBest!;
    for (const key of ['cohesion', 'atmosphere', 'kMean'] as const) {
      const row = p[key]!;
      expect(row.harmony! + row.conflict!).toBeCloseTo(1, 9);
    }
    expect(p.atmosphere!.harmony!).toBeGreaterThan(0.5);
    expect(compareScenes([{ id: 'a', scene: HARMONIOUS_TEAM }]).probabilityBest).toBeUndefined();
  });

  it('probabilityBest: two identical teams are even, a team always above wins surely, a team without the indicator has no share', () => {
    expect(
      probabilityBest([
        { id: 'a', values: [1, 2, 3] },
        { id: 'b', values: [1, 2, 3] },
      ]),
    ).toEqual({ a: 0.5, b: 0.5 });
    expect(
      probabilityBest([
        { id: 'a', values: [5, 6] },
        { id: 'b', values: [1, 2] },
      ]),
    ).toEqual({ a: 1, b: 0 });
    expect(
      probabilityBest([
        { id: 'a', values: [null, null] },
        { id: 'b', values: [1, 2] },
      ]),
    ).toBeNull();
    const three = probabilityBest([
      { id: 'a', values: [1, 4] },
      { id: 'b', values: [2, 3] },
      { id: 'c', values: [0, 5] },
    ])!;
    expect(three.a! + three.b! + three.c!).toBeCloseTo(1, 9);
  });
});
