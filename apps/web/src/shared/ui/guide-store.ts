import { createLocalStore } from './local-store.ts';

/** Progress through the first-run tour of the owner app. */
export type GuideState = {
  /** Index of the step shown, or null when the tour is not running. */
  step: number | null;
  /** The tour was finished or skipped once; it does not start by itself again. */
  done: boolean;
};

const initial: GuideState = { step: null, done: false };

/**
 * Kept in local storage for now. The websocket's syncTutorial (teams issue) can later mirror it to the server by
 * subscribing to changes and calling `set` with what the server sends; nothing else needs to change.
 */
export const guideStore = createLocalStore<GuideState>('teamcast.guide', initial, (raw) => {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const value = raw as { step?: unknown; done?: unknown };
  return { step: typeof value.step === 'number' && value.step >= 0 ? Math.floor(value.step) : null, done: value.done === true };
});

export const guide = {
  /** Starts the tour from the first step (the menu's 'guide' entry and the first visit). */
  start: () => guideStore.set({ step: 0, done: guideStore.get().done }),
  goTo: (step: number) => guideStore.set({ ...guideStore.get(), step }),
  finish: () => guideStore.set({ step: null, done: true }),
};
