import fc from 'fast-check';
import type { SceneInput } from '../scene-types.ts';
import type { Actor, EventType } from '../types.ts';
import { arbSpecialist } from './specialists.ts';

const LATER: EventType[] = ['dismiss', 'rejoin', 'm_rank', 'l_rank', 'm_disrank', 'l_disrank', 'dismiss'];

/** Random small scenes: 2-5 actors, joins in the past or future, later events and interactions. */
export const arbScene: fc.Arbitrary<SceneInput> = fc.integer({ min: 2, max: 5 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => `s${i}`);
  const interaction = (values: fc.Arbitrary<number>) =>
    fc.array(fc.record({ actorId: fc.constantFrom(...ids), date: fc.integer({ min: -60, max: 200 }), value: values }), { maxLength: 3 });
  const actorArb = (id: string): fc.Arbitrary<Actor> =>
    fc
      .record({
        join: fc.integer({ min: -60, max: 100 }),
        joinType: fc.constantFrom<EventType>('join', 'start', 'manager_join', 'lead_join'),
        later: fc.array(fc.record({ type: fc.constantFrom(...LATER), after: fc.integer({ min: 0, max: 300 }) }), { maxLength: 3 }),
        interactionIntensive: interaction(fc.constantFrom(0.5, 1, 2, 5, 8, 10)),
        interactionType: interaction(fc.constantFrom(0, 1)),
      })
      .map((r) => ({
        id,
        firstName: id,
        lastName: 'S',
        events: [
          { type: r.joinType, date: r.join, value: 0, timestamp: 0 },
          ...r.later.map((e, i) => ({ type: e.type, date: r.join + e.after, value: 0, timestamp: i + 1 })),
        ],
        interactionIntensive: r.interactionIntensive,
        interactionType: r.interactionType,
      }));
  return fc.record({
    startDay: fc.constantFrom('2026-01-01', '2026-12-01', ''),
    lifespan: fc.constantFrom<1 | 2>(1, 2),
    actors: fc.tuple(...ids.map(actorArb)),
    specialists: fc.tuple(...ids.map((id) => arbSpecialist(id))),
  });
});
