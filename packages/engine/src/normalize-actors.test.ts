import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffActors } from './diff-actors.ts';
import { EngineError } from './errors.ts';
import { normalizeActors } from './normalize-actors.ts';
import { actor, ev } from './test-support/actors.ts';
import type { Actor, EventType } from './types.ts';

const types = (a: Actor | undefined): string[] => (a?.events ?? []).map((e) => `${e.type}@${e.date}`);

describe('normalizeActors: section 4 rules', () => {
  it('keeps one manager at a time: a new manager disranks the old one that day', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0), ev('m_rank', 1)]), actor('b', [ev('join', 0), ev('m_rank', 5)])]);
    expect(types(actors[0])).toEqual(['join@0', 'm_rank@1', 'm_disrank@5']);
    expect(diff).toContainEqual(expect.objectContaining({ kind: 'disrank', actorId: 'a', change: 'added', reason: 'one_manager' }));
  });

  it('keeps one lead at a time', () => {
    const { actors } = normalizeActors([actor('a', [ev('lead_join', 0)]), actor('b', [ev('join', 0), ev('l_rank', 3)])]);
    expect(types(actors[0])).toEqual(['lead_join@0', 'l_disrank@3']);
    expect(types(actors[1])).toEqual(['join@0', 'l_rank@3']);
  });

  it('removes events later on the dismissal day and interactions from that day', () => {
    const a = actor('a', [ev('join', 0), ev('dismiss', 10, 10_000), ev('l_rank', 10, 20_000)], {
      intensive: [
        { actorId: 'b', date: 0, value: 5 },
        { actorId: 'b', date: 10, value: 8 },
        { actorId: 'b', date: 20, value: 2 },
      ],
    });
    const b = actor('b', [ev('join', 0)], { type: [{ actorId: 'a', date: 15, value: 1 }] });
    const { actors, diff } = normalizeActors([a, b]);
    expect(types(actors[0])).toEqual(['join@0', 'dismiss@10']);
    expect(actors[0]?.interactionIntensive).toEqual([{ actorId: 'b', date: 0, value: 5 }]);
    expect(actors[1]?.interactionType).toEqual([]);
    expect(diff.filter((d) => d.reason === 'after_dismissal')).toHaveLength(4);
  });

  it('ignores a rejoin while active', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0), ev('rejoin', 4)])]);
    expect(types(actors[0])).toEqual(['join@0']);
    expect(diff).toEqual([expect.objectContaining({ kind: 'rejoin', change: 'removed', reason: 'rejoin_while_active' })]);
  });

  it('accepts a rejoin after a dismissal', () => {
    const { actors } = normalizeActors([actor('a', [ev('join', 0), ev('dismiss', 4), ev('rejoin', 9)])]);
    expect(types(actors[0])).toEqual(['join@0', 'dismiss@4', 'rejoin@9']);
  });

  it('ignores a dismiss when already dismissed', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0), ev('dismiss', 4), ev('dismiss', 8)])]);
    expect(types(actors[0])).toEqual(['join@0', 'dismiss@4']);
    expect(diff[0]).toMatchObject({ kind: 'dismiss', change: 'removed', reason: 'already_dismissed' });
  });

  it('lets a rank or disrank replace the other rank events of that day', () => {
    const { actors } = normalizeActors([actor('a', [ev('join', 0), ev('m_rank', 5, 5000), ev('l_rank', 5, 6000), ev('l_disrank', 5, 7000)])]);
    // Only the day's last rank event survives; a disrank with nothing to disrank then goes too.
    expect(types(actors[0])).toEqual(['join@0']);
    const second = normalizeActors([actor('a', [ev('join', 0), ev('l_rank', 5, 5000), ev('m_rank', 5, 6000)])]);
    expect(types(second.actors[0])).toEqual(['join@0', 'm_rank@5']);
  });

  it('ignores a disrank without a rank', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0), ev('m_disrank', 3)])]);
    expect(types(actors[0])).toEqual(['join@0']);
    expect(diff[0]).toMatchObject({ kind: 'disrank', reason: 'disrank_without_rank' });
  });

  it('ignores an identical rank', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0), ev('l_rank', 1), ev('l_rank', 7)])]);
    expect(types(actors[0])).toEqual(['join@0', 'l_rank@1']);
    expect(diff[0]).toMatchObject({ kind: 'rank', change: 'removed', reason: 'identical_rank' });
  });

  it('turns a lead-to-manager change into a disrank plus a rank', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0), ev('l_rank', 1), ev('m_rank', 6)])]);
    expect(types(actors[0])).toEqual(['join@0', 'l_rank@1', 'l_disrank@6', 'm_rank@6']);
    expect(diff).toEqual([expect.objectContaining({ kind: 'disrank', change: 'added', reason: 'role_change' })]);
    const back = normalizeActors([actor('a', [ev('manager_join', 0), ev('l_rank', 6)])]);
    expect(types(back.actors[0])).toEqual(['manager_join@0', 'm_disrank@6', 'l_rank@6']);
  });

  it('disranks a ranked actor who is dismissed', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('manager_join', 0), ev('dismiss', 30)])]);
    expect(types(actors[0])).toEqual(['manager_join@0', 'm_disrank@30', 'dismiss@30']);
    expect(diff[0]).toMatchObject({ kind: 'disrank', reason: 'dismissed_ranked' });
  });

  it('removes future ranks of a dismissed actor', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0), ev('dismiss', 5), ev('m_rank', 9), ev('rejoin', 12), ev('m_rank', 14)])]);
    expect(types(actors[0])).toEqual(['join@0', 'dismiss@5', 'rejoin@12', 'm_rank@14']);
    expect(diff[0]).toMatchObject({ kind: 'rank', reason: 'not_active' });
  });

  it('rejects an actor left with no valid events', () => {
    expect(() => normalizeActors([actor('a', [ev('dismiss', 3)])])).toThrow(expect.objectContaining({ code: 'events_zero_length' }));
  });

  it('drops an interaction of an actor with themself', () => {
    const { actors, diff } = normalizeActors([actor('a', [ev('join', 0)], { intensive: [{ actorId: 'a', date: 0, value: 5 }] })]);
    expect(actors[0]?.interactionIntensive).toEqual([]);
    expect(diff[0]).toMatchObject({ kind: 'update', change: 'removed', reason: 'self_interaction' });
  });

  it('does not mutate its input and returns events sorted by day', () => {
    const input = [actor('a', [ev('dismiss', 9), ev('join', 0)])];
    const copy = structuredClone(input);
    const { actors } = normalizeActors(input);
    expect(input).toEqual(copy);
    expect(types(actors[0])).toEqual(['join@0', 'dismiss@9']);
  });
});

describe('normalizeActors: invalid input', () => {
  const code = (f: () => unknown): string | undefined => {
    try {
      f();
    } catch (e) {
      return e instanceof EngineError ? `${e.code}:${e.message}` : 'other';
    }
    return undefined;
  };

  it('rejects an actor with no events', () => {
    expect(code(() => normalizeActors([actor('a', [])]))).toBe('events_zero_length:events_zero_length');
  });

  it('rejects an interaction with an unknown actor as NOT FOUND ACTOR', () => {
    expect(code(() => normalizeActors([actor('a', [ev('join', 0)], { intensive: [{ actorId: 'x', date: 0, value: 5 }] })]))).toBe(
      'actor_not_found:NOT FOUND ACTOR',
    );
  });

  it('rejects unknown event types and malformed dates as invalid_input', () => {
    expect(code(() => normalizeActors([actor('a', [{ ...ev('join', 0), type: 'leave' as never }])]))).toBe('invalid_input:invalid_input');
    expect(code(() => normalizeActors([actor('a', [ev('join', 0.5)])]))).toBe('invalid_input:invalid_input');
  });

  it('rejects class instances', () => {
    const withDate = { ...actor('a', [ev('join', 0)]), position: new Date(0) } as unknown as Actor;
    expect(code(() => normalizeActors([withDate]))).toBe('class_instance_forbidden:class_instance_forbidden');
    expect(code(() => normalizeActors([actor('a', [ev('join', 0)]), new Map() as unknown as Actor]))).toBe('class_instance_forbidden:class_instance_forbidden');
  });
});

const EVENT_TYPES: EventType[] = ['join', 'start', 'rejoin', 'dismiss', 'manager_join', 'lead_join', 'm_rank', 'm_disrank', 'l_rank', 'l_disrank'];

/** Random actor lists: up to 4 actors, up to 8 events each on a handful of days, with interactions. */
export const arbActors = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => {
    const ids = Array.from({ length: n }, (_, i) => `a${i}`);
    const event = fc.record({
      type: fc.constantFrom(...EVENT_TYPES),
      date: fc.integer({ min: -5, max: 10 }),
      value: fc.constant(0),
      timestamp: fc.integer({ min: 0, max: 4 }),
    });
    const interaction = (values: fc.Arbitrary<number>) =>
      fc.record({ actorId: fc.constantFrom(...ids), date: fc.integer({ min: -5, max: 10 }), value: values });
    return fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          firstName: fc.constant(id),
          lastName: fc.constant('X'),
          // A join before anything else, as the editor creates it; the rest is arbitrary.
          events: fc
            .tuple(fc.integer({ min: -7, max: -6 }), fc.array(event, { maxLength: 8 }))
            .map(([day, rest]) => [{ type: 'join' as const, date: day, value: 0, timestamp: 0 }, ...rest]),
          interactionType: fc.array(interaction(fc.constantFrom(0, 1)), { maxLength: 3 }),
          interactionIntensive: fc.array(interaction(fc.integer({ min: 0, max: 10 })), { maxLength: 3 }),
        }),
      ),
    );
  })
  .map((list) => list as Actor[]);

describe('normalizeActors: properties', () => {
  it('is idempotent: normalising twice changes nothing', () => {
    fc.assert(
      fc.property(arbActors, (input) => {
        const once = normalizeActors(input).actors;
        const twice = normalizeActors(once);
        expect(twice.actors).toEqual(once);
        expect(twice.diff).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('never has two managers or two leads at once, and ranks only active actors', () => {
    fc.assert(
      fc.property(arbActors, (input) => {
        const { actors } = normalizeActors(input);
        const all = actors
          .flatMap((a, ai) => a.events.map((e, order) => ({ ai, order, e })))
          .sort((x, y) => x.e.date - y.e.date || x.e.timestamp - y.e.timestamp || x.ai - y.ai || x.order - y.order);
        const rank = new Map<number, number>();
        const active = new Set<number>();
        // Inserted disranks share their trigger's day and timestamp, so the invariant holds per instant.
        const check = (): void => {
          const ranks = [...rank.values()];
          expect(ranks.filter((r) => r === 2).length).toBeLessThanOrEqual(1);
          expect(ranks.filter((r) => r === 1).length).toBeLessThanOrEqual(1);
          for (const ranked of rank.keys()) expect(active.has(ranked)).toBe(true);
        };
        all.forEach(({ ai, e }, i) => {
          const next = all[i + 1]?.e;
          if (['join', 'start', 'rejoin', 'manager_join', 'lead_join'].includes(e.type)) active.add(ai);
          if (e.type === 'dismiss') active.delete(ai);
          if (e.type === 'm_rank' || e.type === 'manager_join') rank.set(ai, 2);
          if (e.type === 'l_rank' || e.type === 'lead_join') rank.set(ai, 1);
          if (e.type === 'm_disrank' || e.type === 'l_disrank') rank.delete(ai);
          if (!next || next.date !== e.date || next.timestamp !== e.timestamp) check();
        });
      }),
      { numRuns: 300 },
    );
  });

  it('reports as its diff exactly what diffActors sees between input and output', () => {
    fc.assert(
      fc.property(arbActors, (input) => {
        const { actors, diff } = normalizeActors(input);
        expect(diff.map(({ reason: _reason, ...rest }) => rest)).toEqual(diffActors(input, actors));
      }),
      { numRuns: 200 },
    );
  });
});

describe('diffActors', () => {
  it('lists added and removed actors, new ranks, dismissals and rejoins for the undo display', () => {
    const before = [actor('a', [ev('join', 0)]), actor('b', [ev('join', 0)])];
    const after = [actor('a', [ev('join', 0), ev('m_rank', 2), ev('dismiss', 5), ev('rejoin', 8)]), actor('c', [ev('join', 1)])];
    expect(diffActors(before, after).map((d) => `${d.kind}:${d.actorId}`)).toEqual(['remove:b', 'rank:a', 'dismiss:a', 'rejoin:a', 'add:c']);
  });

  it('reports field and interaction changes as updates', () => {
    const before = [actor('a', [ev('join', 0)])];
    const after = [{ ...actor('a', [ev('join', 0)], { intensive: [{ actorId: 'a', date: 0, value: 3 }] }), position: 'CTO' }];
    expect(diffActors(before, after).map((d) => d.kind)).toEqual(['update', 'update']);
  });
});
