/**
 * Whether a screen built with Mantine has loaded (its stylesheet with it). Light public pages never set it, so
 * Mantine's notification system is only fetched where it can be shown.
 */
let ready = false;
const listeners = new Set<() => void>();

export const mantineReady = {
  get: () => ready,
  set(): void {
    if (ready) return;
    ready = true;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
