import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { signedInOwner } from '../support/owner.ts';

test.skip(({ isMobile }) => isMobile, 'the journey runs on the desktop; the phone shell shows the same screen');

/** An owner on the Monitor plan, bought with the built-in provider's success card. */
async function monitorOwner(page: Page, request: APIRequestContext): Promise<string> {
  const { token } = await signedInOwner(page, request, 'Monitor');
  const auth = { authorization: `Bearer ${token}` };
  const card = await request.post('/api/payment/attach-payment-method', {
    headers: auth,
    data: { testCard: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' } },
  });
  expect(card.ok(), await card.text()).toBe(true);
  const subscribed = await request.post('/api/payment/update-subscription', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { subscribe: 'MONITOR_1M', paymentMethodId: ((await card.json()).result as { _id: string })._id, ln: 'en' },
  });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  return token;
}

const PEOPLE: Array<[string, string, Record<string, string | number>]> = [
  ['Anna', 'Smirnova', { С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 }],
  ['Boris', 'Orlov', { С_Пол: 'М', С_Возр: 44, С_ВУЗ: 'Бакалавр', С_Стаж: 20, С_Руков_Стаж: 10, С_Проживание: 'Один', С_Дети: 0 }],
  ['Vera', 'Lebedeva', { С_Пол: 'Ж', С_Возр: 27, С_ВУЗ: 'Бакалавр', С_Стаж: 4, С_Руков_Стаж: 0, С_Проживание: 'Один', С_Дети: 0 }],
];

test('an owner monitors a team, three members answer by their links, and the monitor shows the observed point against the band', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await monitorOwner(page, request);
  for (const [firstName, lastName, answers] of PEOPLE) {
    const res = await request.post('/api/owner/profiles/short', {
      headers: { authorization: `Bearer ${token}` },
      data: { personInformed: true, firstName, lastName, answers: Object.entries(answers).map(([neuron, value]) => ({ neuron, value })) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The team check gives the forecast the monitor holds the answers against.
  await page.goto('/owner/dashboard/team');
  await page.getByTestId('team-title').fill('Sales');
  for (const [slot, [first, last]] of PEOPLE.entries()) {
    await page.getByTestId(`slot-${slot}`).click();
    await page.getByRole('option', { name: new RegExp(`^${first} ${last}`) }).click();
  }
  await page.getByTestId('run-check').click();
  await expect(page.getByTestId('team-indicators')).toBeVisible({ timeout: 30_000 });

  // The menu entry is open and leads to the monitor.
  await page.getByRole('link', { name: 'Monitor' }).click();
  await expect(page).toHaveURL(/\/owner\/monitor$/);
  await expect(page.getByTestId('monitor-empty')).toBeVisible();
  await page.getByTestId('monitor-subject').click();
  await page.getByRole('option', { name: 'Sales · Team' }).click();
  await page.getByTestId('monitor-start-button').click();
  const card = page.getByTestId('monitor-card').filter({ hasText: 'Sales' });
  await expect(card.getByTestId('monitor-not-answered')).toHaveText('Not answered this month: Anna Smirnova, Boris Orlov, Vera Lebedeva');
  await expect(page.getByTestId('calibration-all')).toHaveText('No month has enough answers yet to compare with the forecast.');
  await expectAccessible(page, 'monitor');

  await card.getByTestId('monitor-issue-links').click();
  await expect(page.getByTestId('monitor-links').locator('[data-testid^="link-"]')).toHaveCount(3);
  const links = await page.getByTestId('monitor-links').locator('[data-testid^="link-"]').allTextContents();

  // Each member answers in a browser of their own, in Russian, without signing in.
  for (const link of links) {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const member = await context.newPage();
    // The notices a first visit shows are closed, as a member who has read them leaves them.
    await member.addInitScript(() => localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false })));
    await member.goto(new URL(link).pathname);
    const form = member.getByTestId('check-in-form');
    await expect(form).toContainText('Ежемесячный опрос: Sales');
    for (const row of await form.locator('[data-testid^="rate-"]').all()) await row.getByText('Хорошо', { exact: true }).click();
    await member.getByTestId('check-in-send').click();
    await expect(member.getByTestId('check-in-done')).toContainText('Спасибо!');
    await context.close();
  }

  await page.reload();
  await expect(card.getByTestId('monitor-not-answered')).toHaveText('Everyone has answered this month.');
  // Three answers of 'good' (50 on the forecast's scale): the month's observed point is on the chart against its band.
  await expect(card.locator('[data-testid^="observed-"]')).toHaveCount(1);
  await expect(page.getByTestId('calibration-all')).toContainText('over 1 observed month');

  // The printed monthly report: with print media, while the dialog is open only this card shows, with its months
  // table and without its buttons (the dialog itself is replaced by a probe of what the stylesheet gives).
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => {
    window.print = () => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      (window as unknown as { printed: unknown }).printed = {
        title: style('[data-testid="monitor-page"] h2').visibility,
        card: style('[data-print-target]').visibility,
        table: style('[data-print-target] [data-testid="monitor-report-table"]').display,
        buttons: getComputedStyle(document.querySelector('[data-print-target] [data-testid="monitor-print"]')!.parentElement!).display,
      };
    };
  });
  await card.getByTestId('monitor-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: unknown }).printed)).toEqual({
    title: 'hidden',
    card: 'visible',
    table: 'table',
    buttons: 'none',
  });
  await page.emulateMedia({ media: 'screen' });
  await expect(card.getByTestId('monitor-report-table')).toBeHidden();
});
