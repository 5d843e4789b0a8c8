import { authStore } from '../auth/auth-store.ts';

/**
 * Starts the owner's gate connection (`startGate` of gate.ts) as soon as an owner is signed in. The gate client parses
 * messages with the contracts' schemas (zod), so its code is fetched only then: public pages never download it.
 */
export function startGateWhenSignedIn(): () => void {
  let stop: (() => void) | undefined;
  let loading = false;
  let stopped = false;
  const follow = () => {
    if (loading || stopped || !authStore.get('owner')) return;
    loading = true;
    import('./gate.ts').then(
      ({ startGate }) => {
        unsubscribe();
        if (!stopped) stop = startGate();
      },
      (error: unknown) => {
        // The next sign-in change tries again.
        console.error('gate client did not load', error);
        loading = false;
      },
    );
  };
  const unsubscribe = authStore.subscribe(follow);
  follow();
  return () => {
    stopped = true;
    unsubscribe();
    stop?.();
  };
}
