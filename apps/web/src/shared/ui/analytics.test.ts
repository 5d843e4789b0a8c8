import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { renderHook } from '@testing-library/react';
import { afterQueuedCallbacks } from '../../test/fake-api.ts';
import { track, useTrackShown } from './analytics.ts';
import { updateConsent } from './consent-store.ts';
import { STATE_WAIT_MS } from '../../test/waits.ts';

const untilState = { timeout: STATE_WAIT_MS };

afterEach(() => vi.unstubAllGlobals());

describe('analytics', () => {
  it('sends nothing without consent, and a consented step to our own server only', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ result: { recorded: true } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    track('registration', 'signup_opened');
    expect(fetchMock).not.toHaveBeenCalled();

    updateConsent({ analytics: true });
    track('registration', 'signup_succeeded');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), untilState);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/site/events');
    expect(JSON.parse(String(init.body))).toMatchObject({ kind: 'registration', step: 'signup_succeeded', consent: true });
  });

  it('sends a shown step once per screen, even when development mode runs effects twice', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ result: { recorded: true } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    updateConsent({ analytics: true });
    const { rerender } = renderHook(() => useTrackShown('team', 'simulator_opened'), { wrapper: StrictMode });
    rerender();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), untilState);
    // Both effect runs happened inside the render; a second send would already be queued.
    await afterQueuedCallbacks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({ kind: 'team', step: 'simulator_opened' });
  });
});
