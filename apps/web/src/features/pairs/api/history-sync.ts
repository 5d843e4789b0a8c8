import { historyGetEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { historyStore } from '../../../shared/ui/history-store.ts';

/** Copies the server's dashboard history into the client's store, so the dashboard shows the run at once. */
export async function syncHistoryFromServer(): Promise<void> {
  const history = await apiCall(historyGetEndpoint);
  historyStore.set({ entries: history.entries.map(({ id, type, title, at }) => ({ id, type, title, at })), counters: history.counters });
}
