import { useEffect, useRef } from 'react';
import { analyticsEventRoute, type AnalyticsKind, type AnalyticsStep, type recordAnalyticsEventEndpoint } from '@teamcast/contracts';
import { apiCall } from '../api/client.ts';
import { randomId } from '../ids/random-id.ts';
import { consentStore } from './consent-store.ts';

const VISIT_KEY = 'teamcast.visitId';
/** Called by route, so its schemas (and zod) stay out of the public pages that record steps. */
const recordEvent = analyticsEventRoute as typeof recordAnalyticsEventEndpoint;

function visitId(): string | undefined {
  try {
    let id = sessionStorage.getItem(VISIT_KEY);
    if (!id) {
      id = randomId();
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
 * The steps of each funnel are listed in `ANALYTICS_STEPS` (contracts) and described in docs/ANALYTICS.md.
 */
export function track<K extends AnalyticsKind>(kind: K, step: AnalyticsStep<K>): void {
  if (!consentStore.get().analytics) return;
  apiCall(recordEvent, { body: { kind, step, consent: true, visitId: visitId() } }).catch(() => undefined);
}

/** Tracks a step once when the screen is shown (and again only after it was left), e.g. a form opened. */
export function useTrackShown<K extends AnalyticsKind>(kind: K, step: AnalyticsStep<K>): void {
  const sent = useRef(false);
  useEffect(() => {
    // The ref keeps the development double effect from sending the step twice.
    if (sent.current) return;
    sent.current = true;
    track(kind, step);
  }, [kind, step]);
}
