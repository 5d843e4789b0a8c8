import { describe, expect, it } from 'vitest';
import { historyStore } from './history-store.ts';

describe('dashboard history', () => {
  it('ignores a corrupted stored copy', () => {
    localStorage.setItem(historyStore.key, '{"entries": "nope"');
    expect(historyStore.get()).toEqual({ entries: [], counters: { p2p: 0, team: 0 } });
  });
});
