import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeActors, type Actor, type EventType, type Interaction } from '@teamcast/engine';
import { actor, ev } from '../../../../../../packages/engine/src/test-support/actors.ts';
import { arbScene } from '../../../../../../packages/engine/src/test-support/scenes.ts';
import { addActor, addEvent, applyRules, overloaded, pairValues, removeActor, setPair, stateOn } from './actor-actions.ts';

/**
 * The rule read one pair at a time, the reference the one-pass readers are held to: the pair's latest entry on or
 * before `day`, either holder's; on equal dates the holder later in the list wins, as in the engine's timeline.
 */
function pairValue(actors: Actor[], a: string, b: string, list: 'interactionType' | 'interactionIntensive', day: number): number | undefined {
  let found: Interaction | undefined;
  for (const holder of actors) {
    if (holder.id !== a && holder.id !== b) continue;
    const partner = holder.id === a ? b : a;
    for (const i of holder[list]) {
      if (i.actorId === partner && i.date <= day && (!found || i.date >= found.date)) found = i;
    }
  }
  return found?.value;
}

const types = (a: Actor | undefined) => a?.events.map((e) => `${e.type}@${e.date}`);
const find = (actors: Actor[], id: string) => actors.find((a) => a.id === id);

describe('actions on the team apply the engine event rules', () => {
  it('gives the same list as the engine (and so the server) for any action on the shared scene fixtures', () => {
    const actions: EventType[] = ['m_rank', 'l_rank', 'm_disrank', 'l_disrank', 'dismiss', 'rejoin'];
    fc.assert(
      fc.property(arbScene, fc.nat(), fc.constantFrom(...actions), fc.integer({ min: -60, max: 364 }), (scene, pick, type, day) => {
        const before = normalizeActors(scene.actors).actors;
        const id = before[pick % before.length]!.id;
        const edited = addEvent(before, id, type, day, 10_000);
        const applied = applyRules(before, edited);
        const engine = normalizeActors(edited);
        expect(applied.actors).toEqual(engine.actors);
        expect(applied.corrections).toEqual(engine.diff.filter((d) => d.reason));
        // Normalising what the client holds changes nothing more: the server's answer to the save has an empty diff.
        expect(normalizeActors(applied.actors).diff).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('making a second lead takes the role from the first, with the reason in the diff', () => {
    const before = normalizeActors([actor('a', [ev('start', 0), ev('l_rank', 0)]), actor('b', [ev('start', 0)])]).actors;
    const { actors, diff } = applyRules(before, addEvent(before, 'b', 'l_rank', 100, 500_000));
    expect(stateOn(find(actors, 'a')!, 100).rank).toBe(0);
    expect(stateOn(find(actors, 'b')!, 100).rank).toBe(1);
    expect(diff).toContainEqual(expect.objectContaining({ actorId: 'a', kind: 'disrank', change: 'added', reason: 'one_lead' }));
    expect(diff).toContainEqual(expect.objectContaining({ actorId: 'b', kind: 'rank', change: 'added' }));
  });

  it('dismissing a ranked actor drops his role, and a rank for a dismissed actor is turned down', () => {
    const before = normalizeActors([actor('a', [ev('start', 0), ev('m_rank', 0)]), actor('b', [ev('start', 0)])]).actors;
    const dismissed = applyRules(before, addEvent(before, 'a', 'dismiss', 180, 700_000));
    expect(types(find(dismissed.actors, 'a'))).toEqual(['start@0', 'm_rank@0', 'm_disrank@180', 'dismiss@180']);
    const refused = applyRules(dismissed.actors, addEvent(dismissed.actors, 'a', 'l_rank', 200, 800_000));
    expect(refused.corrections).toContainEqual(expect.objectContaining({ actorId: 'a', change: 'removed', reason: 'not_active' }));
    expect(refused.diff).toEqual([]);
  });

  it('adds a person working with everyone already there, and removing him clears those interactions', () => {
    const before = normalizeActors([actor('a', [ev('start', 0)])]).actors;
    const added = applyRules(before, addActor(before, { id: 'b', firstName: 'B', lastName: '' }, 30, 1)).actors;
    expect(types(find(added, 'b'))).toEqual(['join@30']);
    expect(find(added, 'b')!.interactionIntensive).toEqual([{ actorId: 'a', date: 30, value: 5 }]);
    const removed = removeActor(added, 'b');
    expect(removed.map((a) => a.id)).toEqual(['a']);
    expect(normalizeActors(removed).diff).toEqual([]);
  });

  it('warns when someone works more than 50 hours a week with the others, from the day it starts', () => {
    const others = ['b', 'c', 'd', 'e', 'f', 'g'];
    let actors = normalizeActors(['a', ...others].map((id) => actor(id, [ev('start', 0)]))).actors;
    for (const other of others.slice(0, 5)) actors = setPair(actors, 'a', other, 'interactionIntensive', 10, 0);
    // 5 x 10 = 50 h/w is the limit itself, not over it.
    expect(overloaded(actors, 0)).toEqual([]);
    actors = setPair(actors, 'g', 'a', 'interactionIntensive', 0.5, 40);
    expect(overloaded(actors, 39)).toEqual([]);
    expect(overloaded(actors, 40)).toEqual(['a']);
  });
});

describe('every pair of a team in one pass', () => {
  it('gives each pair the value pairValue gives it, on any day, for both lists', () => {
    fc.assert(
      fc.property(arbScene, fc.integer({ min: -10, max: 400 }), (scene, day) => {
        const actors = normalizeActors(scene.actors).actors;
        for (const list of ['interactionType', 'interactionIntensive'] as const) {
          const values = pairValues(actors, list, day);
          actors.forEach((a, i) => {
            for (const b of actors.slice(i + 1)) {
              expect(values(a.id, b.id)).toBe(pairValue(actors, a.id, b.id, list, day));
              expect(values(b.id, a.id)).toBe(pairValue(actors, a.id, b.id, list, day));
            }
          });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('reads a pair both sides hold on the same date as the engine does, whichever way it is asked: the later holder wins', () => {
    // Found by the property below in CI: s3 and s4 each held the pair on day 0, and the reference read s4's 0.5 h/w
    // when asked (s3, s4) but s3's 26 when asked (s4, s3); the warning read 0.5, as the engine does.
    let actors = normalizeActors(['s2', 's3', 's4', 's0'].map((id) => actor(id, [ev('join', 0)]))).actors;
    actors = actors.map((a) =>
      a.id === 's3' || a.id === 's4' ? { ...a, interactionIntensive: [{ actorId: a.id === 's3' ? 's4' : 's3', date: 0, value: a.id === 's3' ? 26 : 0.5 }] } : a,
    );
    actors = setPair(actors, 's4', 's0', 'interactionIntensive', 26, 0);
    expect(pairValue(actors, 's3', 's4', 'interactionIntensive', 0)).toBe(0.5);
    expect(pairValue(actors, 's4', 's3', 'interactionIntensive', 0)).toBe(0.5);
    expect(pairValues(actors, 'interactionIntensive', 0)('s3', 's4')).toBe(0.5);
    // s4 works 0.5 + 26 h/w, not 26 + 26.
    expect(overloaded(actors, 0)).toEqual([]);
  });

  it('warns of the same overloaded people as summing pairValue over every pair of active people', () => {
    const reference = (actors: Actor[], day: number) => {
      const active = actors.filter((a) => stateOn(a, day).active);
      return active
        .filter((a) => active.reduce((sum, b) => sum + (b.id === a.id ? 0 : (pairValue(actors, a.id, b.id, 'interactionIntensive', day) ?? 0)), 0) > 50)
        .map((a) => a.id);
    };
    fc.assert(
      fc.property(arbScene, fc.integer({ min: -10, max: 400 }), fc.integer({ min: 1, max: 40 }), (scene, day, hours) => {
        // Hours large enough to overload someone now and then.
        let actors = normalizeActors(scene.actors).actors;
        actors.forEach((a, i) => {
          const b = actors[(i + 1) % actors.length]!;
          if (b.id !== a.id) actors = setPair(actors, a.id, b.id, 'interactionIntensive', hours, Math.max(0, day - i));
        });
        expect(overloaded(actors, day)).toEqual(reference(actors, day));
      }),
      { numRuns: 80 },
    );
  });
});
