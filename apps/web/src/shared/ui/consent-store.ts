import { createLocalStore } from './local-store.ts';

/** What the visitor decided about cookies, the privacy notice and analytics (spec section 9: local storage holds cookies). */
export type ConsentState = {
  /** The cookie notice was closed; it stays until then. */
  cookiesClosed: boolean;
  /** The privacy-policy notice was closed. */
  privacyClosed: boolean;
  /** Analytics steps may be recorded on the server; off until the visitor turns it on. */
  analytics: boolean;
};

const initial: ConsentState = { cookiesClosed: false, privacyClosed: false, analytics: false };

/**
 * The landing rendered at build time has no notices in it (a visitor who closed them would see them flash); they
 * appear once the page is hydrated and local storage has been read.
 */
export const consentStore = createLocalStore<ConsentState>(
  'teamcast.consent',
  initial,
  (raw) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const value = raw as Partial<Record<keyof ConsentState, unknown>>;
    return { cookiesClosed: value.cookiesClosed === true, privacyClosed: value.privacyClosed === true, analytics: value.analytics === true };
  },
  { beforeHydration: { cookiesClosed: true, privacyClosed: true, analytics: false } },
);

export function updateConsent(patch: Partial<ConsentState>): void {
  consentStore.set({ ...consentStore.get(), ...patch });
}
