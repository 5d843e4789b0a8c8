import { describe, expect, it } from 'vitest';
import { finalMoods } from './final-moods.ts';
import { MOODS } from './scene-types.ts';

const code = (mood: (typeof MOODS)[number]) => MOODS.indexOf(mood);

describe('finalMoods', () => {
  it("reads each actor's mood on the last day, skipping an actor gone by then and an unclear mood", () => {
    // 3 actors × 2 days, day-major per actor.
    const result = {
      actorIds: ['a', 'b', 'c'],
      days: 2,
      actorColumns: {
        mood: [code('bad'), code('excellent'), code('good'), 255, code('good'), code('unclear')],
        active: [1, 1, 1, 0, 1, 1],
      },
    };
    expect(finalMoods(result)).toEqual({ a: 'excellent' });
  });

  it('gives nothing for a run with no days', () => {
    expect(finalMoods({ actorIds: ['a'], days: 0, actorColumns: { mood: [], active: [] } })).toEqual({});
  });
});
