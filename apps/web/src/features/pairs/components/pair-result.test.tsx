import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PairRequestSchema, type PairRequest } from '@teamcast/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { PairResultView } from './pair-result.tsx';

const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`);
const monthly = [10, 12, 5, -8, 3, 20, 31, 35, 38, 40, 41, 42];
const line = (from: number) => Array.from({ length: 12 }, (_, i) => from + i / 2);
const actor = (id: string, firstName: string) => ({
  _id: id,
  name: `${firstName} Test`,
  firstName,
  lastName: 'Test',
  avatarName: null,
  gender: 'Ж' as const,
  age: 30,
  isDemo: false,
  filled: true,
});

const workPair: PairRequest = PairRequestSchema.parse({
  _id: 'pair-1',
  sceneId: null,
  actors: [actor('a', 'Anna'), actor('b', 'Boris')],
  manager: null,
  startDay: '2026-01-01',
  mode: 0,
  intensity: 5,
  ready: true,
  warnings: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  result: {
    kind: 'work',
    runAt: '2026-01-01T00:00:00.000Z',
    summary: { compatibility: { value: 22.6, band: 'good' }, yearlySatisfaction: 61.2, recommendation: 5 },
    locked: false,
    accuracy: {
      value: 87,
      reason: null,
      source: 'model',
      modelId: 'm1',
      demo: false,
      evaluation: { profiles: 64, persons: 60, mae: { value: 11.2, low: 10.1, high: 12.4 }, r2: { value: 0.5, low: 0.4, high: 0.6 } },
      minPersons: 50,
    },
    paramsVersion: 'test',
    details: {
      expectations: { firstImpression: 5, reality: 44, gap: 39, verdict: 'better' },
      outlook: { settled: 44, band: 'good', trend: 'stable', settleDay: 210 },
      monthly,
      monthlyBand: { p10: monthly.map((v) => v - 10), p90: monthly.map((v) => v + 10) },
      months,
      bestMonth: { index: 11, value: 42 },
      worstMonth: { index: 3, value: -8 },
      persons: [
        { _id: 'a', satisfaction: 60, firstImpression: 4, settled: 43, monthly, competences: { k: line(60), p: line(55), l: line(65) } },
        { _id: 'b', satisfaction: 62, firstImpression: 6, settled: 45, monthly, competences: { k: line(80), p: line(70), l: line(50) } },
      ],
      blocks: [
        { name: 'satisfaction', score: 61, grade: 4 },
        { name: 'expectations', score: 70, grade: 4 },
        { name: 'competences', score: 66, grade: 4 },
        { name: 'outlook', score: 72, grade: 4 },
      ],
      explanation: [],
    },
  },
});

const lockedLove: PairRequest = {
  ...workPair,
  result: {
    ...workPair.result!,
    kind: 'LOVE',
    locked: true,
    details: null,
    accuracy: { value: null, reason: 'no_evaluation', source: 'none', modelId: null, demo: false, evaluation: null, minPersons: 50 },
  },
};

/** A pair whose scores come from a model trained on demo labels: a demonstration, never 'more than N %'. */
const demoPair: PairRequest = {
  ...workPair,
  result: { ...workPair.result!, accuracy: { ...workPair.result!.accuracy, value: null, reason: 'demo_labels', demo: true } },
};

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

function show(pair: PairRequest, shell: 'owner' | 'loveMobile') {
  vi.stubGlobal('fetch', (url: string) => {
    if (url.includes('/api/chat/result'))
      return answer(200, { result: { paragraphs: ['Narrative paragraph.'], locale: 'en', source: 'builtin', locked: pair.result!.locked } });
    if (url.includes('/list-price'))
      return answer(200, { result: { currency: 'USD', provider: 'builtin', publishableKey: null, loveUnlockPrice: 499, plans: [] } });
    return answer(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  authStore.set('owner', { token: 'token' });
  configureApi({ domain: 'dashboard', locale: 'en' });
  initI18n('en');
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <PairResultView pair={pair} shell={shell} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PairResultView', () => {
  it('shows every result block of a work pair with best and worst month, grades, accuracy and the narrative', async () => {
    show(workPair, 'owner');
    expect(within(screen.getByTestId('block-compatibility')).getByText('23')).toBeTruthy();
    expect(within(screen.getByTestId('block-compatibility')).getByText('good')).toBeTruthy();
    expect(screen.getByText('61%')).toBeTruthy();
    expect(screen.getByText('Recommended: a good working pair')).toBeTruthy();
    expect(screen.getByTestId('accuracy').textContent).toBe(
      "Accuracy of the scores this forecast rests on: more than 87% — mean error 11.2 points out of 100 (95% interval 10.1–12.4) against estimators' ratings of 60 people the model did not learn from.",
    );
    // Beside the chart, in words: what the shaded band means and what it accounts for.
    expect(screen.getByTestId('band-note').textContent).toMatch(/8 cases out of 10.*error of both people's scores.*parameters.*pair's own unpredictability/);
    expect(screen.getByText('Reality turns out better than the first impression')).toBeTruthy();
    expect(screen.getByTestId('best-month-text').textContent).toBe('Best month: December 2026 (42)');
    expect(screen.getByTestId('worst-month-text').textContent).toBe('Hardest month: April 2026 (-8)');
    expect(screen.getByTestId('rating-chart').querySelectorAll('[data-testid="chart-line"]')).toHaveLength(1);
    expect(screen.getByTestId('competence-chart').querySelectorAll('[data-testid="chart-line"]')).toHaveLength(6);
    expect(screen.getByTestId('heading-outlook').textContent).toContain('4/5');
    expect(await screen.findByText('Narrative paragraph.')).toBeTruthy();
    expect(screen.queryByTestId('share-panel')).toBeNull();
  });

  it('shows a figure from demo labels as a demonstration, never as more than N %', () => {
    show(demoPair, 'owner');
    const text = screen.getByTestId('accuracy').textContent!;
    expect(text).toMatch(
      /^Demonstration: on demo data the scores' mean error is 11\.2 points out of 100 \(60 people checked\)\. Demo ratings are made by a generator/,
    );
    expect(text).not.toMatch(/more than/);
  });

  it('shows a locked love report as its summary, blurred blocks without figures, and the unlock with its price', async () => {
    show(lockedLove, 'loveMobile');
    expect(screen.getByText('A good match')).toBeTruthy();
    expect(screen.getByTestId('accuracy').textContent).toBe(
      "This forecast is not yet validated on this installation's data: no scores here have been checked against estimators' ratings yet. Its uncertainty band accounts for the error of each person's scores, the uncertainty of the model's parameters and the pair's own unpredictability.",
    );
    for (const id of ['block-expectations', 'block-outlook', 'block-chart', 'block-headings']) expect(screen.getByTestId(id).dataset.locked).toBe('true');
    expect(screen.queryByTestId('rating-chart')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Pay $4.99 and open' })).toBeTruthy();
  });
});
