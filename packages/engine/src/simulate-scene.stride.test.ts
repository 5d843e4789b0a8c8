import { describe, expect, it } from 'vitest';
import { normalizeActors } from './normalize-actors.ts';
import { DEFAULT_PARAMS, type Params } from './params.ts';
import { buildTimeline } from './scene-timeline.ts';
import { pairStepDays } from './simulate-core.ts';
import { simulateScene } from './simulate-scene.ts';
import { team } from './test-support/golden-teams.ts';

/** The same model with every pair stepped daily, whatever the team's size. */
const daily: Params = { ...DEFAULT_PARAMS, team: { ...DEFAULT_PARAMS.team, pairStride: { ...DEFAULT_PARAMS.team.pairStride, above: Infinity } } };
const { above, days: stride, settleDays } = DEFAULT_PARAMS.team.pairStride;

const maxDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
};

describe('a large team steps its pairs less often (docs/forecast-model.md section 5.6)', () => {
  // 120 people: one group from day 0, the others joining over the year, a manager, a few dismissals and stated pairs.
  const scene = team(2026, { n: above + 20, past: 0, later: 0.3, stated: 0.2, mesh: true });

  it('steps on every day that changes what the pairs give, daily after a join, and otherwise every stride', () => {
    const { actors } = normalizeActors(scene.actors);
    const tl = buildTimeline(actors, DEFAULT_PARAMS);
    const storeSlot = new Int32Array(tl.days).fill(-1);
    storeSlot[100] = 0;
    const midpoint = 182;
    const next = pairStepDays(tl, storeSlot, midpoint, stride, settleDays);
    const steps = [...next.keys()].filter((d) => next[d]! > d);
    const n = tl.active.length / tl.days;
    const changes = (d: number) =>
      d === 0 ||
      d === 100 ||
      d === midpoint ||
      tl.changes[d] !== undefined ||
      tl.manager[d] !== tl.manager[d - 1] ||
      tl.lead[d] !== tl.lead[d - 1] ||
      Array.from({ length: n }, (_, a) => tl.active[a * tl.days + d] !== tl.active[a * tl.days + d - 1]).some(Boolean);
    for (let d = 0; d < tl.days; d++) if (changes(d)) expect(steps).toContain(d);
    const joins = [
      0,
      ...steps.filter((d) => d > 0 && Array.from({ length: n }, (_, a) => tl.active[a * tl.days + d]! > tl.active[a * tl.days + d - 1]!).some(Boolean)),
    ];
    for (const j of joins) for (let d = j; d < Math.min(tl.days, j + settleDays); d++) expect(steps).toContain(d);
    // Each step reaches the next; every span but the last is a day or a stride.
    expect(steps[0]).toBe(0);
    steps.forEach((d, i) => expect(next[d]).toBe(steps[i + 1] ?? tl.days));
    for (const d of steps.slice(0, -1)) expect([1, stride]).toContain(next[d]! - d);
    // And the team is not stepped daily: that is what the stride is for.
    expect(steps.length).toBeLessThan(tl.days * 0.6);
  });

  const a = simulateScene(scene, { params: daily, pairDetail: 'render' });
  const b = simulateScene(scene, { pairDetail: 'render' });

  it('gives every pair on a stored day the rating of stepping daily, and the same events', () => {
    expect(b.pairs.days).toEqual(a.pairs.days);
    expect(maxDifference(b.pairs.ratings, a.pairs.ratings)).toBe(0);
    expect(Array.from(b.pairs.ratings).filter(Number.isNaN).length).toBe(Array.from(a.pairs.ratings).filter(Number.isNaN).length);
    expect(b.groupEvents).toEqual(a.groupEvents);
    expect(b.actors).toEqual(a.actors);
  });

  it("holds every day's figures within the stated error of stepping daily", () => {
    // docs section 5.6: at most 2 points of atmosphere and of any person's support and satisfaction, 1 of cohesion.
    expect(maxDifference(b.teamColumns.microclimate, a.teamColumns.microclimate)).toBeLessThan(2);
    expect(maxDifference(b.teamColumns.cohesion, a.teamColumns.cohesion)).toBeLessThan(1);
    expect(maxDifference(b.teamColumns.performance, a.teamColumns.performance)).toBeLessThan(0.5);
    expect(maxDifference(b.actorColumns.support, a.actorColumns.support)).toBeLessThan(3);
    expect(maxDifference(b.actorColumns.satisfaction, a.actorColumns.satisfaction)).toBeLessThan(3);
    expect(maxDifference(b.actorColumns.expertise, a.actorColumns.expertise)).toBeLessThan(0.05);
    // The strided run is not the daily one: this test would notice the stride being switched off.
    expect(maxDifference(b.teamColumns.microclimate, a.teamColumns.microclimate)).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(a.summary)) {
      if (typeof value === 'number') expect(Math.abs((b.summary as unknown as Record<string, number>)[key]! - value), key).toBeLessThan(1);
    }
  });

  it('steps a team of `above` people daily, to the bit', () => {
    const small = team(2027, { n: above, past: 0, later: 0.3, stated: 0.2, mesh: true });
    const x = simulateScene(small, { params: daily, pairDetail: 'render' });
    const y = simulateScene(small, { pairDetail: 'render' });
    expect(maxDifference(y.teamColumns.microclimate, x.teamColumns.microclimate)).toBe(0);
    expect(maxDifference(y.actorColumns.satisfaction, x.actorColumns.satisfaction)).toBe(0);
  });
});
