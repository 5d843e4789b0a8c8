import { diffActors, eventKey, interactionKey, type DiffEntry, type NormalizeReason } from './diff-actors.ts';
import { EngineError } from './errors.ts';
import { ACTIVATING, RANK_EVENTS } from './event-kinds.ts';
import { assertPlainData } from './plain-data.ts';
import type { Actor, ActorEvent, EventType } from './types.ts';

export type NormalizeResult = { actors: Actor[]; diff: DiffEntry[] };

/** Rank held by an actor: 0 none, 1 lead, 2 manager (the team role numbers). */
type Rank = 0 | 1 | 2;

type Queued = { actor: number; order: number; event: ActorEvent };

const EVENT_TYPES: ReadonlySet<unknown> = new Set<EventType>([
  'join',
  'start',
  'rejoin',
  'dismiss',
  'manager_join',
  'lead_join',
  'm_rank',
  'm_disrank',
  'l_rank',
  'l_disrank',
]);

const byDateThenTime = (a: ActorEvent, b: ActorEvent): number => a.date - b.date || a.timestamp - b.timestamp;

/** Throws the spec's internal errors for input the rules cannot handle. */
function validate(actors: readonly Actor[]): void {
  assertPlainData(actors, 'actors');
  const ids = new Set<string>();
  for (const a of actors) {
    if (typeof a?.id !== 'string' || !Array.isArray(a.events)) throw new EngineError('invalid_input', 'actor without id or events');
    if (ids.has(a.id)) throw new EngineError('invalid_input', `duplicate actor ${a.id}`);
    ids.add(a.id);
  }
  for (const a of actors) {
    if (a.events.length === 0) throw new EngineError('events_zero_length', a.id);
    for (const e of a.events) {
      if (!EVENT_TYPES.has(e?.type)) throw new EngineError('invalid_input', `${a.id}: unknown event type ${String(e?.type)}`);
      if (!Number.isInteger(e.date)) throw new EngineError('invalid_input', `${a.id}: event date must be a whole day`);
      if (typeof e.timestamp !== 'number' || typeof e.value !== 'number')
        throw new EngineError('invalid_input', `${a.id}: event timestamp and value must be numbers`);
    }
    for (const list of [a.interactionType ?? [], a.interactionIntensive ?? []]) {
      if (!Array.isArray(list)) throw new EngineError('invalid_input', `${a.id}: interaction lists must be arrays`);
      for (const i of list) {
        if (!ids.has(i?.actorId)) throw new EngineError('actor_not_found', `${a.id} -> ${String(i?.actorId)}`);
        if (!Number.isInteger(i.date) || typeof i.value !== 'number') throw new EngineError('invalid_input', `${a.id}: interaction date and value`);
      }
    }
    for (const i of a.interactionType ?? []) {
      if (i.value !== 0 && i.value !== 1) throw new EngineError('invalid_input', `${a.id}: interaction mode must be 0 (office) or 1 (remote)`);
    }
  }
}

/** One pass of the section 4 rules; `reasons` collects why each event or interaction was added or removed. */
function pass(actors: readonly Actor[], reasons: Map<string, NormalizeReason>): Actor[] {
  const n = actors.length;
  const note = (actor: number, e: ActorEvent, reason: NormalizeReason): void => {
    reasons.set(`${actors[actor]!.id}#${eventKey(e)}`, reason);
  };

  // A rank or disrank replaces the actor's other rank events of that day: only the day's latest timestamp
  // survives (events sharing it, such as a disrank inserted beside its rank, stay together).
  const queue: Queued[] = [];
  actors.forEach((a, ai) => {
    const sorted = [...a.events].sort(byDateThenTime);
    const latest = new Map<number, number>();
    for (const e of sorted) if (RANK_EVENTS.has(e.type)) latest.set(e.date, Math.max(latest.get(e.date) ?? -Infinity, e.timestamp));
    sorted.forEach((e, order) => {
      if (RANK_EVENTS.has(e.type) && e.timestamp < latest.get(e.date)!) note(ai, e, 'replaced_same_day');
      else queue.push({ actor: ai, order, event: e });
    });
  });
  queue.sort((x, y) => byDateThenTime(x.event, y.event) || x.actor - y.actor || x.order - y.order);

  const out: ActorEvent[][] = actors.map(() => []);
  const active = new Array<boolean>(n).fill(false);
  const rank = new Array<Rank>(n).fill(0);
  const dismissedOn = new Array<number | null>(n).fill(null);
  let manager = -1;
  let lead = -1;

  const emit = (actor: number, e: ActorEvent, inserted?: NormalizeReason): void => {
    out[actor]!.push(e);
    if (inserted) note(actor, e, inserted);
  };
  const disrankEvent = (held: Rank, at: ActorEvent): ActorEvent => ({
    type: held === 2 ? 'm_disrank' : 'l_disrank',
    date: at.date,
    value: 0,
    timestamp: at.timestamp,
  });
  const clearRank = (actor: number): void => {
    if (rank[actor] === 2) manager = -1;
    if (rank[actor] === 1) lead = -1;
    rank[actor] = 0;
  };
  /** Gives `actor` rank `to` at event `e`, displacing the holder and dropping the actor's other rank. */
  const grant = (actor: number, to: 1 | 2, e: ActorEvent): void => {
    const held = rank[actor]!;
    if (held !== 0) {
      emit(actor, disrankEvent(held, e), 'role_change');
      clearRank(actor);
    }
    const holder = to === 2 ? manager : lead;
    if (holder >= 0) {
      emit(holder, disrankEvent(to, e), to === 2 ? 'one_manager' : 'one_lead');
      clearRank(holder);
    }
    rank[actor] = to;
    if (to === 2) manager = actor;
    else lead = actor;
  };

  for (const { actor, event: e } of queue) {
    if (!active[actor] && dismissedOn[actor] === e.date) {
      note(actor, e, 'after_dismissal');
      continue;
    }
    if (ACTIVATING.has(e.type)) {
      if (active[actor]) {
        note(actor, e, e.type === 'rejoin' ? 'rejoin_while_active' : 'already_active');
        continue;
      }
      active[actor] = true;
      emit(actor, e);
      if (e.type === 'manager_join') grant(actor, 2, e);
      if (e.type === 'lead_join') grant(actor, 1, e);
      continue;
    }
    if (e.type === 'dismiss') {
      if (!active[actor]) {
        note(actor, e, 'already_dismissed');
        continue;
      }
      if (rank[actor] !== 0) {
        emit(actor, disrankEvent(rank[actor]!, e), 'dismissed_ranked');
        clearRank(actor);
      }
      active[actor] = false;
      dismissedOn[actor] = e.date;
      emit(actor, e);
      continue;
    }
    // Rank events from here on: dismissed (or not yet joined) actors get theirs removed.
    if (!active[actor]) {
      note(actor, e, 'not_active');
      continue;
    }
    const wanted: Rank = e.type === 'm_rank' ? 2 : e.type === 'l_rank' ? 1 : 0;
    if (wanted !== 0) {
      if (rank[actor] === wanted) {
        note(actor, e, 'identical_rank');
        continue;
      }
      // The rank event itself goes after any disranks it causes, so the list reads in order.
      grant(actor, wanted, e);
      emit(actor, e);
      continue;
    }
    const dropping: Rank = e.type === 'm_disrank' ? 2 : 1;
    if (rank[actor] !== dropping) {
      note(actor, e, 'disrank_without_rank');
      continue;
    }
    clearRank(actor);
    emit(actor, e);
  }

  // Every actor's gaps once per pass: a full mesh names every other actor, so looking partners up per actor costs n³.
  const gapsById = new Map<string, Array<[number, number]>>();
  actors.forEach((a, ai) => {
    if (!gapsById.has(a.id)) gapsById.set(a.id, dismissedGaps(out[ai]!));
  });
  return actors.map((a, ai) => {
    const gaps = dismissedGaps(out[ai]!);
    const gapsOf = (id: string): Array<[number, number]> => gapsById.get(id)!;
    const inGap = (day: number, g: Array<[number, number]>): boolean => g.some(([from, to]) => day >= from && day < to);
    const keep = (list: 'interactionType' | 'interactionIntensive') =>
      (a[list] ?? []).filter((i) => {
        const reason: NormalizeReason | null =
          i.actorId === a.id ? 'self_interaction' : inGap(i.date, gaps) || inGap(i.date, gapsOf(i.actorId)) ? 'after_dismissal' : null;
        if (reason) reasons.set(`${a.id}#${list}#${interactionKey(i)}`, reason);
        return reason === null;
      });
    return { ...a, events: out[ai]!, interactionType: keep('interactionType'), interactionIntensive: keep('interactionIntensive') };
  });
}

/** Day ranges [dismissal, next activation) in which a normalised actor is away. */
function dismissedGaps(events: readonly ActorEvent[]): Array<[number, number]> {
  const gaps: Array<[number, number]> = [];
  let from: number | null = null;
  for (const e of events) {
    if (e.type === 'dismiss') from = e.date;
    else if (from !== null && ACTIVATING.has(e.type)) {
      gaps.push([from, e.date]);
      from = null;
    }
  }
  if (from !== null) gaps.push([from, Infinity]);
  return gaps;
}

function sameEvents(a: readonly Actor[], b: readonly Actor[]): boolean {
  return a.every((x, i) => {
    const y = b[i]!;
    return (
      x.events.length === y.events.length &&
      x.events.every((e, j) => eventKey(e) === eventKey(y.events[j]!)) &&
      x.interactionType.length === y.interactionType.length &&
      x.interactionIntensive.length === y.interactionIntensive.length
    );
  });
}

/** Passes are repeated until nothing changes; each only removes events or adds disranks, so few are needed. */
const MAX_PASSES = 8;

/**
 * Applies the team event rules of spec section 4 and returns the normalised actors (new objects, events
 * sorted by day and timestamp) with the diff from the input. Idempotent: normalising the result changes nothing.
 * Throws EngineError events_zero_length, actor_not_found ('NOT FOUND ACTOR') or class_instance_forbidden.
 */
export function normalizeActors(actors: readonly Actor[]): NormalizeResult {
  validate(actors);
  const reasons = new Map<string, NormalizeReason>();
  const input = actors.map((a) => ({ ...a, interactionType: a.interactionType ?? [], interactionIntensive: a.interactionIntensive ?? [] }));
  let current = input;
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = pass(current, reasons);
    const done = sameEvents(current, next);
    current = next;
    if (done) break;
  }
  // An actor whose every event was dropped never joins; the spec's code for that is events_zero_length.
  for (const a of current) if (a.events.length === 0) throw new EngineError('events_zero_length', `${a.id}: no valid events`);
  return { actors: current, diff: diffActors(input, current, reasons) };
}
