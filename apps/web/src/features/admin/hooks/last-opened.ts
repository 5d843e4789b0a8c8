import { useEffect } from 'react';
import { createLocalStore } from '../../../shared/ui/local-store.ts';

const stores = new Map<string, ReturnType<typeof createLocalStore<string | null>>>();

/** The id of the item last opened from a list (companies, estimators, profiles, questionnaires), kept in local storage. */
export function lastOpenedStore(list: string) {
  let store = stores.get(list);
  if (!store) {
    store = createLocalStore<string | null>(`teamcast.admin.last.${list}`, null, (raw) => (typeof raw === 'string' ? raw : undefined));
    stores.set(list, store);
  }
  return store;
}

/** Brings the last opened row back into view once the list has loaded (rows carry `data-row-id`). */
export function useReturnToLast(id: string | null, ready: boolean) {
  useEffect(() => {
    if (!ready || !id) return;
    const row = [...document.querySelectorAll<HTMLElement>('[data-row-id]')].find((element) => element.dataset.rowId === id);
    row?.scrollIntoView?.({ block: 'center' });
  }, [id, ready]);
}
