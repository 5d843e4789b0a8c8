import { MOODS } from './scene-types.ts';
import type { Mood } from './types.ts';

/** What a run's dataset holds of its actors' moods: day-major per actor, as computed or as read back from JSON. */
export type MoodColumns = {
  actorIds: readonly string[];
  /** Simulated days per actor. */
  days: number;
  actorColumns: { mood: ArrayLike<number | null>; active: ArrayLike<number | null> };
};

/**
 * Each actor's mood on the last simulated day of a run (the forecast's horizon), for actors in the team that day; an
 * actor dismissed by then, or whose mood is unclear, has none.
 */
export function finalMoods(result: MoodColumns): Record<string, Exclude<Mood, 'unclear'>> {
  const moods: Record<string, Exclude<Mood, 'unclear'>> = {};
  const last = result.days - 1;
  if (last < 0) return moods;
  result.actorIds.forEach((id, index) => {
    const at = index * result.days + last;
    if (!result.actorColumns.active[at]) return;
    const mood = MOODS[result.actorColumns.mood[at] ?? -1];
    if (mood && mood !== 'unclear') moods[id] = mood;
  });
  return moods;
}
