import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf } from './bands.ts';
import { checkTeam } from './check-team.ts';
import { compareScenes } from './compare-scenes.ts';
import { isEngineError } from './errors.ts';
import { forecastPair, type PairRequest } from './forecast-pair.ts';
import type { SceneInput } from './scene-types.ts';
import { simulateScene } from './simulate-scene.ts';
import { actor, ev } from './test-support/actors.ts';
import { arbScene } from './test-support/scenes.ts';
import { arbSpecialist, specialist } from './test-support/specialists.ts';
import type { InteractionMode, Specialist } from './types.ts';

/** Another age, sex and family stability (given, changed or left out): the protected part of a person. */
const arbProtected = fc.record({
  age: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
  gender: fc.option(fc.constantFrom('М' as const, 'Ж' as const), { nil: undefined }),
  familyStability: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
});
type Protected = typeof arbProtected extends fc.Arbitrary<infer T> ? T : never;

/** The same person with other protected attributes; everything else kept to the bit. */
function withProtected(s: Specialist, x: Protected): Specialist {
  const { age: _age, gender: _gender, traits, ...rest } = s;
  const { familyStability: _family, ...otherTraits } = traits ?? {};
  return {
    ...rest,
    ...(x.age !== undefined ? { age: x.age } : {}),
    ...(x.gender !== undefined ? { gender: x.gender } : {}),
    traits: { ...otherTraits, ...(x.familyStability !== undefined ? { familyStability: x.familyStability } : {}) },
  };
}

const arbWorkPair = fc.record({
  a: arbSpecialist('a'),
  b: arbSpecialist('b'),
  mode: fc.constantFrom<InteractionMode>(0, 1),
  intensity: fc.constantFrom(0.5, 2, 5, 10),
  manager: fc.option(arbSpecialist('m'), { nil: null }),
  startDay: fc.constantFrom('2026-01-01', '2024-02-29'),
});

describe('work outputs ignore age, sex and family stability', () => {
  it('a work pair forecast (band and explanation included) is bit-identical', () => {
    fc.assert(
      fc.property(arbWorkPair, arbProtected, arbProtected, arbProtected, (req, pa, pb, pm) => {
        const base: PairRequest = { ...req, kind: 'work' };
        const changed: PairRequest = {
          ...base,
          a: withProtected(req.a, pa),
          b: withProtected(req.b, pb),
          manager: req.manager ? withProtected(req.manager, pm) : null,
        };
        const options = { band: { samples: 8 }, explainTop: 100 };
        expect(forecastPair(changed, undefined, options)).toEqual(forecastPair(base, undefined, options));
      }),
      { numRuns: 100 },
    );
  });

  it('a team check is bit-identical', () => {
    const arbTeam = fc
      .integer({ min: 2, max: 4 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => fc.tuple(arbSpecialist(`t${i}`), arbProtected))));
    fc.assert(
      fc.property(arbTeam, fc.constantFrom<InteractionMode>(0, 1), (team, mode) => {
        const base = team.map(([s]) => s);
        const changed = team.map(([s, x]) => withProtected(s, x));
        expect(checkTeam(changed, { mode })).toEqual(checkTeam(base, { mode }));
      }),
      { numRuns: 30 },
    );
  });

  it('a simulated scene (band included) and its comparison are bit-identical', () => {
    fc.assert(
      fc.property(arbScene, fc.array(arbProtected, { minLength: 5, maxLength: 5 }), (scene, changes) => {
        const changed: SceneInput = { ...scene, specialists: scene.specialists.map((s, i) => withProtected(s, changes[i]!)) };
        const options = { pairDetail: 'render' as const, band: { samples: 2 } };
        expect(simulateScene(changed, options)).toEqual(simulateScene(scene, options));
        expect(compareScenes([{ id: 'x', scene: changed }])).toEqual(compareScenes([{ id: 'x', scene }]));
      }),
      { numRuns: 15 },
    );
  });

  it('while love and friendship forecasts still read the age gap and family stability', () => {
    const a = specialist('a', 60, 60, 60, { age: 30, traits: { familyStability: 0.9 } });
    const b = specialist('b', 60, 60, 60, { age: 31, traits: { familyStability: 0.9 } });
    for (const kind of ['LOVE', 'FRIEND'] as const) {
      const base = forecastPair({ a, b, kind }).outlook.settled;
      expect(forecastPair({ a, b: { ...b, age: 60 }, kind }).outlook.settled).toBeLessThan(base);
      expect(forecastPair({ a, b: { ...b, traits: { familyStability: 0.1 } }, kind }).outlook.settled).toBeLessThan(base);
    }
  });
});

describe('same people, same forecast', () => {
  it('two people rate each other in a team as in a pair: same rating on the last day and the same condition band', () => {
    fc.assert(
      fc.property(arbSpecialist('a'), arbSpecialist('b'), fc.constantFrom<InteractionMode>(0, 1), fc.constantFrom(0.5, 2, 5, 10), (a, b, mode, intensity) => {
        const pair = forecastPair({ a, b, mode, intensity });
        const team = checkTeam([a, b], { mode, intensity });
        const rating = team.pairs[0]!.rating;
        // Scenes store ratings as float32.
        expect(rating).toBeCloseTo(pair.daily[364]!, 3);
        expect(bandOf(Math.fround(pair.daily[364]!))).toBe(bandOf(rating));
      }),
      { numRuns: 50 },
    );
  });

  it('a shuffled actor list (and specialist list) gives a bit-identical scene, band included', () => {
    fc.assert(
      fc.property(
        arbScene.chain((scene) =>
          fc.tuple(
            fc.constant(scene),
            fc.shuffledSubarray(scene.actors, { minLength: scene.actors.length }),
            fc.shuffledSubarray(scene.specialists, { minLength: scene.specialists.length }),
          ),
        ),
        ([scene, actors, specialists]) => {
          const options = { pairDetail: 'daily' as const, band: { samples: 2 } };
          expect(simulateScene({ ...scene, actors, specialists }, options)).toEqual(simulateScene(scene, options));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('a team check does not depend on the order of its members', () => {
    const team = [specialist('x', 70, 40, 30), specialist('y', 30, 80, 60), specialist('z', 55, 55, 90)];
    expect(checkTeam([team[2]!, team[0]!, team[1]!])).toEqual(checkTeam(team));
  });

  it('entries dated before the window keep their date order: the later date wins whatever the list order', () => {
    const scene = (dates: number[]): SceneInput => ({
      startDay: '',
      lifespan: 1,
      actors: [
        actor('a', [ev('join', -100)], { intensive: dates.map((date) => ({ actorId: 'b', date, value: date === -800 ? 10 : 1 })) }),
        actor('b', [ev('join', -100)]),
      ],
      specialists: [specialist('a', 60, 60, 60), specialist('b', 60, 60, 60)],
    });
    const later = simulateScene(scene([-900, -800]), { pairDetail: 'daily' });
    const reversed = simulateScene(scene([-800, -900]), { pairDetail: 'daily' });
    // Everything computed is the same; only the echoed input lists keep the order they were given in.
    const { actors: _a, ...computedLater } = later;
    const { actors: _r, ...computedReversed } = reversed;
    expect(computedReversed).toEqual(computedLater);
    // The -800 entry (10 h a week) holds: the same as giving it alone.
    expect(simulateScene(scene([-800]), { pairDetail: 'daily' }).pairs).toEqual(later.pairs);
  });
});

describe('unknown kinds, modes and grades are refused with an engine error', () => {
  const a = specialist('a', 60, 60, 60);
  const b = specialist('b', 50, 50, 50);
  const engineError = (run: () => unknown): string | null => {
    try {
      run();
      return null;
    } catch (error) {
      return isEngineError(error) ? error.code : `not an engine error: ${String(error)}`;
    }
  };

  it('refuses a kind that is not its own (toString, constructor, an unknown name)', () => {
    for (const kind of ['toString', 'constructor', '__proto__', 'BOSS', 7]) {
      expect(engineError(() => forecastPair({ a, b, kind: kind as never }))).toBe('invalid_input');
    }
  });

  it('refuses a mode other than office 0 or remote 1, in a pair and in a team check', () => {
    for (const mode of [7, -1, '1', 0.5]) {
      expect(engineError(() => forecastPair({ a, b, mode: mode as never }))).toBe('invalid_input');
      expect(engineError(() => checkTeam([a, b], { mode: mode as never }))).toBe('invalid_input');
    }
  });

  it('refuses a scene interaction mode other than 0 or 1 instead of reading it as office', () => {
    const scene = (mode: number): SceneInput => ({
      startDay: '',
      lifespan: 1,
      actors: [actor('a', [ev('join', 0)], { type: [{ actorId: 'b', date: 0, value: mode }] }), actor('b', [ev('join', 0)])],
      specialists: [a, b],
    });
    expect(engineError(() => simulateScene(scene(1)))).toBeNull();
    expect(engineError(() => simulateScene(scene(7)))).toBe('invalid_input');
  });

  it('refuses an unknown grade instead of reading it as MIDDLE, everywhere a person enters', () => {
    const odd = { ...b, grade: 'BOSS' as never };
    expect(engineError(() => forecastPair({ a, b: odd }))).toBe('invalid_input');
    expect(engineError(() => checkTeam([a, odd]))).toBe('invalid_input');
    expect(engineError(() => forecastPair({ a, b, manager: { ...odd, id: 'm' } }))).toBe('invalid_input');
  });
});
