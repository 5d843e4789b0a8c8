import type { Db } from '../../core/db.ts';

/** What one module erased of a profile: files of the storage to delete once the transaction has committed. */
export type ErasureResult = { storageKeys?: string[] };
type Eraser = (tx: Db, profileId: string, now: Date) => Promise<ErasureResult | void>;

const erasers: Eraser[] = [];

/**
 * Modules that keep data derived from a profile (estimates and scores, pair forecasts, team runs, history entries)
 * register how they erase it, so a withdrawal or a retention deletion removes everything about the person in one
 * transaction without the profiles module knowing their tables (like registerProfileUsage).
 */
export function registerProfileErasure(eraser: Eraser): void {
  erasers.push(eraser);
}

/** Runs every module's eraser inside the caller's transaction; answers the storage keys to delete after the commit. */
export async function eraseDerivedData(tx: Db, profileId: string, now: Date): Promise<string[]> {
  const keys: string[] = [];
  for (const eraser of erasers) keys.push(...((await eraser(tx, profileId, now))?.storageKeys ?? []));
  return keys;
}
