import type { Actor, ActorEvent, EventType, Interaction } from './types.ts';

export type DiffKind = 'add' | 'remove' | 'update' | 'rank' | 'disrank' | 'dismiss' | 'rejoin';

/** Why normalizeActors changed something. */
export type NormalizeReason =
  | 'already_active'
  | 'rejoin_while_active'
  | 'already_dismissed'
  | 'replaced_same_day'
  | 'disrank_without_rank'
  | 'identical_rank'
  | 'role_change'
  | 'one_manager'
  | 'one_lead'
  | 'dismissed_ranked'
  | 'after_dismissal'
  | 'not_active'
  | 'self_interaction';

export type DiffEntry = {
  kind: DiffKind;
  actorId: string;
  /** For event and interaction entries: whether it appeared in the later list or disappeared from it. */
  change?: 'added' | 'removed';
  event?: ActorEvent;
  /** For interaction entries: which list and the entry. */
  list?: 'interactionType' | 'interactionIntensive';
  interaction?: Interaction;
  /** For field updates: the top-level field that differs. */
  field?: string;
  reason?: NormalizeReason;
};

/** Diff kind of an added or removed event. */
export function eventDiffKind(type: EventType): DiffKind {
  switch (type) {
    case 'm_rank':
    case 'l_rank':
    case 'manager_join':
    case 'lead_join':
      return 'rank';
    case 'm_disrank':
    case 'l_disrank':
      return 'disrank';
    case 'dismiss':
      return 'dismiss';
    case 'rejoin':
      return 'rejoin';
    default:
      return 'update';
  }
}

/** Identity of an event for diffs: type, day, timestamp, value. */
export function eventKey(e: ActorEvent): string {
  return `${e.type}|${e.date}|${e.timestamp}|${e.value}`;
}

/** Identity of an interaction entry for diffs: partner, day, value. */
export function interactionKey(i: Interaction): string {
  return `${i.actorId}|${i.date}|${i.value}`;
}

/** Whether two interaction lists hold the same entries in the same order (then neither misses anything). */
function sameInteractions(a: readonly Interaction[], b: readonly Interaction[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && (x.actorId !== y.actorId || x.date !== y.date || x.value !== y.value)) return false;
  }
  return true;
}

/** Items of `a` missing from `b`, counting duplicates. */
function missing<T>(a: readonly T[], b: readonly T[], key: (x: T) => string): T[] {
  const counts = new Map<string, number>();
  for (const x of b) counts.set(key(x), (counts.get(key(x)) ?? 0) + 1);
  const out: T[] = [];
  for (const x of a) {
    const k = key(x);
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else out.push(x);
  }
  return out;
}

const LISTS = ['interactionType', 'interactionIntensive'] as const;
const COMPARED_FIELDS = ['firstName', 'lastName', 'gender', 'position', 'isShort', 'satisfaction'] as const;

/**
 * What changed from `before` to `after` (two actor lists), for the undo display: actors added or removed,
 * events added or removed (kind by event type), interaction entries and fields changed (update).
 * `reasons` (keyed by actorId + event or interaction key) annotates entries; normalizeActors passes its own.
 */
export function diffActors(before: readonly Actor[], after: readonly Actor[], reasons?: ReadonlyMap<string, NormalizeReason>): DiffEntry[] {
  const out: DiffEntry[] = [];
  const beforeById = new Map(before.map((a) => [a.id, a]));
  const afterIds = new Set(after.map((a) => a.id));
  for (const a of before) if (!afterIds.has(a.id)) out.push({ kind: 'remove', actorId: a.id });
  for (const a of after) {
    const b = beforeById.get(a.id);
    if (!b) {
      out.push({ kind: 'add', actorId: a.id });
      continue;
    }
    for (const field of COMPARED_FIELDS) {
      if (a[field] !== b[field]) out.push({ kind: 'update', actorId: a.id, field });
    }
    const eventEntry = (event: ActorEvent, change: 'added' | 'removed'): DiffEntry => {
      const entry: DiffEntry = { kind: eventDiffKind(event.type), actorId: a.id, change, event };
      const reason = reasons?.get(`${a.id}#${eventKey(event)}`);
      if (reason) entry.reason = reason;
      return entry;
    };
    for (const e of missing(b.events, a.events, eventKey)) out.push(eventEntry(e, 'removed'));
    for (const e of missing(a.events, b.events, eventKey)) out.push(eventEntry(e, 'added'));
    for (const list of LISTS) {
      // A full mesh holds an entry per pair: most lists come out of normalising unchanged, and keying them costs.
      if (sameInteractions(b[list], a[list])) continue;
      const entry = (interaction: Interaction, change: 'added' | 'removed'): DiffEntry => {
        const d: DiffEntry = { kind: 'update', actorId: a.id, change, list, interaction };
        const reason = reasons?.get(`${a.id}#${list}#${interactionKey(interaction)}`);
        if (reason) d.reason = reason;
        return d;
      };
      for (const i of missing(b[list], a[list], interactionKey)) out.push(entry(i, 'removed'));
      for (const i of missing(a[list], b[list], interactionKey)) out.push(entry(i, 'added'));
    }
  }
  return out;
}
