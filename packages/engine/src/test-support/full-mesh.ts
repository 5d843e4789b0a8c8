import type { Actor, Interaction } from '../types.ts';

/**
 * The server's full mesh of a sparse team, copied from contracts scene-interactions.ts (`fullInteractions`, which the
 * engine may not import): every pair without an entry up to its default day (the later of the two actors' first event
 * days) gets the default entry, held by the actor listed first. The server tests check the contracts function itself.
 */
export function fullMesh(actors: readonly Actor[], hours: number): Actor[] {
  const first = actors.map((a) => a.events.reduce((min, e) => Math.min(min, e.date), Infinity));
  const index = new Map(actors.map((a, i) => [a.id, i]));
  const n = actors.length;
  const out = actors.map((a) => ({ ...a, interactionType: [] as Interaction[], interactionIntensive: [] as Interaction[] }));
  for (const [list, value] of [
    ['interactionType', 0],
    ['interactionIntensive', hours],
  ] as const) {
    const stated = new Set<number>();
    actors.forEach((a, i) => {
      for (const entry of a[list]) {
        const j = index.get(entry.actorId);
        if (j === undefined || j === i) continue;
        if (entry.date <= Math.max(first[i]!, first[j]!)) stated.add(Math.min(i, j) * n + Math.max(i, j));
      }
    });
    for (let i = 0; i < n; i++) {
      const added = out[i]![list];
      for (let j = i + 1; j < n; j++) {
        const day = Math.max(first[i]!, first[j]!);
        if (Number.isFinite(day) && !stated.has(i * n + j)) added.push({ actorId: actors[j]!.id, date: day, value });
      }
      added.push(...actors[i]![list]);
    }
  }
  return out;
}
