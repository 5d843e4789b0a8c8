import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { SceneSchema, type Scene } from '@teamcast/contracts';
import type { Actor } from '@teamcast/engine';
import { configureApi } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import type { SceneDataset } from '../api/dataset.ts';
import { SimulatorPage } from './simulator-page.tsx';

type Handler = (init: RequestInit | undefined) => [number, unknown];

/** Answers fetch calls by URL (first matching handler); 404 otherwise. Returns the calls made. */
export function stubApi(handlers: Array<[RegExp, Handler]>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers.find(([pattern]) => pattern.test(url));
    const [status, body] = handler ? handler[1](init) : [404, { error: { code: 'not_found', message: 'Not found' } }];
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  });
  return calls;
}

/** Two people in the team from day 0, working 5 h/w in the office. */
export const twoActors = (): Actor[] => [
  {
    id: 'p1',
    firstName: 'Anna',
    lastName: 'Smirnova',
    events: [{ type: 'start', date: 0, value: 0, timestamp: 1 }],
    interactionType: [{ actorId: 'p2', date: 0, value: 0 }],
    interactionIntensive: [{ actorId: 'p2', date: 0, value: 5 }],
  },
  {
    id: 'p2',
    firstName: 'Boris',
    lastName: 'Orlov',
    events: [{ type: 'start', date: 0, value: 0, timestamp: 2 }],
    interactionType: [],
    interactionIntensive: [],
  },
];

/** A scene as the server presents it. */
export function sceneWith(actors: Actor[], over: Partial<Scene> = {}): Scene {
  return SceneSchema.parse({
    _id: 'scene-1',
    title: 'Product team',
    startDay: '2026-01-01',
    summonDay: 0,
    lifespan: 1,
    actors,
    settings: {},
    p2pRequests: [],
    status: 'ok',
    missingActorIds: [],
    summary: null,
    summaryBand: null,
    lastRun: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });
}

/** A computed dataset of the two actors over 365 days: power grows by day (actor 1: day, actor 2: day / 2), cohesion 40 + day / 10. */
export function datasetOf(): SceneDataset {
  const days = 365;
  const range = Array.from({ length: days }, (_, d) => d);
  const perActor = (f: (d: number, a: number) => number) => [0, 1].flatMap((a) => range.map((d) => f(d, a)));
  const team = (f: (d: number) => number | null) => range.map(f);
  return {
    startDay: '2026-01-01',
    firstDay: 0,
    days,
    actorIds: ['p1', 'p2'],
    renderDays: [0, 31, 59],
    summary: {
      basePower: 1,
      peakPower: 2,
      totalStatisticPower: 1,
      cohesion: 1,
      competence: 1,
      orientation: 'КПЛ',
      performance: 1,
      microclimate: 30,
      atmosphere: 'good',
      teamType: 'growth',
      managerSuitability: null,
      competencies: { k: 1, p: 1, l: 1 },
      teamingEffect: 1,
    },
    actorColumns: {
      expertise: perActor(() => 50),
      power: perActor((d, a) => (a === 0 ? d : d / 2)),
      importance: perActor(() => 10),
      integration: perActor(() => 20),
      support: perActor(() => 30),
      satisfaction: perActor(() => 0),
      personalRateByPeak: perActor(() => 0),
      inGroupRateByPeak: perActor(() => 0),
      mood: perActor(() => 3),
      active: perActor(() => 1),
      overloaded: perActor(() => 0),
    },
    teamColumns: {
      basePower: team((d) => d),
      peakPower: team((d) => d + 10),
      totalStatisticPower: team((d) => d + 5),
      cohesion: team((d) => 40 + d / 10),
      competence: team(() => 0),
      performance: team(() => 0),
      microclimate: team(() => 30),
      managerSuitability: team(() => null),
      teamingEffect: team(() => 4),
      kTotal: team(() => 0),
      pTotal: team(() => 0),
      lTotal: team(() => 0),
      orientation: team(() => 0),
      teamType: team(() => 1),
      manager: team(() => -1),
      lead: team(() => -1),
      activeCount: team(() => 2),
    },
    pairs: { pairCount: 1, days: [0, 31], ratings: [30, 90] },
  };
}

/** Renders the workspace at a path (default /owner/team/scene-1) under a data router (the leave guard needs one), signed in as an owner, in English. */
export function renderWorkspace(path = '/owner/team/scene-1') {
  authStore.set('owner', { token: 'token' });
  configureApi({ domain: 'dashboard', locale: 'en' });
  initI18n('en');
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider
          router={createMemoryRouter(
            [
              { path: '/owner/team/:id', element: <SimulatorPage /> },
              { path: '*', element: <div data-testid="elsewhere" /> },
            ],
            { initialEntries: [path] },
          )}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
