import { DEFAULT_INTENSITY } from './constants.ts';

/**
 * A team is stored and sent in proportion to its people (issue 30): each pair of members works together by default at
 * DEFAULT_INTENSITY hours per week in the office, from the pair's default day (the later of the two members' first
 * event days). The interaction lists carry only what differs from that default; the full mesh (one entry per pair and
 * list) is derived where the engine or the simulator's pair editor needs it. `fullInteractions(sparseInteractions(x))`
 * gives the engine the same forecast as `x`.
 */

type Entry = { actorId: string; date: number; value: number };
type ActorLike = { id: string; events: readonly { date: number }[]; interactionType: Entry[]; interactionIntensive: Entry[] };

/** Each list with the value a pair has by default: office (mode 0) and the default intensity. */
const LISTS = [
  ['interactionType', 0],
  ['interactionIntensive', DEFAULT_INTENSITY],
] as const;

/** A member's first event day (Infinity without events: such a member has no default pairs). */
const firstDays = (actors: readonly ActorLike[]) => actors.map((a) => a.events.reduce((min, e) => Math.min(min, e.date), Infinity));

/** Walks every entry naming another member (its pair key and the pair's default day), and gives the others to `other`. */
function forEachPairEntry(
  actors: readonly ActorLike[],
  list: (typeof LISTS)[number][0],
  visit: (i: number, entry: Entry, key: number, defaultDay: number) => void,
  other: (i: number, entry: Entry) => void = () => undefined,
): void {
  const index = new Map(actors.map((a, i) => [a.id, i]));
  const first = firstDays(actors);
  const n = actors.length;
  actors.forEach((actor, i) => {
    for (const entry of actor[list]) {
      const j = index.get(entry.actorId);
      if (j === undefined || j === i) other(i, entry);
      else visit(i, entry, Math.min(i, j) * n + Math.max(i, j), Math.max(first[i]!, first[j]!));
    }
  });
}

/**
 * The sparse form: drops every entry that only states the pair's default (on the pair's default day, with the default
 * value, and the pair's only entry up to that day). Entries naming unknown members stay, for the engine to refuse.
 * Linear in the entries, with a count per pair in a typed array (a team has at most MAX_SCENE_ACTORS members, so at
 * most a million pairs): a 1,000-person full mesh has a million entries.
 */
export function sparseInteractions<A extends ActorLike>(actors: readonly A[]): A[] {
  const n = actors.length;
  const keep = LISTS.map(([list, value]) => {
    // Entries up to each pair's default day, counted to 2 (only "exactly one" matters).
    const upToDefault = new Uint8Array(n * n);
    forEachPairEntry(actors, list, (_i, entry, key, day) => {
      if (entry.date <= day && upToDefault[key]! < 2) upToDefault[key]! += 1;
    });
    const kept: Entry[][] = actors.map(() => []);
    let dropped = false;
    forEachPairEntry(
      actors,
      list,
      (i, entry, key, day) => {
        if (entry.date === day && entry.value === value && upToDefault[key] === 1) dropped = true;
        else kept[i]!.push(entry);
      },
      (i, entry) => kept[i]!.push(entry),
    );
    return dropped ? kept : null;
  });
  if (keep.every((lists) => lists === null)) return [...actors];
  return actors.map((a, i) => ({
    ...a,
    interactionType: keep[0] ? keep[0][i]! : a.interactionType,
    interactionIntensive: keep[1] ? keep[1][i]! : a.interactionIntensive,
  }));
}

/** The full mesh: every pair without an entry up to its default day gets the default entry (held by the earlier member). */
export function fullInteractions<A extends ActorLike>(actors: readonly A[]): A[] {
  const first = firstDays(actors);
  const n = actors.length;
  const out = actors.map((a) => ({ ...a, interactionType: [] as Entry[], interactionIntensive: [] as Entry[] }));
  for (const [list, value] of LISTS) {
    const stated = new Set<number>();
    forEachPairEntry(actors, list, (_i, entry, key, day) => {
      if (entry.date <= day) stated.add(key);
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
  return out as A[];
}
