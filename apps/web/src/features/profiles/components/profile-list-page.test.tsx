import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Profile, ProfileSummary } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { updateConsent } from '../../../shared/ui/consent-store.ts';
import { ProfileListPage } from './profile-list-page.tsx';

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
let calls: Call[];
let total: number;

const summary = (index: number, patch: Partial<ProfileSummary> = {}): ProfileSummary => ({
  _id: `p${index}`,
  kind: 'standard',
  firstName: `Имя${index}`,
  lastName: 'Тестов',
  name: `Имя${index} Тестов`,
  partnerFirstName: null,
  partnerLastName: null,
  email: null,
  phone: null,
  position: null,
  age: null,
  gender: null,
  state: 'ack_q',
  hasContent: true,
  isDemo: false,
  isShort: false,
  avatarName: null,
  hideDetails: false,
  main: false,
  expertise: null,
  mood: 'unclear',
  expertiseHidden: false,
  scores: {
    competencies: null,
    professionalism: null,
    maturity: null,
    grade: null,
    finalScore: null,
    finalScorePrecise: null,
    scoredAt: null,
    completeness: null,
    modelId: null,
  },
  linkRequestedAt: null,
  filledBy: 'person',
  withdrawnAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  completedAt: null,
  ...patch,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const scrolled = vi.fn();

beforeEach(() => {
  // jsdom has no layout; the list scrolls the last opened card into view.
  Element.prototype.scrollIntoView = scrolled;
  scrolled.mockClear();
  calls = [];
  total = 2;
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'ru' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const parsed = new URL(url);
    const call = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (call.path === '/api/owner/profiles' && call.method === 'GET') {
      const items = [summary(1, { age: 34, gender: 'Ж', state: 'ack_a', expertise: 'MIDDLE', avatarName: 'female-21to35-1', mood: 'good' }), summary(2)];
      return json({ result: { items, total, profilesCount: 7, nextCursor: call.query.has('cursor') ? null : 'after-page' } });
    }
    if (call.path === '/api/owner/profiles' && call.method === 'POST') {
      const body = call.body as { firstName: string; lastName: string };
      const created: Profile = {
        ...summary(9, { firstName: body.firstName, lastName: body.lastName, name: `${body.firstName} ${body.lastName}` }),
        ownerId: 'o1',
        permalink: 'link-9',
        linkExpiresAt: '2026-12-01T00:00:00.000Z',
        birthDate: null,
        answers: [],
        questionnaireId: 'q1',
        usage: { teams: 0, evaluations: 0 },
      };
      return json({ result: created }, 201);
    }
    if (call.path === '/api/site/events') return json({ result: { recorded: true } });
    if (call.path === '/api/owner/profiles/check-attach/perm1') return json({ result: { check: true } });
    if (call.path === '/api/owner/profiles/attach/perm1')
      return json({
        result: {
          ...summary(7),
          ownerId: 'o1',
          permalink: 'perm1',
          linkExpiresAt: '2026-12-01T00:00:00.000Z',
          birthDate: null,
          answers: [],
          questionnaireId: 'q1',
          usage: { teams: 0, evaluations: 0 },
        },
      });
    if (call.path === '/api/owner/profiles/get-referral-id/p9')
      return json({ result: { sharelink: 'AbCdEfGhIjKlMnOpQrStUvWx', expiresAt: '2026-12-01T00:00:00.000Z' } });
    return json({ error: { code: 'not_found', message: 'Не найдено' } }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderList(path = '/owner/profiles') {
  initI18n('ru');
  const router = createMemoryRouter(
    [
      { path: '/owner/profiles', element: <ProfileListPage shell="owner" /> },
      { path: '/owner/profiles/:id', element: <p>profile page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const lastList = () => calls.filter((call) => call.path === '/api/owner/profiles' && call.method === 'GET').at(-1)!.query;

describe('owner profile list', () => {
  it('shows cards with age, mood, expertise and status; filters, searches, sorts and remembers the opened profile', async () => {
    const user = userEvent.setup();
    const router = renderList();
    const cards = await screen.findAllByTestId('profile-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByTestId('profile-counters').textContent).toBe('Показано 2 из 7');
    expect(within(cards[0]!).getByText('Возраст: 34')).toBeTruthy();
    expect(within(cards[0]!).getByText(/Экспертиза: MIDDLE/)).toBeTruthy();
    // The mood of the latest team run the person was in; none for someone in no computed team (not 'unclear' for all).
    expect(within(cards[0]!).getByText('Настроение: хорошее')).toBeTruthy();
    expect(within(cards[1]!).queryByText(/Настроение/)).toBeNull();
    expect(within(cards[0]!).getByTestId('profile-state').textContent).toBe('Заполнен');
    expect(within(cards[1]!).getByText(/Экспертиза: ещё не оценён/)).toBeTruthy();
    expect(Object.fromEntries(lastList())).toEqual({ filter: 'all', sort: 'createdAt', order: 'desc', limit: '50', offset: '0' });

    await user.click(screen.getByText('Заполненные', { exact: true }));
    await waitFor(() => expect(lastList().get('filter')).toBe('approved'));
    await user.type(screen.getByLabelText('Поиск'), 'Имя1');
    await waitFor(() => expect(lastList().get('search')).toBe('Имя1'));
    await user.click(screen.getAllByLabelText('Сортировка')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Недавно изменённые', hidden: true }));
    await waitFor(() => expect(lastList().get('sort')).toBe('updatedAt'));

    await user.click(cards[1]!);
    expect(router.state.location.pathname).toBe('/owner/profiles/p2');
    expect(localStorage.getItem('teamcast.profiles.lastOpened.owner')).toBe('p2');
  });

  it('marks a profile its person withdrew and one the owner filled', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      if (new URL(url).pathname !== '/api/owner/profiles') return json({ result: { recorded: true } });
      const items = [
        summary(1, { state: 'withdrawn', name: '', firstName: null, lastName: null, withdrawnAt: '2026-11-20T10:00:00.000Z' }),
        summary(2, { state: 'ack_a', filledBy: 'owner' }),
      ];
      return json({ result: { items, total: 2, profilesCount: 2 } });
    });
    renderList();
    const cards = await screen.findAllByTestId('profile-card');
    expect(within(cards[0]!).getByTestId('profile-state').textContent).toBe('Отозван человеком');
    expect(within(cards[0]!).queryByTestId('filled-by-owner')).toBeNull();
    expect(within(cards[1]!).getByTestId('filled-by-owner').textContent).toBe('Заполнен владельцем');
  });

  it('offers to attach the profile filled during the flame onboarding and opens it once attached', async () => {
    const user = userEvent.setup();
    const router = renderList('/owner/profiles?attach=perm1');
    const banner = await screen.findByTestId('attach-banner');
    await user.click(within(banner).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/profiles/p7'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/owner/profiles/attach/perm1')).toBe(true);
  });

  it('pages by 50 and marks the last opened profile', async () => {
    total = 120;
    localStorage.setItem('teamcast.profiles.lastOpened.owner', 'p2');
    const user = userEvent.setup();
    renderList();
    const cards = await screen.findAllByTestId('profile-card');
    expect(cards[1]!.getAttribute('data-last-opened')).toBe('true');
    expect(cards[0]!.getAttribute('data-last-opened')).toBeNull();
    expect(scrolled).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastList().get('offset')).toBe('100'));
  });

  it('reads the next page by the cursor the current page gave, and a jump by offset', async () => {
    total = 120;
    const user = userEvent.setup();
    renderList();
    await screen.findAllByTestId('profile-card');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastList().get('cursor')).toBe('after-page'));
    expect(lastList().has('offset')).toBe(false);
    await user.click(screen.getByRole('button', { name: '1' }));
    await waitFor(() => expect(lastList().get('offset')).toBe('0'));
    expect(lastList().has('cursor')).toBe(false);
  });

  it('creates a profile in the wizard with the section 5 messages, then gives the link to copy', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findAllByTestId('profile-card');
    await user.click(screen.getByRole('button', { name: 'Создать профиль' }));
    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);
    expect(screen.getByText('Подтвердите, что человек знает о профиле')).toBeTruthy();
    await user.click(screen.getByLabelText(/Человек знает, что я создаю этот профиль/));
    await user.type(screen.getByLabelText(/^Имя\s*\*?$/), 'Анна1');
    await user.type(screen.getByLabelText(/^Фамилия/), 'Иванова');
    await user.type(screen.getByLabelText('Email'), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Только кириллица и латиница')).toBeTruthy();
    expect(screen.getByText('Некорректный email')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(/^Имя\s*\*?$/));
    await user.type(screen.getByLabelText(/^Имя\s*\*?$/), 'Анна');
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText(/Профиль «Анна Иванова» создан/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ kind: 'standard', firstName: 'Анна', lastName: 'Иванова' });
    await user.click(screen.getByRole('button', { name: 'Получить ссылку на анкету' }));
    const url = (await screen.findByTestId('share-link-url')) as HTMLInputElement;
    expect(url.value).toMatch(/\/owner\/link\/AbCdEfGhIjKlMnOpQrStUvWx$/);
    expect(screen.getByRole('button', { name: 'Скопировать ссылку' })).toBeTruthy();
  });

  async function createWithLink() {
    const user = userEvent.setup();
    renderList();
    await screen.findAllByTestId('profile-card');
    await user.click(screen.getByRole('button', { name: 'Создать профиль' }));
    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    await user.type(screen.getByLabelText(/^Имя\s*\*?$/), 'Анна');
    await user.type(screen.getByLabelText(/^Фамилия/), 'Иванова');
    await user.click(screen.getByLabelText(/Человек знает, что я создаю этот профиль/));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await user.click(await screen.findByRole('button', { name: 'Получить ссылку на анкету' }));
    await screen.findByTestId('share-link-url');
  }
  const steps = () => calls.filter((call) => call.path === '/api/site/events').map((call) => call.body as { kind: string; step: string });

  it('records the wizard opened, the profile created and the link made when analytics is on', async () => {
    updateConsent({ analytics: true });
    await createWithLink();
    await waitFor(() =>
      expect(steps()).toEqual([
        expect.objectContaining({ kind: 'profile', step: 'wizard_opened', consent: true }),
        expect.objectContaining({ kind: 'profile', step: 'profile_created' }),
        expect.objectContaining({ kind: 'profile', step: 'share_link_created' }),
      ]),
    );
  });

  it('records no profile step while analytics is off', async () => {
    await createWithLink();
    expect(calls.some((call) => call.path === '/api/owner/profiles/get-referral-id/p9')).toBe(true);
    expect(steps()).toEqual([]);
  });
});
