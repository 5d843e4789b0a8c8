import { recordAnalyticsEventEndpoint, type AnalyticsKind } from '@teamcast/contracts';
import { apiCall } from '../api/client.ts';
import { consentStore } from './consent-store.ts';

const VISIT_KEY = 'teamcast.visitId';

function visitId(): string | undefined {
  try {
    let id = sessionStorage.getItem(VISIT_KEY);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(VISIT_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/**
 * Records one step of a funnel (registration, profile, pair, team) on our own server, and only when the visitor
 * turned analytics on; nothing is sent otherwise and no third-party tracker is involved. Never throws.
 */
export function track(kind: AnalyticsKind, step: string): void {
  if (!consentStore.get().analytics) return;
  apiCall(recordAnalyticsEventEndpoint, { body: { kind, step, consent: true, visitId: visitId() } }).catch(() => undefined);
}
