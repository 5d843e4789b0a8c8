import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ProfileSummary } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { OwnerPairScreen } from './pair-page.tsx';

afterEach(() => vi.unstubAllGlobals());
// jsdom draws nothing, so it has no scrolling; the picker scrolls the chosen option into view when it opens again.
Element.prototype.scrollIntoView = () => undefined;

const profile = (id: string, firstName: string): ProfileSummary => ({
  _id: id,
  kind: 'standard',
  firstName,
  lastName: 'Test',
  name: `${firstName} Test`,
  partnerFirstName: null,
  partnerLastName: null,
  email: null,
  phone: null,
  position: null,
  age: 30,
  gender: 'Ж',
  state: 'ack_a',
  hasContent: true,
  isDemo: false,
  isShort: false,
  avatarName: null,
  hideDetails: false,
  main: false,
  expertise: null,
  expertiseHidden: false,
  mood: 'unclear',
  scores: {
    competencies: 50,
    professionalism: 50,
    maturity: 50,
    grade: null,
    finalScore: null,
    finalScorePrecise: null,
    scoredAt: null,
    completeness: null,
    modelId: null,
  },
  linkRequestedAt: null,
  filledBy: null,
  withdrawnAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  completedAt: '2026-11-01T00:00:00.000Z',
});

/** The server: a search finds Zoe (a profile beyond the first page); no search answers the newest, Anna and Boris. */
function open() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    const items = url.includes('/api/owner/profiles')
      ? new URL(url, 'http://test').searchParams.get('search')
        ? [profile('p900', 'Zoe')]
        : [profile('p1', 'Anna'), profile('p2', 'Boris')]
      : null;
    const body = items
      ? { result: { items, total: items.length, profilesCount: 1000, nextCursor: null } }
      : { error: { code: 'not_found', message: 'Not found' } };
    return Promise.resolve(new Response(JSON.stringify(body), { status: items ? 200 : 404, headers: { 'content-type': 'application/json' } }));
  });
  authStore.set('owner', { token: 'token' });
  configureApi({ domain: 'dashboard', locale: 'en' });
  initI18n('en');
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/owner/dashboard/p2p']}>
          <Routes>
            <Route path="/owner/dashboard/p2p" element={<OwnerPairScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return urls;
}

const searches = (urls: string[]) =>
  urls.filter((url) => url.includes('/api/owner/profiles')).map((url) => new URL(url, 'http://test').searchParams.get('search'));

describe('the pair pickers', () => {
  it('search the server as one types, so a profile beyond the first page can be picked, and the chosen name searches nothing', async () => {
    const urls = open();
    const input = await screen.findByTestId('pick-a');
    const user = userEvent.setup();
    await user.click(input);
    const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
    expect(await within(list).findByRole('option', { name: /^Anna/, hidden: true })).toBeTruthy();
    await user.type(input, 'Zo');
    await user.click(await within(list).findByRole('option', { name: /^Zoe/, hidden: true }));
    expect((input as HTMLInputElement).value).toBe('Zoe Test');
    expect(searches(urls)).toContain('Zo');
    // The box now shows the chosen name; it is not sent as a search.
    await user.click(input);
    expect(await within(list).findByRole('option', { name: /^Anna/, hidden: true })).toBeTruthy();
    expect(searches(urls)).not.toContain('Zoe Test');
  });
});
