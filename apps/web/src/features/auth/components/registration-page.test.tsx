import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../../../shared/api/client.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

let calls: { url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'en' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    const answer = url.includes('/api/passport/owner/')
      ? { status: 202, body: { result: { sent: true } } }
      : { status: 200, body: { result: { recorded: true } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const slow = { timeout: STATE_WAIT_MS };
const passportCalls = () => calls.filter((call) => call.url.includes('/api/passport/'));

describe('registration', () => {
  it.each([
    ['en', 'E-mail', 'I accept the privacy policy', 'I agree to the processing of my personal data', 'Company'],
    ['ru', 'Электронная почта', 'Я принимаю политику конфиденциальности', 'Я согласен на обработку персональных данных', 'Компания'],
  ] as const)('in the love app (%s) asks for no company and signs up through the love sign-up', async (locale, email, privacy, personal, company) => {
    configureApi({ bases: { fallback: 'http://api.test' }, locale });
    const user = userEvent.setup();
    renderApp('/love-mobile/registration', locale);
    await screen.findByTestId('registration-page', {}, slow);
    expect(screen.queryByLabelText(company)).toBeNull();
    expect(screen.getByTestId('registration-page').textContent).not.toMatch(/компани|company/i);
    await user.type(screen.getByLabelText(email), 'anna@example.com');
    await user.click(screen.getByLabelText(privacy));
    await user.click(screen.getByLabelText(personal));
    await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Request registration' : 'Запросить регистрацию' }));
    await screen.findByTestId('link-sent', {}, slow);
    expect(passportCalls()).toHaveLength(1);
    expect(passportCalls()[0]!.url).toBe('http://api.test/api/passport/owner/love/signup');
    expect(passportCalls()[0]!.body).toEqual({ email: 'anna@example.com', privacyPolicy: true, personalData: true, ln: locale });
  });

  it('in the work app still asks for the company and sends a join request', async () => {
    const user = userEvent.setup();
    renderApp('/owner/registration', 'en');
    await screen.findByTestId('registration-page', {}, slow);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.click(screen.getByLabelText('I accept the privacy policy'));
    await user.click(screen.getByLabelText('I agree to the processing of my personal data'));
    await user.type(screen.getByLabelText('Company'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Request registration' }));
    await screen.findByTestId('link-sent', {}, slow);
    expect(passportCalls()[0]!.url).toBe('http://api.test/api/passport/owner/join/request');
    expect(passportCalls()[0]!.body).toMatchObject({ companyName: 'Acme' });
  });
});
