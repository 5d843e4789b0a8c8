import { DEFAULT_INTENSITY, INTERACTION_WARNING_HOURS, type DiffEntry } from '@teamcast/contracts';
import { diffActors, normalizeActors, type Actor, type ActorEvent, type EventType, type Interaction } from '@teamcast/engine';

/** Events that make an actor active (the engine's rule, spec section 4). */
const ACTIVATING: ReadonlySet<EventType> = new Set(['join', 'start', 'rejoin', 'manager_join', 'lead_join']);

export type Applied = {
  actors: Actor[];
  /** Everything that differs from the list before the action, as the server would report it. */
  diff: DiffEntry[];
  /** What the event rules changed in what the user asked for (with the reason). */
  corrections: DiffEntry[];
};

/** A person picked for the team. */
export type NewActor = { id: string; firstName: string; lastName: string; position?: string | undefined; gender?: 'М' | 'Ж' | undefined };

const event = (type: EventType, date: number, timestamp: number): ActorEvent => ({ type, date, value: 0, timestamp });

/**
 * Applies the engine's event rules to an edited list, exactly as the server does on save, so the user sees the
 * outcome before saving.
 */
export function applyRules(before: Actor[], edited: Actor[]): Applied {
  const { actors, diff } = normalizeActors(edited);
  const corrections = diff.filter((entry) => entry.reason);
  const sameEvent = (x: ActorEvent, y: ActorEvent) => x.type === y.type && x.date === y.date && x.timestamp === y.timestamp && x.value === y.value;
  // An event the rules inserted (a disrank beside a new rank, say) carries the rule's reason.
  const withReasons = diffActors(before, actors).map((entry) => {
    const rule = corrections.find((c) => c.actorId === entry.actorId && c.change === entry.change && c.event && entry.event && sameEvent(c.event, entry.event));
    return rule?.reason ? { ...entry, reason: rule.reason } : entry;
  });
  return { actors, diff: withReasons, corrections };
}

/** Adds a person on `day`, working with everyone already there at the default intensity in the office. */
export function addActor(actors: Actor[], person: NewActor, day: number, timestamp: number): Actor[] {
  const partners = actors.map((a) => a.id);
  return [
    ...actors,
    {
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      ...(person.position ? { position: person.position } : {}),
      ...(person.gender ? { gender: person.gender } : {}),
      events: [event(day <= 0 ? 'start' : 'join', day, timestamp)],
      interactionIntensive: partners.map((actorId) => ({ actorId, date: day, value: DEFAULT_INTENSITY })),
      interactionType: partners.map((actorId) => ({ actorId, date: day, value: 0 })),
    },
  ];
}

/** Takes a person out of the team altogether, with every interaction naming him. */
export function removeActor(actors: Actor[], id: string): Actor[] {
  const keep = (list: Interaction[]) => list.filter((i) => i.actorId !== id);
  return actors.filter((a) => a.id !== id).map((a) => ({ ...a, interactionType: keep(a.interactionType), interactionIntensive: keep(a.interactionIntensive) }));
}

/** Adds one event (rank, disrank, dismiss, rejoin) to an actor. */
export function addEvent(actors: Actor[], id: string, type: EventType, day: number, timestamp: number): Actor[] {
  return actors.map((a) => (a.id === id ? { ...a, events: [...a.events, event(type, day, timestamp)] } : a));
}

/** Moves one event of an actor to another day (drag of a marker, or its keyboard equivalent). */
export function moveEvent(actors: Actor[], id: string, index: number, day: number): Actor[] {
  return actors.map((a) => (a.id === id ? { ...a, events: a.events.map((e, i) => (i === index ? { ...e, date: day } : e)) } : a));
}

/** Whether an actor is in the team on `day` and the rank he holds then (0 none, 1 lead, 2 manager). */
export function stateOn(actor: Actor, day: number): { active: boolean; rank: 0 | 1 | 2 } {
  let active = false;
  let rank: 0 | 1 | 2 = 0;
  const events = [...actor.events].sort((a, b) => a.date - b.date || a.timestamp - b.timestamp);
  for (const e of events) {
    if (e.date > day) break;
    if (ACTIVATING.has(e.type)) active = true;
    if (e.type === 'manager_join' || e.type === 'm_rank') rank = 2;
    if (e.type === 'lead_join' || e.type === 'l_rank') rank = 1;
    if (e.type === 'm_disrank' || e.type === 'l_disrank') rank = 0;
    if (e.type === 'dismiss') {
      active = false;
      rank = 0;
    }
  }
  return { active, rank };
}

type ListName = 'interactionType' | 'interactionIntensive';

type PairEntry = { a: string; b: string; value: number; date: number };

/** Room for this many people's ids in a pair's number (a pair of indices i < j is i × base + j, under 2^53). */
const PAIR_KEY_BASE = 2 ** 21;
const pairNumber = (i: number, j: number) => (i < j ? i * PAIR_KEY_BASE + j : j * PAIR_KEY_BASE + i);

/**
 * The latest interaction of each pair on or before `day`, by the pair's number (`pairNumber` of the two ids' indices;
 * an id the list holds only as a partner gets an index too). Numbers, not joined ids, as keys: a 300-person team's full
 * mesh is 89,700 entries a list, read again at each change.
 */
function latestPairs(actors: Actor[], list: ListName, day: number): { index: Map<string, number>; found: Map<number, PairEntry> } {
  const index = new Map<string, number>();
  const indexOf = (id: string) => {
    let at = index.get(id);
    if (at === undefined) index.set(id, (at = index.size));
    return at;
  };
  for (const actor of actors) indexOf(actor.id);
  const found = new Map<number, PairEntry>();
  for (const holder of actors) {
    const h = index.get(holder.id)!;
    for (const i of holder[list]) {
      if (i.date > day) continue;
      const key = pairNumber(h, indexOf(i.actorId));
      const before = found.get(key);
      if (!before || i.date >= before.date) found.set(key, { a: holder.id, b: i.actorId, value: i.value, date: i.date });
    }
  }
  return { index, found };
}

/**
 * Every pair's value on `day` in one pass over the interactions, looked up by the pair's two ids in either order: the
 * latest entry on or before the day, either holder's; on equal dates the holder later in the list wins, as in the
 * engine's timeline, so a pair has one value whichever way it is asked. Looking each pair up on its own is O(people); a
 * team's pairs are O(people²).
 */
export function pairValues(actors: Actor[], list: ListName, day: number): (a: string, b: string) => number | undefined {
  const { index, found } = latestPairs(actors, list, day);
  return (a, b) => {
    const i = index.get(a);
    const j = index.get(b);
    return i === undefined || j === undefined ? undefined : found.get(pairNumber(i, j))?.value;
  };
}

/** Sets a pair's interaction from `day` on: one entry, kept by whichever of the two already holds the pair (else `a`). */
export function setPair(actors: Actor[], a: string, b: string, list: ListName, value: number, day: number): Actor[] {
  const holdsPair = (id: string, partner: string) => actors.find((x) => x.id === id)?.[list].some((i) => i.actorId === partner) ?? false;
  const [holder, partner] = holdsPair(b, a) && !holdsPair(a, b) ? [b, a] : [a, b];
  return actors.map((x) =>
    x.id === holder ? { ...x, [list]: [...x[list].filter((i) => !(i.actorId === partner && i.date === day)), { actorId: partner, date: day, value }] } : x,
  );
}

/**
 * Ids of the actors whose hours per week with the others on `day` exceed the spec's 50 h/w: each pair's hours (as
 * `pairValues` reads them) counted for both of its people while both are active. One pass over the interactions; looking
 * every pair up on its own took a 300-person team seconds.
 */
export function overloaded(actors: Actor[], day: number): string[] {
  const active = new Set(actors.filter((a) => stateOn(a, day).active).map((a) => a.id));
  const hours = new Map<string, number>();
  for (const { a, b, value } of latestPairs(actors, 'interactionIntensive', day).found.values()) {
    if (a === b || !active.has(a) || !active.has(b)) continue;
    hours.set(a, (hours.get(a) ?? 0) + value);
    hours.set(b, (hours.get(b) ?? 0) + value);
  }
  return actors.filter((a) => (hours.get(a.id) ?? 0) > INTERACTION_WARNING_HOURS).map((a) => a.id);
}

/** The day an actor was added to the scene, as recorded (the earliest event timestamp). */
export const addedAt = (actor: Actor): number => Math.min(...actor.events.map((e) => e.timestamp));
