import type { DashboardHistory, HistoryEntry, HistoryEntryType } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import type { GateHub } from '../gate/gate.hub.ts';
import * as repo from './history.repository.ts';

/**
 * The owner's dashboard history, kept on the server (spec sections 3 and 9).
 *
 * Other modules add an entry after each run with `recordHistory`:
 * - pairs: `{ type: 'pair', id: pairRequestId, title, actors: [a, b], scenes: [] }` after every pair forecast;
 * - teams: `{ type: 'team', id: sceneId, title, actors, scenes: [sceneId] }` after a team check;
 * - team comparison: `{ type: 'compare-teams', id: comparisonId, title, actors: [], scenes: sceneIds }`.
 * Pass the app's gate (`app.gate`) so the owner's open tabs get a `syncHistory` message and re-read
 * `GET /api/owner/history`. Call `forgetHistory` when the object is deleted.
 */
export type NewHistoryEntry = Omit<HistoryEntry, 'at'>;

/**
 * Adds a run: the entry becomes the newest; an earlier entry for the same object (or, for pairs, the same two people)
 * is replaced; a team entry replaces any other team entry (one team entry is kept); at most 15 remain. Counts the run
 * in the p2p or team counter. One statement (`repo.record`), under the owner's lock, so concurrent runs cannot break
 * the rules.
 */
export async function recordHistory(db: Db, ownerId: string, entry: NewHistoryEntry, gate?: GateHub): Promise<void> {
  await repo.record(db, ownerId, entry, new Date());
  await syncHistory(gate, ownerId);
}

/** Removes the entry of a deleted object; counters keep counting past runs. */
export async function forgetHistory(db: Db, ownerId: string, type: HistoryEntryType, id: string, gate?: GateHub): Promise<void> {
  if ((await repo.deleteEntry(db, ownerId, type, id)) > 0) await syncHistory(gate, ownerId);
}

export async function readHistory(db: Db, ownerId: string): Promise<DashboardHistory> {
  const [entries, counters] = await Promise.all([repo.listEntries(db, ownerId), repo.readCounters(db, ownerId)]);
  return { entries, counters };
}

export async function readCounters(db: Db, ownerId: string) {
  return repo.readCounters(db, ownerId);
}

/** Tells the owner's open tabs that the history changed; they fetch it over HTTP (gate messages stay small). */
export async function syncHistory(gate: GateHub | undefined, ownerId: string): Promise<void> {
  await gate?.publish({ role: 'owner', subjectId: ownerId }, { type: 'syncHistory', payload: { changedAt: new Date().toISOString() } });
}
