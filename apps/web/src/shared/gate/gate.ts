import { useEffect, useSyncExternalStore } from 'react';
import { GATE_PATH, type GateServerMessage } from '@teamcast/contracts';
import { authStore } from '../auth/auth-store.ts';
import { storeUpstreamId } from '../api/client.ts';
import { createGateClient } from './gate-client.ts';

/** The app's one gate connection, for the signed-in owner. */
export const gate = createGateClient({
  url: (token) => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${window.location.host}${GATE_PATH}?token=${encodeURIComponent(token)}`;
  },
  token: () => authStore.get('owner')?.token,
  onUpstreamId: storeUpstreamId,
});

/** Connects while an owner is signed in and disconnects when he signs out. */
export function startGate(): () => void {
  const follow = () => (authStore.get('owner') ? gate.connect() : gate.disconnect());
  follow();
  return authStore.subscribe(follow);
}

export function useGateStatus() {
  return useSyncExternalStore(gate.onStatus, gate.status);
}

/** Runs a handler for every message of one type while the component is mounted. */
export function useGateEvent<T extends GateServerMessage['type']>(type: T, handler: (message: Extract<GateServerMessage, { type: T }>) => void): void {
  useEffect(() => gate.on(type, handler), [type, handler]);
}
