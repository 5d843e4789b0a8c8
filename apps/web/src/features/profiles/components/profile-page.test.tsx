import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { LoveExplanation, Profile, ProfileExplanation, ScoreExplanation } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { ProfilePage } from './profile-page.tsx';

const unscored = {
  competencies: null,
  professionalism: null,
  maturity: null,
  grade: null,
  finalScore: null,
  finalScorePrecise: null,
  scoredAt: null,
  completeness: null,
  modelId: null,
};
const scored = {
  competencies: 61,
  professionalism: 55,
  maturity: 70,
  grade: 'MIDDLE' as const,
  finalScore: null,
  finalScorePrecise: null,
  scoredAt: '2026-11-20T10:00:00.000Z',
  completeness: 1,
  modelId: null,
};

const profile = (scores: Profile['scores']): Profile => ({
  _id: 'p1',
  ownerId: 'o1',
  kind: 'standard',
  firstName: 'Анна',
  lastName: 'Петрова',
  name: 'Анна Петрова',
  partnerFirstName: null,
  partnerLastName: null,
  email: null,
  phone: null,
  position: null,
  age: 34,
  gender: 'Ж',
  state: 'ack_a',
  hasContent: true,
  isDemo: false,
  isShort: false,
  avatarName: null,
  hideDetails: false,
  main: false,
  expertise: null,
  mood: 'unclear',
  expertiseHidden: false,
  scores,
  linkRequestedAt: null,
  filledBy: 'person',
  withdrawnAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  completedAt: '2026-11-02T10:00:00.000Z',
  permalink: 'perm1',
  linkExpiresAt: '2026-12-01T00:00:00.000Z',
  birthDate: null,
  answers: [],
  questionnaireId: 'q1',
  usage: { teams: 0, evaluations: 0 },
});

const explanation: ScoreExplanation = {
  source: 'model',
  modelId: 'm1',
  competencies: [
    { neuron: 'С_ВУЗ', question: { ru: 'Высшее образование', en: 'University education' }, points: 12.5 },
    { neuron: 'С_Стаж', question: { ru: 'Стаж работы', en: 'Work experience' }, points: -4 },
  ],
  professionalism: [],
  maturity: [{ neuron: 'С_Стаж', question: { ru: 'Стаж работы', en: 'Work experience' }, points: 3 }],
  sums: {
    competencies: { baseline: 40, others: 1.5, limit: 0, score: 50 },
    // No answer listed: the score is still explained, by the average person's score and the rest of the answers.
    professionalism: { baseline: 45, others: -25, limit: 0, score: 20 },
    maturity: { baseline: 30, others: 0, limit: 0, score: 33 },
  },
};

const loveExplanation: LoveExplanation = {
  source: 'love-rules',
  modelId: null,
  people: [
    {
      intimacy: [],
      passion: [{ neuron: 'Л_Притяжение', question: { ru: 'Притяжение к партнёру (1–10)', en: 'Attraction to the partner (1–10)' }, points: 15.6 }],
      commitment: [],
    },
    {
      intimacy: [],
      passion: [{ neuron: 'Л_Притяжение', question: { ru: 'Притяжение к партнёру (1–10)', en: 'Attraction to the partner (1–10)' }, points: -11.1 }],
      commitment: [],
    },
  ],
};

let current: Profile;
let currentExplanation: ProfileExplanation;
let paths: string[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  paths = [];
  currentExplanation = explanation;
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'ru' });
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url).pathname;
    paths.push(path);
    if (path === '/api/owner/profiles/p1') return json({ result: current });
    if (path === '/api/owner/profiles/p1/explanation') return json({ result: currentExplanation });
    if (path === '/api/owner/profiles/check-upend/p1') return json({ result: { check: false } });
    return json({ error: { code: 'not_found', message: 'Не найдено' } }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(locale: 'ru' | 'en' = 'ru') {
  initI18n(locale);
  const router = createMemoryRouter([{ path: '/owner/profiles/:id', element: <ProfilePage shell="owner" /> }], { initialEntries: ['/owner/profiles/p1'] });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('owner profile page', () => {
  it('shows a scored profile the answers that moved each score, with the points they added or took away', async () => {
    current = profile(scored);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Почему такие оценки' })).toBeTruthy();
    const list = await screen.findByTestId('score-explanation');
    expect(within(list).getByText(/Слагаемые дают оценку точно/)).toBeTruthy();
    const competencies = within(screen.getByTestId('explanation-competencies'));
    expect(competencies.getByText('Высшее образование')).toBeTruthy();
    // Figures in the reader's locale: baseline 40 + 12,5 − 4 + 1,5 = 50.
    expect(competencies.getByText('+12,5')).toBeTruthy();
    expect(competencies.getByText(/^[-−]4$/)).toBeTruthy();
    expect(within(competencies.getByTestId('explanation-baseline')).getByText('40')).toBeTruthy();
    expect(within(competencies.getByTestId('explanation-others')).getByText('+1,5')).toBeTruthy();
    expect(within(competencies.getByTestId('explanation-score')).getByText('50')).toBeTruthy();
    const professionalism = within(screen.getByTestId('explanation-professionalism'));
    expect(within(professionalism.getByTestId('explanation-baseline')).getByText('45')).toBeTruthy();
    expect(within(professionalism.getByTestId('explanation-others')).getByText(/^[-−]25$/)).toBeTruthy();
    expect(within(professionalism.getByTestId('explanation-score')).getByText('20')).toBeTruthy();
    expect(within(list).queryByText(/Ни один ответ/)).toBeNull();
  });

  it('shows a couple profile both people’s love scores and what moved them, in love words', async () => {
    const people = [
      { intimacy: 58, passion: 85.6, commitment: 74, completeness: 1 },
      { intimacy: 61, passion: 38.9, commitment: 74, completeness: 1 },
    ];
    current = {
      ...profile({ ...unscored, scoredAt: '2026-11-20T10:00:00.000Z', completeness: 1, love: { rules: 'love-rules-1', people } }),
      kind: 'couple',
      firstName: 'Ян',
      partnerFirstName: 'Ира',
      name: 'Ян',
    };
    currentExplanation = loveExplanation;
    renderPage();
    const table = await screen.findByTestId('love-scores');
    expect(within(table).getByRole('columnheader', { name: 'Ира' })).toBeTruthy();
    const passion = within(table).getByText('Страсть').closest('tr')!;
    expect(
      within(passion)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Страсть', '86', '39']);
    expect(screen.queryByText('Квалификация (K)')).toBeNull();
    const list = await screen.findByTestId('score-explanation');
    expect(within(list).getByText(/правилам любовной модели/)).toBeTruthy();
    expect(within(list).getByRole('heading', { name: 'Ира' })).toBeTruthy();
    expect(within(list).getByText('-11,1')).toBeTruthy();
  });

  it('reads the questions in English for an English interface', async () => {
    current = profile(scored);
    renderPage('en');
    const list = await screen.findByTestId('score-explanation');
    expect(within(list).getByText('University education')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why these scores' })).toBeTruthy();
  });

  it('does not ask for an explanation while the profile is not scored', async () => {
    current = profile(unscored);
    renderPage();
    expect(await screen.findByTestId('not-scored')).toBeTruthy();
    expect(screen.queryByText('Почему такие оценки')).toBeNull();
    expect(paths).not.toContain('/api/owner/profiles/p1/explanation');
  });
});
