import { useSyncExternalStore } from 'react';
import { PLATFORM_TITLES, hostInfoRoute, type HostInfo, type hostInfoEndpoint } from '@teamcast/contracts';
import { apiCall } from '../api/client.ts';

/** The host-info endpoint as the client calls it: its route only, so its schemas (and zod) stay out of the first load. */
const hostInfoCall = hostInfoRoute as typeof hostInfoEndpoint;

/** Until the server answers (or if it cannot), the host is taken to be an ordinary Teamcast host. */
const fallback: HostInfo = { variant: 'default', title: PLATFORM_TITLES.default, supportEmail: '', locale: null };

let current: HostInfo = fallback;
let pending: Promise<HostInfo> | undefined;
const listeners = new Set<() => void>();

/** Asks the server once what this host is (title, support contact, love variant); later calls share the answer. */
export function loadHostInfo(): Promise<HostInfo> {
  pending ??= apiCall(hostInfoCall).then(
    (info) => {
      current = info;
      for (const listener of listeners) listener();
      return info;
    },
    () => fallback,
  );
  return pending;
}

export function hostInfoSnapshot(): HostInfo {
  return current;
}

/** The host's info, re-rendering when the server's answer arrives. */
export function useHostInfo(): HostInfo {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // Pages rendered at build time, and their hydration, know no host yet.
    () => fallback,
  );
}

/** For tests: pretend the server answered. */
export function setHostInfoForTests(info: HostInfo | null): void {
  current = info ?? fallback;
  pending = info ? Promise.resolve(info) : undefined;
  for (const listener of listeners) listener();
}
