import { useSyncExternalStore } from 'react';

/**
 * A small value kept in local storage under one key, readable by components (re-rendering on change) and by plain
 * code. A value that cannot be read (missing, corrupted, storage blocked) falls back to the default.
 */
export function createLocalStore<T>(key: string, initial: T, parse: (raw: unknown) => T | undefined, options: { beforeHydration?: T } = {}) {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | undefined;

  function get(): T {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      raw = null;
    }
    if (cached && cached.raw === raw) return cached.value;
    let value = initial;
    if (raw !== null) {
      try {
        value = parse(JSON.parse(raw)) ?? initial;
      } catch {
        value = initial;
      }
    }
    cached = { raw, value };
    return value;
  }

  function set(value: T): void {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: keep the value for this page only.
    }
    cached = { raw: JSON.stringify(value), value };
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    key,
    get,
    set,
    subscribe,
    /** A page rendered at build time (and its hydration) sees `beforeHydration`, the stored value right after. */
    use: (): T => useSyncExternalStore(subscribe, get, () => options.beforeHydration ?? initial),
  };
}
