import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SharedResultSchema } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { SharedResultPage } from './shared-result-page.tsx';

const shared = SharedResultSchema.parse({
  kind: 'LOVE',
  names: ['Anna', 'Boris'],
  summary: { compatibility: { value: 41.4, band: 'good' }, yearlySatisfaction: 70.2, recommendation: 5 },
  expectations: null,
  outlook: { settled: 50, band: 'good', trend: 'improving', settleDay: null },
  chart: null,
  blocks: null,
  sharedAt: '2026-05-01T00:00:00.000Z',
});

function open(answer: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push(`${url} ${JSON.stringify(init.headers)}`);
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
  });
  configureApi({ domain: 'loveMobile', locale: 'en' });
  initI18n('en');
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/result/AbCdEfGhIjKlMnOpQrStUvWx']}>
          <Routes>
            <Route path="/result/:data" element={<SharedResultPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

// The page starts loading its chart's module as it loads (shared-result-page.tsx). Waiting for that module here keeps
// the file from ending while the import is still pending (the environment torn down under it fails the whole run);
// the page's own import is then the same loaded module.
beforeAll(() => import('./rating-chart.tsx'));
afterEach(() => vi.unstubAllGlobals());

describe('SharedResultPage', () => {
  it('shows the summary and only the shared parts, signed out', async () => {
    const calls = open({ status: 200, body: { result: shared } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna and Boris' })).toBeTruthy();
    expect(screen.getByText('Love compatibility')).toBeTruthy();
    expect(screen.getByText('41')).toBeTruthy();
    expect(screen.getByTestId('shared-outlook')).toBeTruthy();
    expect(screen.queryByTestId('shared-chart')).toBeNull();
    expect(screen.queryByTestId('shared-expectations')).toBeNull();
    expect(screen.queryByTestId('shared-blocks')).toBeNull();
    expect(calls).toContainEqual(expect.stringContaining('/api/scene/result/AbCdEfGhIjKlMnOpQrStUvWx'));
    expect(calls.filter((call) => call.includes('authorization'))).toEqual([]);
  });

  it('says the link is wrong when it does not open a result', async () => {
    open({ status: 404, body: { error: { code: 'link_invalid', message: 'Check the link or contact its owner' } } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Check the link or contact its owner'));
  });
});
