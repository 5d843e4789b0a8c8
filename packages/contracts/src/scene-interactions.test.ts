import { describe, expect, it } from 'vitest';
import { DEFAULT_INTENSITY } from './constants.ts';
import { fullInteractions, sparseInteractions } from './scene-interactions.ts';

type Entry = { actorId: string; date: number; value: number };
const member = (id: string, day = 0, lists: { type?: Entry[]; hours?: Entry[] } = {}) => ({
  id,
  events: [{ date: day }],
  interactionType: lists.type ?? [],
  interactionIntensive: lists.hours ?? [],
});

/** Each pair's entries of both lists, whoever holds them: what the engine reads of a team's interactions. */
function pairEntries(actors: ReturnType<typeof member>[]): string[] {
  return actors
    .flatMap((a) => [
      ...a.interactionType.map((e) => `type ${[a.id, e.actorId].sort().join('-')} ${e.date} ${e.value}`),
      ...a.interactionIntensive.map((e) => `hours ${[a.id, e.actorId].sort().join('-')} ${e.date} ${e.value}`),
    ])
    .sort();
}

describe('teams in the sparse form', () => {
  it('derives one default entry per pair and list, on the later first day of the two, and drops them all again', () => {
    const sparse = [member('a'), member('b'), member('c', 30)];
    const full = fullInteractions(sparse);
    expect(pairEntries(full)).toEqual([
      `hours a-b 0 ${DEFAULT_INTENSITY}`,
      `hours a-c 30 ${DEFAULT_INTENSITY}`,
      `hours b-c 30 ${DEFAULT_INTENSITY}`,
      'type a-b 0 0',
      'type a-c 30 0',
      'type b-c 30 0',
    ]);
    expect(sparseInteractions(full)).toEqual(sparse);
  });

  it('keeps what differs from the default, and the default of a pair that has an earlier entry', () => {
    const full = fullInteractions([member('a'), member('b'), member('c')]);
    full[0]!.interactionIntensive = full[0]!.interactionIntensive.map((e) => (e.actorId === 'b' ? { ...e, value: 8 } : e));
    full[1]!.interactionType.push({ actorId: 'c', date: 40, value: 1 });
    full[2]!.interactionIntensive.push({ actorId: 'a', date: -3, value: 2 });
    const sparse = sparseInteractions(full);
    expect(pairEntries(sparse)).toEqual(['hours a-b 0 8', 'hours a-c -3 2', `hours a-c 0 ${DEFAULT_INTENSITY}`, 'type b-c 40 1']);
    // Back to the full mesh: the same entries for every pair as before.
    expect(pairEntries(fullInteractions(sparse))).toEqual(pairEntries(full));
  });

  it('keeps a 300-person team in the default mesh at no interaction entries, from 89,700 in the full form', () => {
    const team = Array.from({ length: 300 }, (_, i) => member(`p${i}`));
    const full = fullInteractions(team);
    expect(full.reduce((sum, a) => sum + a.interactionType.length + a.interactionIntensive.length, 0)).toBe(300 * 299);
    expect(pairEntries(sparseInteractions(full))).toEqual([]);
  });

  it('leaves entries naming someone outside the team for the engine to refuse', () => {
    const team = [member('a', 0, { type: [{ actorId: 'ghost', date: 0, value: 0 }] }), member('b')];
    expect(sparseInteractions(fullInteractions(team))[0]!.interactionType).toEqual([{ actorId: 'ghost', date: 0, value: 0 }]);
  });
});
