import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { SceneSchema, type Scene, type TeamIndicators } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';

/** Answers fetch calls by URL: the first matching handler's [status, body]; 404 otherwise. Returns the calls made. */
export function stubApi(handlers: Array<[RegExp, (init: RequestInit | undefined) => [number, unknown]]>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers.find(([pattern]) => pattern.test(url));
    const [status, body] = handler ? handler[1](init) : [404, { error: { code: 'not_found', message: 'Not found' } }];
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  });
  return calls;
}

/** Renders a screen at a path under the app's providers, signed in as an owner, in English. */
export function renderAt(path: string, pattern: string, screen: ReactNode) {
  authStore.set('owner', { token: 'token' });
  configureApi({ domain: 'dashboard', locale: 'en' });
  initI18n('en');
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={screen} />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const indicators = (over: Partial<TeamIndicators>): TeamIndicators => ({
  basePower: 50,
  peakPower: 60,
  totalStatisticPower: 55,
  cohesion: 70,
  competence: 60,
  orientation: 'КПЛ',
  performance: 50,
  microclimate: 30,
  atmosphere: 'good',
  teamType: 'growth',
  managerSuitability: null,
  competencies: { k: 60, p: 55, l: 50 },
  teamingEffect: 5,
  ...over,
});

/** A team as the server presents it. */
export function sceneOf(id: string, title: string, summary: Partial<TeamIndicators> | null): Scene {
  return SceneSchema.parse({
    _id: id,
    title,
    startDay: '2026-11-01',
    summonDay: 0,
    lifespan: 1,
    actors: [],
    settings: { sceneSort: 'addedDate', showSceneCardTips: true, showSceneIndicatorTips: true },
    p2pRequests: [],
    status: 'ok',
    missingActorIds: [],
    summary: summary ? indicators(summary) : null,
    summaryBand: null,
    lastRun: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });
}
