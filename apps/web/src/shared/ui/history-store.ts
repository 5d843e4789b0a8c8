import { HISTORY_MAX } from '@teamcast/contracts';
import { createLocalStore } from './local-store.ts';

/** One run on the owner's dashboard history (spec section 3): a pair, a team or a team comparison. */
export type HistoryEntry = { id: string; type: 'pair' | 'team' | 'compare-teams'; title: string; at: string };

export type DashboardHistory = { entries: HistoryEntry[]; counters: { p2p: number; team: number } };

const initial: DashboardHistory = { entries: [], counters: { p2p: 0, team: 0 } };

const isEntry = (value: unknown): value is HistoryEntry => {
  const item = value as Partial<HistoryEntry> | null;
  return Boolean(
    item &&
    typeof item.id === 'string' &&
    typeof item.title === 'string' &&
    typeof item.at === 'string' &&
    ['pair', 'team', 'compare-teams'].includes(item.type ?? ''),
  );
};

/**
 * The owner's recent runs and counters, kept in local storage (spec section 9). The server keeps the history and
 * orders it; the dashboard's query and the websocket's history sync copy it here, and the dashboard reads it.
 */
export const historyStore = createLocalStore<DashboardHistory>('teamcast.history', initial, (raw) => {
  const value = raw as Partial<DashboardHistory> | null;
  if (!value || !Array.isArray(value.entries)) return undefined;
  const counters = value.counters ?? { p2p: 0, team: 0 };
  return {
    entries: value.entries.filter(isEntry).slice(0, HISTORY_MAX),
    counters: { p2p: Number(counters.p2p) || 0, team: Number(counters.team) || 0 },
  };
});
