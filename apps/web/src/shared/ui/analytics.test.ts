import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from './analytics.ts';
import { updateConsent } from './consent-store.ts';

afterEach(() => vi.unstubAllGlobals());

describe('analytics', () => {
  it('sends nothing without consent, and a consented step to our own server only', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ result: { recorded: true } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    track('registration', 'started');
    expect(fetchMock).not.toHaveBeenCalled();

    updateConsent({ analytics: true });
    track('registration', 'completed');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/site/events');
    expect(JSON.parse(String(init.body))).toMatchObject({ kind: 'registration', step: 'completed', consent: true });
  });
});
