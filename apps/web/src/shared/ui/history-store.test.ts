import { describe, expect, it } from 'vitest';
import { HISTORY_MAX } from '@teamcast/contracts';
import { addHistoryEntry, historyStore, type HistoryEntry } from './history-store.ts';

const entry = (type: HistoryEntry['type'], id: string): HistoryEntry => ({ type, id, title: `${type} ${id}`, at: '2026-11-22T10:00:00.000Z' });

describe('dashboard history', () => {
  it('puts the newest run first and never lists the same run twice', () => {
    const list = addHistoryEntry(addHistoryEntry(addHistoryEntry([], entry('pair', 'a')), entry('pair', 'b')), entry('pair', 'a'));
    expect(list.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keeps a single team entry', () => {
    const list = addHistoryEntry(addHistoryEntry(addHistoryEntry([], entry('team', 't1')), entry('pair', 'p')), entry('team', 't2'));
    expect(list.map((item) => `${item.type}:${item.id}`)).toEqual(['team:t2', 'pair:p']);
  });

  it('keeps at most 15 runs', () => {
    let list: HistoryEntry[] = [];
    for (let index = 0; index < 20; index += 1) list = addHistoryEntry(list, entry('compare-teams', String(index)));
    expect(list).toHaveLength(HISTORY_MAX);
    expect(list[0]!.id).toBe('19');
  });

  it('ignores a corrupted stored copy', () => {
    localStorage.setItem(historyStore.key, '{"entries": "nope"');
    expect(historyStore.get()).toEqual({ entries: [], counters: { p2p: 0, team: 0 } });
  });
});
