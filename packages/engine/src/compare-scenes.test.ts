import { describe, expect, it } from 'vitest';
import { COMPARE_DIRECTION, compareScenes } from './compare-scenes.ts';
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
    expect(result.best.kTotal).toEqual(['harmony']);
    expect(result.best.profile).toBeNull();
    expect(result.best.participants).toBeNull();
  });

  it('lists every scene on a tie', () => {
    const tie = compareScenes([
      { id: 'a', scene: HARMONIOUS_TEAM },
      { id: 'b', scene: HARMONIOUS_TEAM },
    ]);
    expect(tie.best.cohesion).toEqual(['a', 'b']);
  });
});
