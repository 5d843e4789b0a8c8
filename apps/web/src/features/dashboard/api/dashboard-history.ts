import { useCallback, useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { historyGetEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { useGateEvent } from '../../../shared/gate/gate.ts';
import { historyStore } from '../../../shared/ui/history-store.ts';

/** The server's history, copied into local storage (spec section 9) so the next visit shows it at once. */
export const historyQuery = () =>
  queryOptions({
    queryKey: ['owner', 'history'],
    queryFn: async () => {
      const history = await apiCall(historyGetEndpoint);
      historyStore.set({ entries: history.entries.map(({ id, type, title, at }) => ({ id, type, title, at })), counters: history.counters });
      return history;
    },
  });

/**
 * The owner's recent runs and counters: the stored copy while the server answers, refreshed whenever the gate says
 * they changed (syncHistory) or another screen recorded a run.
 */
export function useDashboardHistory() {
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: historyQuery().queryKey }), [client]);
  useGateEvent('syncHistory', refresh);
  useEffect(
    () =>
      historyStore.subscribe(() => {
        if (!client.isFetching({ queryKey: historyQuery().queryKey })) refresh();
      }),
    [client, refresh],
  );
  const stored = historyStore.use();
  const query = useQuery(historyQuery());
  return { ...query, shown: query.data ? { entries: query.data.entries, counters: query.data.counters } : stored.entries.length ? stored : undefined };
}
