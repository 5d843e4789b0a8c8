import { ACTIVATING } from './event-kinds.ts';
import type { Params } from './params.ts';
import type { Actor } from './types.ts';

/** The most days the engine reconstructs before the scene start. */
export const MAX_PAST_DAYS = 730;
export const FUTURE_DAYS = 365;

/** One change of a pair's interaction on a day index. */
export type InteractionChange = { pair: number; hours: number; mode: -1 | 0 | 1 };

export type Timeline = {
  firstDay: number;
  days: number;
  /** 1 where actor a is active on day index d, at [a * days + d]. */
  active: Uint8Array;
  manager: Int32Array;
  lead: Int32Array;
  /** Per day index, the interaction changes that take effect; hours -1 = unchanged. */
  changes: Array<InteractionChange[] | undefined>;
  /** Day index of the team's first activation, or -1. */
  teamStart: number;
};

/** Index of pair (i, j), i < j, in a triangle of n actors. */
export function pairIndex(i: number, j: number, n: number): number {
  return i * n - (i * (i + 1)) / 2 + (j - i - 1);
}

/**
 * Day-by-day activity, roles and interaction changes from normalised actors. A day's state is the one after
 * all its events; an actor is active from the day of joining until (not including) the dismissal day.
 */
export function buildTimeline(actors: readonly Actor[], params: Params): Timeline {
  const n = actors.length;
  let earliest = 0;
  for (const a of actors) for (const e of a.events) earliest = Math.min(earliest, e.date);
  const firstDay = Math.max(-MAX_PAST_DAYS, earliest);
  const days = FUTURE_DAYS - firstDay;
  const index = (day: number): number => Math.min(days, Math.max(0, day - firstDay));
  const active = new Uint8Array(n * days);
  const manager = new Int32Array(days).fill(-1);
  const lead = new Int32Array(days).fill(-1);
  let teamStart = -1;

  // Role changes: [day index, actor, role or -1 for disrank of that role].
  const roleChanges: Array<{ d: number; date: number; ts: number; actor: number; role: 1 | 2; on: boolean }> = [];
  actors.forEach((a, ai) => {
    let from: number | null = null;
    for (const e of a.events) {
      const d = index(e.date);
      if (ACTIVATING.has(e.type) && from === null) from = d;
      if (e.type === 'dismiss' && from !== null) {
        active.fill(1, ai * days + from, ai * days + d);
        from = null;
      }
      if (e.type === 'manager_join' || e.type === 'm_rank') roleChanges.push({ d, date: e.date, ts: e.timestamp, actor: ai, role: 2, on: true });
      if (e.type === 'lead_join' || e.type === 'l_rank') roleChanges.push({ d, date: e.date, ts: e.timestamp, actor: ai, role: 1, on: true });
      if (e.type === 'm_disrank') roleChanges.push({ d, date: e.date, ts: e.timestamp, actor: ai, role: 2, on: false });
      if (e.type === 'l_disrank') roleChanges.push({ d, date: e.date, ts: e.timestamp, actor: ai, role: 1, on: false });
    }
    if (from !== null) active.fill(1, ai * days + from, ai * days + days);
    for (let d = 0; d < days; d++) {
      if (active[ai * days + d]) {
        if (teamStart < 0 || d < teamStart) teamStart = d;
        break;
      }
    }
  });
  // Events dated before the window share day index 0: their own dates still order them.
  roleChanges.sort((x, y) => x.d - y.d || x.date - y.date || x.ts - y.ts || (x.on === y.on ? 0 : x.on ? 1 : -1));
  let m = -1;
  let l = -1;
  let next = 0;
  for (let d = 0; d < days; d++) {
    for (; next < roleChanges.length && roleChanges[next]!.d === d; next++) {
      const c = roleChanges[next]!;
      if (c.role === 2) m = c.on ? c.actor : m === c.actor ? -1 : m;
      else l = c.on ? c.actor : l === c.actor ? -1 : l;
    }
    manager[d] = m;
    lead[d] = l;
  }

  const ids = new Map(actors.map((a, i) => [a.id, i]));
  const entries: Array<{ d: number; date: number; actor: number; pair: number; hours: number; mode: -1 | 0 | 1 }> = [];
  actors.forEach((a, ai) => {
    const add = (partnerId: string, date: number, hours: number, mode: -1 | 0 | 1): void => {
      const pj = ids.get(partnerId);
      if (pj === undefined || pj === ai) return;
      const pair = ai < pj ? pairIndex(ai, pj, n) : pairIndex(pj, ai, n);
      entries.push({ d: index(date), date, actor: ai, pair, hours, mode });
    };
    for (const i of a.interactionIntensive) add(i.actorId, i.date, Math.min(10, Math.max(params.team.implicitHours, i.value)), -1);
    for (const i of a.interactionType) add(i.actorId, i.date, -1, i.value === 1 ? 1 : 0);
  });
  // The later date wins, also among entries dated before the window (they all take effect on day index 0); on
  // the same date the actor later in the (id-ordered) list wins.
  entries.sort((x, y) => x.d - y.d || x.date - y.date || x.actor - y.actor);
  const changes: Array<InteractionChange[] | undefined> = new Array(days);
  for (const e of entries) {
    if (e.d >= days) continue;
    (changes[e.d] ??= []).push({ pair: e.pair, hours: e.hours, mode: e.mode });
  }
  return { firstDay, days, active, manager, lead, changes, teamStart };
}
