import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckInForm } from '@teamcast/contracts';
import { fakeApi } from '../../../test/fake-api.ts';
import { STATE_WAIT_MS } from '../../../test/waits.ts';
import { CheckInPage } from './check-in-page.tsx';
import { renderAt } from './monitor-test-support.tsx';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const form: CheckInForm = {
  title: 'Sales',
  name: 'Anna A',
  month: '2026-11',
  teammates: [
    { _id: 'b', name: 'Boris B' },
    { _id: 'c', name: 'Vera V' },
  ],
  answered: false,
  expiresAt: '2026-12-20T00:00:00.000Z',
};

const open = (locale: 'ru' | 'en') => renderAt('/check-in/tok', '/check-in/:token', <CheckInPage />, locale);

describe("a member's check-in form", () => {
  it('in Russian: rates each teammate and oneself on five points, then sends the choices', async () => {
    const user = userEvent.setup();
    api.always('GET', '/api/owner/check-in/tok', { status: 200, body: { result: form } });
    api.once('POST', '/api/owner/check-in/tok', { status: 200, body: { result: { month: '2026-11' } } });
    open('ru');
    const shown = await screen.findByTestId('check-in-form', {}, { timeout: STATE_WAIT_MS });
    expect(shown.textContent).toContain('Ежемесячный опрос: Sales');
    expect(shown.textContent).toContain('Anna A, как шла работа в месяце «ноябрь 2026»?');
    expect(screen.getByTestId('check-in-send').hasAttribute('disabled')).toBe(true);
    await user.click(within(screen.getByTestId('rate-b')).getByText('Хорошо'));
    await user.click(within(screen.getByTestId('rate-c')).getByText('Плохо'));
    expect(screen.getByTestId('check-in-send').hasAttribute('disabled')).toBe(true);
    await user.click(within(screen.getByTestId('rate-self')).getByText('Отлично'));
    await user.type(screen.getByTestId('check-in-word'), 'всё хорошо');
    await user.click(screen.getByTestId('check-in-send'));
    expect((await screen.findByTestId('check-in-done')).textContent).toContain('Спасибо!');
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/owner/check-in/tok',
        body: {
          ratings: [
            { memberId: 'b', choice: 4 },
            { memberId: 'c', choice: 2 },
          ],
          satisfaction: 5,
          word: 'всё хорошо',
        },
      }),
    );
  });

  it('in English: says a second answer this month is refused, and an expired link', async () => {
    const user = userEvent.setup();
    api.always('GET', '/api/owner/check-in/tok', { status: 200, body: { result: form } });
    api.once('POST', '/api/owner/check-in/tok', {
      status: 409,
      body: { error: { code: 'check_in_answered', message: 'You have already answered this month. The next check-in opens on the first day of next month' } },
    });
    open('en');
    await screen.findByTestId('check-in-form', {}, { timeout: STATE_WAIT_MS });
    expect(screen.getByTestId('check-in-form').textContent).toContain('Anna A, how did the work go in November 2026?');
    for (const id of ['rate-b', 'rate-c', 'rate-self']) await user.click(within(screen.getByTestId(id)).getByText('So-so'));
    await user.click(screen.getByTestId('check-in-send'));
    expect((await screen.findByTestId('check-in-refused')).textContent).toBe(
      'You have already answered this month. The next check-in opens on the first day of next month',
    );
  });

  it('in English: an answered month shows the thanks, an expired link its error', async () => {
    api.once('GET', '/api/owner/check-in/tok', { status: 200, body: { result: { ...form, answered: true } } });
    const first = open('en');
    expect((await screen.findByTestId('check-in-done', {}, { timeout: STATE_WAIT_MS })).textContent).toContain('Your answer for November 2026 is saved');
    first.unmount();
    api.once('GET', '/api/owner/check-in/tok', { status: 410, body: { error: { code: 'link_expired', message: 'The link has expired' } } });
    open('en');
    expect((await screen.findByTestId('check-in-error', {}, { timeout: STATE_WAIT_MS })).textContent).toBe('The link has expired');
  });
});
