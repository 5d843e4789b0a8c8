import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EstimatorProfileItem, EstimatorProfileView } from '@teamcast/contracts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { configureApi } from '../../../shared/api/client.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let respond: (call: Call) => { status: number; body: unknown };

const estimate = { score: null, scorePrecise: null, note: '', skipStatus: null, assignedAt: '2026-11-01T00:00:00.000Z', viewedAt: null, ratedAt: null };
const item = (id: string, code: string, extra: Partial<EstimatorProfileItem> = {}): EstimatorProfileItem => ({
  _id: id,
  code,
  kind: 'standard',
  age: 34,
  gender: 'Ж',
  position: 'Инженер',
  isDemo: true,
  grade: 'MIDDLE',
  scores: { competencies: 50, professionalism: 48, maturity: 60 },
  modelWithheld: false,
  estimate,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  ...extra,
});
const answers = [{ step: 'О себе', neuron: 'С_Возр', question: 'Ваш возраст, полных лет', answer: '34' }];
const view: EstimatorProfileView = {
  ...item('p-1', 'AB12CD34', { estimate: { ...estimate, score: 72, ratedAt: '2026-11-03T00:00:00.000Z' } }),
  answers,
  explanation: {
    source: 'prior',
    modelId: null,
    competencies: [{ neuron: 'С_ВУЗ', question: { ru: 'Высшее образование', en: 'University education' }, points: 22 }],
    professionalism: [],
    maturity: [],
    sums: {
      competencies: { baseline: 38, others: -2, limit: 0, score: 58 },
      professionalism: { baseline: 40, others: -10, limit: 0, score: 30 },
      maturity: { baseline: 30, others: -5, limit: 0, score: 25 },
    },
  },
};
/** As the server sends it before the estimator's rating: the model's view withheld. */
const blindView: EstimatorProfileView = { ...item('p-1', 'AB12CD34', { grade: null, scores: null, modelWithheld: true }), answers, explanation: null };

beforeEach(() => {
  calls = [];
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'ru' });
  authStore.set('estimator', { token: 'token-e', subjectId: 'e-1' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = respond(call);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const slow = { timeout: STATE_WAIT_MS };

describe('estimator screens', () => {
  it('lists assigned profiles, sends each filter to the server, and takes the next batch', async () => {
    const user = userEvent.setup();
    respond = (call) => {
      if (call.url.includes('/profiles/assignment')) return { status: 200, body: { result: { batchSize: 10 } } };
      const filtered = call.url.includes('filter=estimated');
      return { status: 200, body: { result: { items: filtered ? [item('p-2', 'EF56GH78')] : [item('p-1', 'AB12CD34')], total: 1 } } };
    };
    renderApp('/estimator');
    expect(await screen.findByText('AB12CD34', {}, slow)).toBeTruthy();
    expect(screen.getByText('Демо')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContainEqual(expect.stringContaining('/api/estimator/profiles?filter=all&order=asc&limit=50&offset=0'));

    await user.click(screen.getByText('Оценённые'));
    expect(await screen.findByText('EF56GH78', {}, slow)).toBeTruthy();
    expect(calls.map((call) => call.url)).toContainEqual(expect.stringContaining('filter=estimated'));

    await user.click(screen.getByLabelText('С комментарием'));
    await waitFor(() => expect(calls.map((call) => call.url)).toContainEqual(expect.stringContaining('existComment=true')));

    await user.click(screen.getByTestId('take-batch'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/estimator/profiles/assignment'))).toBe(true));
  });

  it('before the rating shows no model figure; 150 is refused with a field error and never sent; after the saved rating shows the model beside it', async () => {
    const user = userEvent.setup();
    let rated = false;
    respond = (call) => {
      if (call.method === 'PUT') {
        rated = true;
        return { status: 200, body: { result: { ...estimate, score: 72 } } };
      }
      if (call.method === 'PATCH') return { status: 200, body: { result: { ...estimate, note: 'Сильный кандидат' } } };
      return { status: 200, body: { result: rated ? view : blindView } };
    };
    renderApp('/estimator/profiles/p-1');
    expect(await screen.findByText('Профиль AB12CD34', {}, slow)).toBeTruthy();
    expect(within(screen.getByTestId('profile-answers')).getByText('Ваш возраст, полных лет')).toBeTruthy();
    expect(screen.getByTestId('model-withheld').textContent).toContain('Оценки модели скрыты до вашей оценки');
    expect(screen.queryByTestId('score-explanation')).toBeNull();
    expect(screen.queryByTestId('profile-grade')).toBeNull();

    const input = screen.getByLabelText('Оценка, 0–100');
    await user.type(input, '150');
    await user.click(screen.getByTestId('save-score'));
    expect(await screen.findByText('Введите оценку от 0 до 100', {}, slow)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('150');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(input);
    await user.type(input, '72');
    await user.click(screen.getByTestId('save-score'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', url: 'http://api.test/api/estimator/profiles/p-1/rate', body: { score: 72 } }));
    expect(await screen.findByTestId('model-comparison', {}, slow)).toBeTruthy();
    expect(screen.queryByText('Введите оценку от 0 до 100')).toBeNull();
    expect(within(screen.getByTestId('score-explanation')).getByText('Высшее образование')).toBeTruthy();
    expect(screen.getByTestId('profile-grade').textContent).toBe('MIDDLE');
    expect(screen.getByTestId('your-score').textContent).toBe('72');

    await user.type(screen.getByTestId('comment-input'), 'Сильный кандидат');
    await user.click(screen.getByTestId('save-comment'));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', url: 'http://api.test/api/estimator/notes/p-1', body: { content: 'Сильный кандидат' } }),
    );
  });

  it('shows the server’s field error when it refuses the score', async () => {
    const user = userEvent.setup();
    respond = (call) =>
      call.method === 'PUT'
        ? { status: 400, body: { error: { code: 'validation_failed', message: 'Введите оценку от 0 до 100', field: 'score' } } }
        : { status: 200, body: { result: blindView } };
    renderApp('/estimator/profiles/p-1');
    await user.type(await screen.findByLabelText('Оценка, 0–100', {}, slow), '50');
    await user.click(screen.getByTestId('save-score'));
    expect(await screen.findByText('Введите оценку от 0 до 100', {}, slow)).toBeTruthy();
    expect(screen.queryByTestId('model-comparison')).toBeNull();
  });
});
