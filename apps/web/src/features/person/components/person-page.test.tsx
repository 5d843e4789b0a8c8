import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonPage } from '@teamcast/contracts';
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

const contribution = (ru: string, points: number) => ({ neuron: ru, question: { ru, en: ru }, points });
const sum = { baseline: 50, others: 0, limit: 0, score: 60 };
const page: PersonPage = {
  holder: { companyName: 'Acme', email: 'hr@acme.test' },
  consent: { noticeVersion: '2026-11-25', locale: 'ru', at: '2026-11-25T10:00:00.000Z', by: 'person' },
  expiresAt: '2027-11-25T10:00:00.000Z',
  withdrawnAt: null,
  data: {
    kind: 'standard',
    firstName: 'Анна',
    lastName: 'Иванова',
    partnerFirstName: null,
    partnerLastName: null,
    email: null,
    phone: null,
    position: null,
    birthDate: null,
    age: 30,
    gender: 'Ж',
    answers: [{ neuron: 'С_Пол', question: { ru: 'Ваш пол', en: 'Your sex' }, value: 'Ж', labels: [{ ru: 'Женский', en: 'Female' }] }],
    scores: {
      competencies: 61.4,
      professionalism: 55,
      maturity: 70,
      grade: 'MIDDLE',
      finalScore: null,
      finalScorePrecise: null,
      scoredAt: '2026-11-25T10:00:00.000Z',
      completeness: 1,
      modelId: null,
      love: null,
    },
    explanation: {
      source: 'prior',
      modelId: null,
      competencies: [contribution('Стаж работы', 6.5)],
      professionalism: [contribution('Образование', -2)],
      maturity: [contribution('Дети', 3)],
      sums: { competencies: sum, professionalism: sum, maturity: sum },
    },
    usage: { pairs: 1, teams: 0 },
    completedAt: '2026-11-25T10:00:00.000Z',
  },
};

describe("the person's own page", () => {
  it('shows the answers, the grade, the scores with what moved them and who holds them; withdraws after a confirmation', async () => {
    const user = userEvent.setup();
    api.always('GET', '/api/profile/person/tok', { status: 200, body: { result: page } });
    renderApp('/person/tok');
    const shown = await screen.findByTestId('person-page', {}, { timeout: STATE_WAIT_MS });
    expect(shown.textContent).toContain('Acme (hr@acme.test)');
    expect(screen.getByTestId('person-grade').textContent).toBe('Грейд: MIDDLE');
    expect(shown.textContent).toContain('Квалификация: 61');
    expect(shown.textContent).toContain('Стаж работы (+6.5)');
    expect(shown.textContent).toContain('вместе с вами, а не приговор');
    expect(within(screen.getByTestId('person-answers')).getByText('Женский')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Отозвать согласие и удалить данные' }));
    expect(api.callsTo('POST', '/api/profile/person/tok/withdraw')).toHaveLength(0);
    api.once('POST', '/api/profile/person/tok/withdraw', { status: 200, body: { result: { withdrawnAt: '2026-11-26T09:00:00.000Z' } } });
    await user.click(screen.getByRole('button', { name: 'Да, удалить всё' }));
    expect((await screen.findByTestId('person-withdrawn')).textContent).toContain('Вы отозвали согласие 26 ноября 2026');
    expect(screen.queryByTestId('person-answers')).toBeNull();
    expect(api.callsTo('POST', '/api/profile/person/tok/withdraw')).toHaveLength(1);
  });

  it('says when the link is wrong or expired', async () => {
    api.always('GET', '/api/profile/person/old', { status: 410, body: { error: { code: 'link_expired', message: 'Срок действия ссылки истёк' } } });
    renderApp('/person/old');
    expect((await screen.findByTestId('person-problem', {}, { timeout: STATE_WAIT_MS })).textContent).toContain('Срок действия ссылки истёк');
  });
});
