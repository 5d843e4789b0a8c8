import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { mailedLink } from '../support/mail.ts';
import { signedUpOwner, type ApiOwner } from '../support/owner.ts';

/**
 * The language rule (packages/contracts decideLocale): a browser that never chose a language gets the one it asks
 * for among ru and en, on every page and after every reload; a mailed link opens in the language of its mail.
 */

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;

/** The notices and the first-visit guide closed; no language stored: the browser's decides. */
async function quiet(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  });
}

/** Signs the page in as the owner, storing only the session (no language). */
async function signIn(page: Page, owner: ApiOwner) {
  await page.addInitScript((auth) => localStorage.setItem('teamcast.auth.owner', JSON.stringify(auth)), { token: owner.token, subjectId: owner.id });
}

/** An owner with one profile waiting to be filled by link; the link's path. */
async function questionnaireLink(request: APIRequestContext, owner: ApiOwner): Promise<string> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await request.post('/api/owner/profiles', { headers, data: { firstName: 'Анна', lastName: 'Смирнова' } });
  expect(created.status(), await created.text()).toBe(201);
  const { _id } = (await created.json()).result as { _id: string };
  const link = await request.post(`/api/owner/profiles/get-referral-id/${_id}`, { headers, data: {} });
  expect(link.ok(), await link.text()).toBe(true);
  return `/owner/link/${((await link.json()).result as { sharelink: string }).sharelink}`;
}

test.describe('a Russian browser (ru-RU) that never chose a language', () => {
  test.use({ locale: 'ru-RU' });
  test.beforeEach(({ context }) => quiet(context));

  // Each shell on its own device (issue 31: CI time): the desktop pages on the desktop, the phone apps on the phone.
  test('owner desktop: sign-in, sign-up and the signed-in pages are Russian, also after a reload', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the desktop shell is checked on the desktop');
    await page.goto('/owner/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход');
    await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
    await expectAccessible(page, 'owner sign-in in Russian');

    await page.goto('/owner/first-signup');
    await expect(page.getByRole('button', { name: 'Создать учётную запись' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Создать учётную запись' })).toBeVisible();

    const owner = await signedUpOwner(page.request, { email: uniqueEmail('lang-desktop'), ln: 'ru' });
    await signIn(page, owner);
    await page.goto('/owner/dashboard');
    await expect(page.getByTestId('dashboard-page').getByRole('heading', { level: 1 })).toHaveText('Главная');
    await page.reload();
    await expect(page.getByTestId('dashboard-page').getByRole('heading', { level: 1 })).toHaveText('Главная');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Выйти' })).toBeVisible();
    await expectAccessible(page, 'owner home in Russian');
  });

  test('the mailed verification link opens in the language of its mail, even in an English browser', async ({ page, browser }) => {
    const email = uniqueEmail('lang-verify');
    await page.goto('/owner/first-signup');
    await page.getByLabel('Электронная почта').fill(email);
    await page.getByLabel('Компания').fill('Ромашка');
    await page.getByLabel('Я принимаю политику конфиденциальности').check();
    await page.getByLabel('Я согласен на обработку персональных данных').check();
    await page.getByRole('button', { name: 'Создать учётную запись' }).click();
    await expect(page.getByTestId('signup-sent')).toContainText(email);
    const link = await mailedLink(page.request, email, 'verify');
    expect(new URL(link, 'http://x').searchParams.get('ln')).toBe('ru');

    const english = await browser.newContext({ locale: 'en-US' });
    await quiet(english);
    const reader = await english.newPage();
    await reader.goto(link);
    await expect(reader.getByTestId('first-proof-notice')).toContainText('Адрес подтверждён');
    await expect(reader.getByRole('button', { name: 'Сохранить и продолжить' })).toBeVisible();
    await english.close();
  });

  test('owner-mobile: Russian after every reload, and its header switches the language', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the phone app is checked on the phone');
    const owner = await signedUpOwner(page.request, { email: uniqueEmail('lang-mobile'), ln: 'ru' });
    await page.goto('/owner-mobile/login');
    await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
    await signIn(page, owner);
    await page.goto('/owner-mobile/profiles');
    const footer = page.getByRole('contentinfo').getByRole('navigation');
    await expect(footer.getByRole('link')).toHaveText(['Совместимость', 'Команда', 'Профили', 'Настройки']);
    await page.reload();
    await expect(footer.getByRole('link')).toHaveText(['Совместимость', 'Команда', 'Профили', 'Настройки']);
    await expect(page.locator('main')).toHaveCount(1);
    await expectAccessible(page, 'owner-mobile profiles in Russian');

    // The switch in the phone header: a choice, remembered on this device over the browser's language.
    await page.getByRole('banner').getByText('EN', { exact: true }).click();
    await expect(footer.getByRole('link')).toHaveText(['Compatibility', 'Team', 'Profiles', 'Settings']);
    await page.reload();
    await expect(footer.getByRole('link')).toHaveText(['Compatibility', 'Team', 'Profiles', 'Settings']);
  });

  test('love-mobile: sign-in and the signed-in app are Russian after a reload', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the love app is checked on the phone');
    await page.goto('/love-mobile/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход во Flame');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход во Flame');

    const owner = await signedUpOwner(page.request, { email: uniqueEmail('lang-love'), ln: 'ru' });
    await signIn(page, owner);
    await page.goto('/love-mobile/profiles');
    const footer = page.getByRole('contentinfo').getByRole('navigation');
    await expect(footer.getByRole('link')).toHaveText(['Совместимость пары', 'Профили', 'Настройки']);
    await page.reload();
    await expect(footer.getByRole('link')).toHaveText(['Совместимость пары', 'Профили', 'Настройки']);
    await expect(page.getByRole('banner').getByText('EN', { exact: true })).toBeVisible();
  });

  test("the employee's questionnaire link and a shared result open in Russian, also after a reload", async ({ page, browser }) => {
    const owner = await signedUpOwner(page.request, { email: uniqueEmail('lang-link'), ln: 'ru' });
    const link = await questionnaireLink(page.request, owner);

    const employee = await browser.newContext({ locale: 'ru-RU' });
    await quiet(employee);
    const visitor = await employee.newPage();
    await visitor.goto(link);
    await expect(visitor.getByTestId('questionnaire-progress')).toHaveText('Шаг 1 из 5');
    await visitor.reload();
    await expect(visitor.getByTestId('questionnaire-progress')).toHaveText('Шаг 1 из 5');
    await expect(visitor.getByText('Приглашение от компании Acme')).toBeVisible();
    await expectAccessible(visitor, 'questionnaire by link in Russian');

    // A shared result's page and the server's answer about it speak the browser's language too.
    await visitor.goto(`/result/${'x'.repeat(24)}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Результат совместимости');
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Результат совместимости');
    await expect(visitor.getByRole('alert')).toHaveText(/[А-Яа-яЁё]/);
    await employee.close();
  });
});

test.describe('an English browser (en-US) that never chose a language', () => {
  test.use({ locale: 'en-US' });
  test.beforeEach(({ context }) => quiet(context));

  test('the landing, the owner sign-in and the phone apps are English, also after a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See how people will work together before they start');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See how people will work together before they start');

    await page.goto('/owner/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.goto('/love-mobile/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Flame');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Flame');
    await expectAccessible(page, 'love-mobile sign-in in English');
  });
});
