import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf } from './bands.ts';
import { forecastPair } from './forecast-pair.ts';
import { normalizeActors } from './normalize-actors.ts';
import { DEFAULT_PARAMS, type Params } from './params.ts';
import { expandScene, sceneDay } from './scene-expand.ts';
import { MOODS, type SceneInput, type SceneResult } from './scene-types.ts';
import { simulateScene } from './simulate-scene.ts';
import { actor, ev } from './test-support/actors.ts';
import { arbScene } from './test-support/scenes.ts';
import { arbSpecialist, specialist } from './test-support/specialists.ts';
import { CONFLICT_TEAM, HARMONIOUS_TEAM } from './test-support/teams.ts';
import type { Phase } from './types.ts';

const within = (column: ArrayLike<number>, lo: number, hi: number): boolean => {
  for (let i = 0; i < column.length; i++) {
    const v = column[i]!;
    if (!Number.isNaN(v) && (v < lo || v > hi)) return false;
  }
  return true;
};

describe('simulateScene: properties', () => {
  it('is deterministic: identical input, identical output', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        expect(simulateScene(scene, { band: { samples: 2 } })).toEqual(simulateScene(structuredClone(scene), { band: { samples: 2 } }));
      }),
      { numRuns: 8 },
    );
  });

  it('keeps ratings in [-100, 100] and percentages in [0, 100], with moods that match the band table', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        const r = simulateScene(scene, { pairDetail: 'daily' });
        const ac = r.actorColumns;
        const tc = r.teamColumns;
        expect(within(r.pairs.ratings, -100, 100)).toBe(true);
        for (const c of [ac.importance, ac.integration, ac.support, ac.satisfaction, ac.personalRateByPeak, ac.inGroupRateByPeak, ac.expertise]) {
          expect(within(c, 0, 100)).toBe(true);
        }
        for (const c of [tc.cohesion, tc.competence, tc.performance, tc.managerSuitability]) expect(within(c, 0, 100)).toBe(true);
        expect(within(tc.microclimate, -100, 100)).toBe(true);
        expect(within(tc.teamingEffect, -100, 100)).toBe(true);
        let wrongMoods = 0;
        for (let i = 0; i < ac.mood.length; i++) {
          if (!ac.active[i]) wrongMoods += ac.mood[i] === 255 ? 0 : 1;
          else if (ac.mood[i] !== 5) wrongMoods += MOODS[ac.mood[i]!] === bandOf(2 * ac.satisfaction[i]! - 100) ? 0 : 1;
        }
        expect(wrongMoods).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('reports phases in increasing order, ending with done', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        const phases: Phase[] = [];
        simulateScene(scene, { onPhase: (p) => phases.push(p) });
        expect(phases).toEqual([0, 1, 2, 3, 4, 5]);
      }),
      { numRuns: 10 },
    );
  });

  it('simulates the normalised actors', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        const r = simulateScene(scene);
        const n = normalizeActors(scene.actors);
        expect(r.actors).toEqual(n.actors);
        expect(r.diff).toEqual(n.diff);
      }),
      { numRuns: 20 },
    );
  });

  it('never lowers basePower when one actor’s K, P or L is raised', () => {
    fc.assert(
      fc.property(
        arbScene,
        fc.nat(),
        fc.constantFrom('k', 'p', 'l') as fc.Arbitrary<'k' | 'p' | 'l'>,
        fc.double({ min: 0, max: 60, noNaN: true }),
        (scene, pick, key, delta) => {
          const who = pick % scene.specialists.length;
          const raised = structuredClone(scene);
          const s = raised.specialists[who]!;
          s[key] = Math.min(100, s[key] + delta);
          const before = simulateScene(scene, { pairDetail: 'none' }).teamColumns.basePower;
          const after = simulateScene(raised, { pairDetail: 'none' }).teamColumns.basePower;
          const lower = [...before.keys()].filter((d) => after[d]! < before[d]! - 1e-3);
          expect(lower).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('gives an actor no influence before joining and none after dismissal', () => {
    // Learning is switched off: otherwise what others learned from the actor rightly stays after they leave.
    const params: Params = { ...DEFAULT_PARAMS, competence: { ...DEFAULT_PARAMS.competence, learningPerMonth: 0 } };
    fc.assert(
      fc.property(arbScene, fc.integer({ min: -40, max: 150 }), fc.integer({ min: 1, max: 150 }), (scene, join, stay) => {
        const others = normalizeActors(scene.actors).actors;
        const base: SceneInput = { ...scene, actors: others };
        const earliest = Math.min(...others.flatMap((a) => a.events.map((e) => e.date)));
        const joinDay = Math.max(join, earliest);
        const visitor = {
          ...actor('visitor', [ev('join', joinDay), ev('dismiss', joinDay + stay)]),
          interactionIntensive: others.map((o) => ({ actorId: o.id, date: joinDay, value: 10 })),
        };
        const withVisitor: SceneInput = {
          ...base,
          actors: [...others, visitor],
          specialists: [...scene.specialists, specialist('visitor', 100, 100, 100, { traits: { managerialExperience: 1 } })],
        };
        const a = simulateScene(base, { params, pairDetail: 'none' });
        const b = simulateScene(withVisitor, { params, pairDetail: 'none' });
        expect(b.firstDay).toBe(a.firstDay);
        const untouched = (day: number): boolean => day < joinDay || day >= joinDay + stay;
        // Collected by hand and asserted once: an expect per value would dominate the run time.
        const mismatches: string[] = [];
        for (let d = 0; d < a.days; d++) {
          if (!untouched(a.firstDay + d)) continue;
          for (const key of ['basePower', 'totalStatisticPower', 'cohesion', 'microclimate', 'teamingEffect', 'performance'] as const) {
            if (!Object.is(b.teamColumns[key][d], a.teamColumns[key][d])) mismatches.push(`${key}@${d}`);
          }
          // Every other actor's own numbers too (the visitor is appended, so indices match).
          for (let x = 0; x < others.length; x++) {
            for (const key of ['power', 'satisfaction', 'integration', 'support', 'importance', 'inGroupRateByPeak', 'mood'] as const) {
              if (!Object.is(b.actorColumns[key][x * b.days + d], a.actorColumns[key][x * a.days + d])) mismatches.push(`${key}[${x}]@${d}`);
            }
          }
          if (b.actorColumns.active[others.length * b.days + d]) mismatches.push(`visitor active@${d}`);
        }
        expect(mismatches).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('matches the pair forecast for a two-person team, so the pair properties (intensity, bounds) carry over', () => {
    fc.assert(
      fc.property(arbSpecialist('x'), arbSpecialist('y'), fc.constantFrom(0.5, 1, 2, 5, 10), fc.constantFrom<0 | 1>(0, 1), (x, y, hours, mode) => {
        const scene: SceneInput = {
          startDay: '2026-01-01',
          lifespan: 1,
          actors: [
            {
              ...actor('x', [ev('join', 0)]),
              interactionIntensive: [{ actorId: 'y', date: 0, value: hours }],
              interactionType: [{ actorId: 'y', date: 0, value: mode }],
            },
            actor('y', [ev('join', 0)]),
          ],
          specialists: [x, y],
        };
        const r = simulateScene(scene, { pairDetail: 'daily' });
        const f = forecastPair({ a: x, b: y, intensity: hours, mode });
        for (let d = 0; d < 365; d++) expect(r.pairs.ratings[d]).toBeCloseTo(f.daily[d]!, 3);
      }),
      { numRuns: 30 },
    );
  });

  it('gives 365 future day records and the reconstructed past, at most 730 days', () => {
    fc.assert(
      fc.property(arbScene, (scene) => {
        const r = simulateScene(scene, { pairDetail: 'render' });
        const x = expandScene(r);
        expect(x.sceneDays).toHaveLength(365);
        expect(x.pastDays).toHaveLength(-r.firstDay);
        expect(-r.firstDay).toBeLessThanOrEqual(730);
        expect(x.renderDays.map((d) => d.day)).toEqual(r.renderDays);
        for (const d of x.renderDays) expect(d.pairs).not.toBeNull();
      }),
      { numRuns: 15 },
    );
  });
});

describe('simulateScene: hand-built teams', () => {
  const harmonious = simulateScene(HARMONIOUS_TEAM);
  const conflict = simulateScene(CONFLICT_TEAM);
  const headline = (r: SceneResult) => ({
    microclimate: r.summary.microclimate,
    cohesion: r.summary.cohesion,
    performance: r.summary.performance,
    managerSuitability: r.summary.managerSuitability,
    teamingEffect: r.summary.teamingEffect,
    basePower: r.summary.basePower,
  });

  // Numbers of params 0.4.0-prior: work person effects come from the work-style block (the harmonious team is
  // cooperative, the conflict team uncooperative and blunt), no longer from L and years of experience.
  it('rates the harmonious team well', () => {
    const h = headline(harmonious);
    expect(h.microclimate).toBeCloseTo(66.8, 1);
    expect(h.cohesion).toBeCloseTo(83.03, 1);
    expect(h.performance).toBeCloseTo(75.7, 1);
    expect(h.managerSuitability).toBeCloseTo(81.62, 1);
    expect(h.teamingEffect).toBeCloseTo(21.7, 1);
    expect(h.basePower).toBeCloseTo(357.72, 1);
    expect(harmonious.summary.atmosphere).toBe('good');
    expect(harmonious.summary.orientation).toBe('ЛКП');
  });

  it('rates the team in conflict badly', () => {
    const c = headline(conflict);
    expect(c.microclimate).toBeCloseTo(-64.86, 1);
    expect(c.cohesion).toBeCloseTo(17.28, 1);
    expect(c.performance).toBeCloseTo(28.31, 1);
    expect(c.managerSuitability).toBeCloseTo(24.48, 1);
    expect(c.teamingEffect).toBeCloseTo(-11.22, 1);
    expect(conflict.summary.atmosphere).toBe('bad');
    expect(conflict.summary.orientation).toBe('КПЛ');
  });

  it('moves manager suitability and teaming effect in the documented direction', () => {
    expect(harmonious.summary.managerSuitability!).toBeGreaterThan(conflict.summary.managerSuitability! + 30);
    expect(harmonious.summary.teamingEffect).toBeGreaterThan(0);
    expect(conflict.summary.teamingEffect).toBeLessThan(0);
    // Replacing the harmonious team's manager by the conflict team's manager lowers suitability.
    const swapped = structuredClone(HARMONIOUS_TEAM);
    swapped.specialists[0] = { ...CONFLICT_TEAM.specialists[0]!, id: 'hm' };
    expect(simulateScene(swapped).summary.managerSuitability!).toBeLessThan(harmonious.summary.managerSuitability! - 20);
  });

  it('names the members and pairs that moved the microclimate', () => {
    expect(harmonious.explanation.length).toBeGreaterThan(0);
    // The inexperienced manager first, then each member's low cooperation.
    expect(conflict.explanation[0]).toMatchObject({ factor: 'manager', input: 'quality' });
    expect(conflict.explanation[0]!.points).toBeLessThan(0);
    const members = conflict.explanation.filter((item) => item.factor === 'person' && item.input === 'style.cooperation');
    expect(members.map((item) => item.personId).sort()).toEqual(['c1', 'c2', 'c3', 'c4']);
    for (const item of members) expect(item.points).toBeLessThan(0);
    // Each person's trait is named once (its actor and partner parts added).
    for (const f of [harmonious, conflict]) {
      const keys = f.explanation.filter((e) => e.factor !== 'interaction' && e.factor !== 'manager').map((e) => `${e.personId}|${e.input}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('records group events: joins, the Gersick midpoint and atmosphere changes', () => {
    const types = new Set(harmonious.groupEvents.map((e) => e.type));
    expect(types).toContain('manager_join');
    expect(types).toContain('midpoint');
    expect(types).toContain('atmosphere');
    expect(harmonious.groupEvents.find((e) => e.type === 'midpoint')?.day).toBe(-200 + 182);
  });

  it('keeps day records consistent with the columns', () => {
    const day = sceneDay(harmonious, 100);
    expect(day.manager).toBe('hm');
    expect(day.activeActors).toHaveLength(5);
    expect(day.pairs).toHaveLength(10);
    expect(day.actors.reduce((s, a) => s + a.importance, 0)).toBeCloseTo(100, 3);
  });

  it('refuses day records outside the simulated range', () => {
    expect(() => sceneDay(harmonious, 365)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => sceneDay(harmonious, harmonious.firstDay - 1)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('dismisses an actor from the day of dismissal', () => {
    const scene = structuredClone(HARMONIOUS_TEAM);
    scene.actors[1]!.events.push(ev('dismiss', 50));
    const r = simulateScene(scene);
    expect(sceneDay(r, 49).activeActors).toContain('h1');
    expect(sceneDay(r, 50).activeActors).not.toContain('h1');
    expect(sceneDay(r, 50).pairs!.some((p) => p.a === 'h1' || p.b === 'h1')).toBe(false);
  });

  it('marks an actor overloaded above 50 hours a week and lowers their satisfaction', () => {
    const ids = ['o', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    const build = (hours: number): SceneInput => ({
      startDay: '2026-01-01',
      lifespan: 1,
      actors: ids.map((id) => ({
        ...actor(id, [ev('join', 0)]),
        interactionIntensive: id === 'o' ? ids.slice(1).map((p) => ({ actorId: p, date: 0, value: hours })) : [],
      })),
      specialists: ids.map((id) => specialist(id, 60, 60, 60)),
    });
    const busy = simulateScene(build(10));
    const calm = simulateScene(build(5));
    expect(busy.groupEvents).toContainEqual({ day: 0, type: 'overload', actorId: 'o' });
    expect(calm.groupEvents.some((e) => e.type === 'overload')).toBe(false);
    expect(busy.actorColumns.overloaded[busy.days - 1]).toBe(1);
    expect(sceneDay(busy, 300).actors[0]!.satisfaction).toBeLessThan(sceneDay(calm, 300).actors[0]!.satisfaction - 5);
  });

  it('carries a seeded band with its sample count', () => {
    const noisy = structuredClone(HARMONIOUS_TEAM);
    for (const s of noisy.specialists) s.scoreError = 8;
    const r = simulateScene(noisy, { band: { samples: 12 } });
    expect(r.band?.samples).toBe(12);
    expect(r.band!.cohesion.p10).toBeLessThan(r.band!.cohesion.p90);
    expect(r.band!.microclimate.p10).toHaveLength(365);
  });

  it('rejects actors without scores as NOT FOUND ACTOR', () => {
    const scene = { ...HARMONIOUS_TEAM, specialists: HARMONIOUS_TEAM.specialists.slice(1) };
    expect(() => simulateScene(scene)).toThrow('NOT FOUND ACTOR');
  });
});
