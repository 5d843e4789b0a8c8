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
});
