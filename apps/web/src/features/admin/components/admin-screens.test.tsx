import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminQuestionnaire } from '@teamcast/contracts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { configureApi } from '../../../shared/api/client.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
/** Whether the questionnaire has answers: then the server answers a PATCH of steps with a new version q2. */
let answered = false;
const slow = { timeout: STATE_WAIT_MS };

const questionnaire: AdminQuestionnaire = {
  _id: 'q1',
  name: 'Стандартная',
  kind: 'standard',
  status: 'created',
  dataSource: 'shipped',
  profilesCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  computedAt: null,
  version: 1,
  previousId: null,
  steps: [
    {
      key: 'about',
      title: { ru: 'О себе', en: 'About you' },
      questions: [
        { neuronName: 'years', type: 'slider', text: { ru: 'Стаж', en: 'Years' }, options: [], min: 0, max: 40, step: 1, scope: 'self' },
        {
          neuronName: 'lead',
          type: 'select',
          text: { ru: 'Руководили командой?', en: 'Led a team?' },
          options: [
            { value: 'yes', label: { ru: 'Да', en: 'Yes' } },
            { value: 'no', label: { ru: 'Нет', en: 'No' } },
          ],
          scope: 'self',
          dependsOn: { scope: 'and', conditions: [{ neuronName: 'years', operator: 'more', value: 5 }] },
        },
      ],
    },
  ],
};

const owner = {
  _id: 'o1',
  email: 'paid@example.com',
  status: 'active',
  variant: 'work',
  companyName: 'Paid Co',
  subscribe: {
    plan: 'MID_1M_2',
    status: 'active',
    startedAt: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
  },
  mainProfile: null,
  profilesCount: 3,
  verified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastVisitAt: null,
};

const mail = {
  _id: 'm1',
  to: 'new-owner@example.com',
  subject: 'Ссылка для входа в Teamcast',
  kind: 'magic',
  locale: 'ru',
  status: 'kept',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
};
const mailLink = 'http://localhost:3000/owner/magic-link?token=abc';

beforeEach(() => {
  calls = [];
  answered = false;
  localStorage.clear();
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'ru' });
  authStore.set('administrator', { token: 'token-a', subjectId: 'a-1' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    let result: unknown = { items: [], total: 0 };
    const q1 = answered ? { ...questionnaire, profilesCount: 3 } : questionnaire;
    const q2 = { ...questionnaire, _id: 'q2', version: 2, previousId: 'q1' };
    if (url.includes('/admin/questionnaire/q1'))
      result =
        method === 'PATCH' ? (answered ? { ...q2, steps: (body as { steps: unknown }).steps } : { ...q1, steps: (body as { steps: unknown }).steps }) : q1;
    if (url.includes('/admin/questionnaire/q2')) result = q2;
    if (/\/api\/admin\/questionnaire(\?|$)/.test(url)) {
      const { steps: _steps, ...item } = questionnaire;
      result = {
        items: [
          { ...item, questionsCount: 2 },
          { ...item, _id: 'q3', name: 'Короткая', kind: 'short', questionsCount: 1 },
        ],
        total: 2,
      };
    }
    if (url.includes('/admin/owners')) result = method === 'PATCH' ? { ...owner, ...(body as object) } : { items: [owner], total: 1 };
    if (url.includes('/mail/login-link')) result = { sent: true };
    if (/\/api\/admin\/mail(\?|$)/.test(url)) result = { items: [mail], total: 1 };
    if (url.endsWith('/api/admin/mail/m1'))
      result = { ...mail, text: `Откройте ссылку:\n${mailLink}\n`, html: '<html><body>письмо</body></html>', link: mailLink };
    return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('administrator screens', () => {
  it('questionnaire editor: the preview follows the edited condition, and saving sends it', async () => {
    const user = userEvent.setup();
    renderApp('/administrator/questionnaires/q1');
    const preview = await screen.findByTestId('questionnaire-preview', {}, slow);
    expect(within(preview).queryByText('Руководили командой?')).toBeNull();
    // The visitor's own fields: a slider with its number box, not a dropdown.
    expect(within(preview).getByRole('slider', { name: 'Стаж' })).toBeTruthy();
    await user.type(within(preview).getByRole('textbox', { name: 'Стаж' }), '7');
    expect(await within(preview).findByText('Руководили командой?')).toBeTruthy();

    const value = screen.getByLabelText('Значение условия');
    await user.clear(value);
    await user.type(value, '10');
    await waitFor(() => expect(within(preview).queryByText('Руководили командой?')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!.body as { steps: AdminQuestionnaire['steps'] };
    expect(patch.steps[0]!.questions[1]!.dependsOn).toEqual({ scope: 'and', conditions: [{ neuronName: 'years', operator: 'more', value: 10 }] });
    expect(localStorage.getItem('teamcast.admin.last.questionnaires')).toBe('"q1"');
  });

  it('questionnaire editor: an added question shows in the preview as the visitor sees it (radios), and saving one with answers opens the new version', async () => {
    const user = userEvent.setup();
    answered = true;
    const { router } = renderApp('/administrator/questionnaires/q1');
    const preview = await screen.findByTestId('questionnaire-preview', {}, slow);
    expect(screen.getByTestId('editor-versioning').textContent).toContain('Сохранение создаст версию 2');
    await user.click(screen.getByRole('button', { name: 'Добавить вопрос' }));
    const added = await within(preview).findByTestId('question-Н_Вопрос_1');
    expect(within(added).getByRole('radio', { name: 'Да' })).toBeTruthy();
    expect(within(added).getByRole('radio', { name: 'Нет' })).toBeTruthy();
    expect(within(added).queryByRole('combobox')).toBeNull();
    // Reordered above the first question, then removed: the preview follows.
    await user.click(screen.getByRole('button', { name: 'Поднять вопрос Н_Вопрос_1' }));
    await waitFor(() => expect(document.querySelectorAll('[data-question]')[1]?.getAttribute('data-question')).toBe('Н_Вопрос_1'));
    await user.click(screen.getByRole('button', { name: 'Удалить вопрос Н_Вопрос_1' }));
    await waitFor(() => expect(within(preview).queryByTestId('question-Н_Вопрос_1')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Добавить вопрос' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/administrator/questionnaires/q2'));
    const patch = calls.find((call) => call.method === 'PATCH')!.body as { steps: AdminQuestionnaire['steps'] };
    expect(patch.steps[0]!.questions.map((q) => q.neuronName)).toEqual(['years', 'lead', 'Н_Вопрос_1']);
    expect(await screen.findByText('Стандартная · версия 2', {}, slow)).toBeTruthy();
  });

  it('questionnaires: one table that searches and links to the editor', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/administrator/questionnaires');
    const table = await screen.findByRole('table', { name: 'Опросники' }, slow);
    expect(within(table).getByRole('link', { name: 'Стандартная' })).toBeTruthy();
    await user.type(screen.getByLabelText('Поиск'), 'Корот');
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Стандартная' })).toBeNull());
    expect(within(table).getByRole('link', { name: 'Короткая' })).toBeTruthy();
    expect(router.state.location.search).toContain('q=');
  });

  it('companies: filters by subscription on the server and sends a sign-in link, remembering the company', async () => {
    const user = userEvent.setup();
    renderApp('/administrator/owners');
    expect(await screen.findByText('Paid Co', {}, slow)).toBeTruthy();
    await user.click(screen.getAllByLabelText('Подписка')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Действует', hidden: true }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/admin/owners?') && call.url.includes('subscribe=active'))).toBe(true));
    // Plans by name from the plan catalogue, never the raw code.
    expect(screen.getByTestId('plan-name').textContent).toBe('Команды · команд: 2 · месяц');
    expect(screen.queryByText(/MID_1M_2/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Действия: paid@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Отправить ссылку для входа', hidden: true }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/admin/owner/o1/mail/login-link'))).toBe(true));
    expect(localStorage.getItem('teamcast.admin.last.companies')).toBe('"o1"');
  });

  it('companies: the sort field is labelled and says its direction; sort, filter, page and selection live in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/administrator/owners?sort=email&subscribe=active');
    expect(await screen.findByText('Paid Co', {}, slow)).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.includes('/api/admin/owners?') &&
            call.url.includes('sort=email') &&
            call.url.includes('order=asc') &&
            call.url.includes('subscribe=active'),
        ),
      ).toBe(true),
    );
    const sort = screen.getAllByLabelText('Сортировка').find((element) => element.tagName === 'INPUT') as HTMLInputElement;
    expect(sort.value).toBe('Email: от А до Я');
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=-email'));
    await waitFor(() =>
      expect((screen.getAllByLabelText('Сортировка').find((element) => element.tagName === 'INPUT') as HTMLInputElement).value).toBe('Email: от Я до А'),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать: paid@example.com' }));
    await waitFor(() => expect(router.state.location.search).toContain('selected=o1'));
    expect((await screen.findByTestId('selection-bar', {}, slow)).textContent).toContain('Выбрано: 1');
    await user.type(screen.getByLabelText('Поиск'), 'paid');
    await waitFor(() => expect(router.state.location.search).toContain('q=paid'));
    // A new search starts from the first page with nothing selected.
    expect(router.state.location.search).not.toContain('selected=');
  });

  it('companies: edits a company and refuses an invalid e-mail before sending', async () => {
    const user = userEvent.setup();
    renderApp('/administrator/owners');
    await user.click(await screen.findByRole('button', { name: 'Действия: paid@example.com' }, slow));
    // `hidden: true` for a Mantine dropdown (menus, like the selects' options above): jsdom has no layout, so once
    // Floating UI has placed the dropdown it finds the button "detached" and Mantine hides the menu (display: none). How
    // soon that happens depends on the machine's load: the stress run (issue 31) failed here under a load average of 30
    // and a 1.5 s pause before the query fails it every time. The browser journeys use the real menus.
    await user.click(within(await screen.findByRole('menu', { hidden: true })).getByText('Изменить'));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Некорректный email')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ companyName: 'Paid Co', email: 'new@example.com', verified: true }),
    );
  });

  it('outbox: lists messages filtered by recipient on the server, and a message shows its link to follow', async () => {
    const user = userEvent.setup();
    renderApp('/administrator/mail');
    expect(await screen.findByRole('heading', { name: 'Исходящая почта' }, slow)).toBeTruthy();
    await user.type(screen.getByLabelText('Получатель'), 'new-owner');
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/admin/mail?') && call.url.includes('to=new-owner'))).toBe(true));
    await user.click(await screen.findByRole('link', { name: 'Ссылка для входа в Teamcast' }));
    const link = await screen.findByRole('link', { name: mailLink }, slow);
    expect(link.getAttribute('href')).toBe(mailLink);
    await user.click(screen.getByRole('button', { name: 'Показать HTML-версию' }));
    expect(screen.getByTitle('HTML-версия').getAttribute('sandbox')).toBe('');
    expect(calls.some((call) => call.url.endsWith('/api/admin/mail/m1'))).toBe(true);
  });
});
