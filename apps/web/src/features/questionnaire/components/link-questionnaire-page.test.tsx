import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTICE_VERSION, type ProfileLinkView, type Step } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'ru' });
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const text = (ru: string) => ({ ru, en: ru });
const steps: Step[] = [
  {
    key: 'about',
    title: text('О себе'),
    questions: [
      {
        neuronName: 'С_Пол',
        type: 'select',
        text: text('Ваш пол'),
        scope: 'self',
        options: [
          { value: 'М', label: text('Мужской') },
          { value: 'Ж', label: text('Женский') },
        ],
      },
      { neuronName: 'С_Возр', type: 'slider', text: text('Ваш возраст'), scope: 'self', options: [], min: 14, max: 90, step: 1 },
      {
        neuronName: 'С_Учёба_Сейчас',
        type: 'select',
        text: text('Вы сейчас учитесь?'),
        scope: 'self',
        options: [
          { value: 'Да', label: text('Да') },
          { value: 'Нет', label: text('Нет') },
        ],
        dependsOn: { scope: 'and', conditions: [{ neuronName: 'С_Возр', operator: 'less', value: 25 }] },
      },
    ],
  },
  {
    key: 'family',
    title: text('Семья'),
    questions: [{ neuronName: 'С_Дети', type: 'slider', text: text('Сколько детей?'), scope: 'self', options: [], min: 0, max: 15, step: 1 }],
  },
];

const view = (patch: Partial<ProfileLinkView> = {}): ProfileLinkView => ({
  kind: 'standard',
  isShort: false,
  state: 'ack_q',
  locked: false,
  firstName: null,
  lastName: null,
  partnerFirstName: null,
  partnerLastName: null,
  birthDate: null,
  avatarName: null,
  age: null,
  gender: null,
  answers: [],
  detailsHidden: false,
  storedNeurons: [],
  companyName: 'Acme',
  questionnaire: { _id: 'q1', kind: 'standard', name: 'Стандартная', steps },
  ...patch,
});

const slow = { timeout: STATE_WAIT_MS };

describe('filling a questionnaire by link', () => {
  it('shows a hidden question when its condition is met, keeps answers over a reload, needs consent, then sends only visible answers', async () => {
    const user = userEvent.setup();
    api.always('GET', '/api/profile/abc', { status: 200, body: { result: view() } });
    const first = renderApp('/profile-questionnaire?link=abc');
    await screen.findByTestId('link-questionnaire', {}, slow);
    expect(screen.getByText('Приглашение от компании Acme')).toBeTruthy();
    // The notice comes before the first question: who invited, what is computed, who sees it, how long, how to withdraw.
    const notice = screen.getByTestId('consent-notice');
    expect(notice.textContent).toContain('Приглашает Acme');
    expect(notice.textContent).toContain('Решение о вас не может опираться только на прогноз');
    expect(notice.textContent).toContain('отзыв согласия');

    await user.type(screen.getByLabelText(/^Имя/), 'Анна');
    await user.type(screen.getByLabelText(/^Фамилия/), 'Иванова');
    await user.click(screen.getByLabelText('Женский'));
    expect(screen.queryByTestId('question-С_Учёба_Сейчас')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Ваш возраст' }), '20');
    const hidden = await screen.findByTestId('question-С_Учёба_Сейчас');
    await user.click(within(hidden).getByLabelText('Да'));
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(screen.getByTestId('questionnaire-progress').textContent).toBe('Шаг 2 из 2');

    const saved = JSON.parse(localStorage.getItem('teamcast.questionnaire.abc')!);
    expect(saved.step).toBe(1);
    expect(saved.names.firstName).toBe('Анна');

    // A reload: the same link opens the same step with the answers restored.
    first.unmount();
    renderApp('/profile-questionnaire?link=abc');
    await screen.findByTestId('link-questionnaire', {}, slow);
    expect(screen.getByTestId('questionnaire-progress').textContent).toBe('Шаг 2 из 2');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect((screen.getByRole('textbox', { name: 'Ваш возраст' }) as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText(/^Имя/) as HTMLInputElement).value).toBe('Анна');
    // Age 30 hides the study question again; its stale answer is not sent.
    await user.clear(screen.getByRole('textbox', { name: 'Ваш возраст' }));
    await user.type(screen.getByRole('textbox', { name: 'Ваш возраст' }), '30');
    expect(screen.queryByTestId('question-С_Учёба_Сейчас')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Далее' }));

    await user.type(screen.getByRole('textbox', { name: 'Сколько детей?' }), '0');
    await user.click(screen.getByRole('button', { name: 'Отправить анкету' }));
    expect(await screen.findByText('Необходимо согласие с политикой конфиденциальности')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/profile/abc')).toHaveLength(0);

    await user.click(screen.getByLabelText(/Я прочитал\(а\) уведомление/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/E-mail для личной ссылки/), 'anna@example.com');
    const sentView = {
      ...view({ state: 'ack_a', locked: true, firstName: 'Анна', lastName: 'Иванова', age: 30, avatarName: 'female-21to35-1' }),
      personToken: 'private-token',
    };
    api.once('PATCH', '/api/profile/abc', { status: 200, body: { result: sentView } });
    await user.click(screen.getByRole('button', { name: 'Отправить анкету' }));
    await screen.findByTestId('questionnaire-sent', {}, slow);
    const patches = api.callsTo('PATCH', '/api/profile/abc');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({
      answers: [
        { neuron: 'С_Пол', value: 'Ж' },
        { neuron: 'С_Возр', value: 30 },
        { neuron: 'С_Дети', value: 0 },
      ],
      firstName: 'Анна',
      lastName: 'Иванова',
      complete: true,
      consent: true,
      noticeVersion: NOTICE_VERSION,
      personEmail: 'anna@example.com',
    });
    expect(localStorage.getItem('teamcast.questionnaire.abc')).toBeNull();
    expect(screen.getByTestId('person-page-link').getAttribute('href')).toBe('/person/private-token');
  });

  it('reset clears answers and names', async () => {
    const user = userEvent.setup();
    api.always('GET', '/api/profile/xyz', {
      status: 200,
      body: { result: view({ firstName: 'Олег', lastName: 'Сидоров', answers: [{ neuron: 'С_Пол', value: 'М' }] }) },
    });
    renderApp('/owner/link/xyz');
    await screen.findByTestId('link-questionnaire', {}, slow);
    expect((screen.getByLabelText(/^Имя/) as HTMLInputElement).value).toBe('Олег');
    expect((screen.getByLabelText('Мужской') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Сбросить ответы' }));
    expect((screen.getByLabelText(/^Имя/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Мужской') as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('teamcast.questionnaire.xyz')!).answers).toEqual([]));
  });

  it('lets a sent short questionnaire go on to the full one, with the stored answers fixed', async () => {
    const user = userEvent.setup();
    const stored = [{ neuron: 'С_Пол', value: 'Ж' }];
    api.always('GET', '/api/profile/short1', {
      status: 200,
      body: { result: view({ state: 'ack_a', locked: true, isShort: true, kind: 'short', firstName: 'Анна', lastName: 'Иванова', answers: stored }) },
    });
    renderApp('/owner/link/short1');
    await screen.findByTestId('questionnaire-sent', {}, slow);
    api.once('PUT', '/api/profile/short1/upgrade', {
      status: 200,
      body: { result: view({ state: 'answered', firstName: 'Анна', lastName: 'Иванова', answers: stored, storedNeurons: ['С_Пол'] }) },
    });
    await user.click(screen.getByRole('button', { name: 'Заполнить полную анкету' }));
    await screen.findByTestId('link-questionnaire', {}, slow);
    expect(api.callsTo('PUT', '/api/profile/short1/upgrade')).toHaveLength(1);
    expect((screen.getByLabelText('Женский') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Женский') as HTMLInputElement).disabled).toBe(true);
  });

  it('offers a new link when the link has expired, and says so when a link is wrong', async () => {
    const user = userEvent.setup();
    api.always('GET', '/api/profile/old', { status: 410, body: { error: { code: 'link_expired', message: 'Срок действия ссылки истёк' } } });
    const expired = renderApp('/couple-questionnaire?link=old');
    await screen.findByTestId('link-expired', {}, slow);
    api.once('POST', '/api/profile/old/link-request', { status: 200, body: { result: { requested: true } } });
    await user.click(screen.getByRole('button', { name: 'Запросить новую ссылку' }));
    expect(await screen.findByText(/Запрос отправлен владельцу ссылки/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/profile/old/link-request')).toHaveLength(1);
    expired.unmount();

    api.always('GET', '/api/profile/nope', {
      status: 404,
      body: { error: { code: 'link_invalid', message: 'Проверь правильность ссылки либо обратитесь к владельцу ссылки' } },
    });
    renderApp('/profile-questionnaire?link=nope');
    const problem = await screen.findByTestId('link-problem', {}, slow);
    expect(problem.textContent).toContain('Проверь правильность ссылки либо обратитесь к владельцу ссылки');
  });
});
