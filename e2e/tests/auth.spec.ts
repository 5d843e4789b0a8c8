import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { E2E_ADMIN, mailedLink } from '../support/mail.ts';
import { signedUpOwner } from '../support/owner.ts';
import { passAdminSecondStep } from '../support/second-factor.ts';
import { adminToken, newEstimator } from '../support/estimator.ts';

const PASSWORD = 'quiet-harbour-42';
const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;

/** The owner app under test: the desktop site in the desktop project, the love phone app on the phone. */
function ownerApp(projectName: string) {
  return projectName === 'phone'
    ? { prefix: '/love-mobile', home: '/love-mobile/p2p', love: true }
    : { prefix: '/owner', home: '/owner/dashboard', love: false };
}

async function signOut(page: Page, app: ReturnType<typeof ownerApp>) {
  if (app.love) {
    await page.goto(`${app.prefix.replace('/owner', '/owner-mobile')}/settings`);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectAccessible(page, 'settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${app.prefix}/login`));
}

async function signIn(page: Page, app: ReturnType<typeof ownerApp>, email: string, password: string) {
  await page.goto(`${app.prefix}/login`);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  // The cookie and privacy notices and the first-visit guide stay until closed; these journeys are not about them.
  await page.addInitScript(() => {
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  });
});

const storedToken = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('teamcast.auth.owner') ?? '{}').token as string | undefined);

test.describe('owner accounts', () => {
  // An English browser: the owner pages, the mail and its link are in English.
  test.use({ locale: 'en-US' });
  test('sign up → check your mail → the link proves the address and asks for a password → sign out (the token dies at once) → sign in with it', async ({
    page,
  }, testInfo) => {
    const app = ownerApp(testInfo.project.name);
    const email = uniqueEmail('signup');
    await page.goto(`${app.prefix}/first-signup`);
    await expect(page.getByRole('button', { name: 'Create the account' })).toBeVisible();
    await expectAccessible(page, 'sign-up');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.getByLabel('E-mail').fill(email);
    if (!app.love) await page.getByLabel('Company').fill('Acme');
    await page.getByLabel('I accept the privacy policy').check();
    await page.getByLabel('I agree to the processing of my personal data').check();
    await page.getByRole('button', { name: 'Create the account' }).click();
    await expect(page.getByTestId('signup-sent')).toContainText(`Check your mail: we sent a message to ${email}`);
    await expectAccessible(page, 'sign-up: check your mail');

    const link = await mailedLink(page.request, email, 'verify');
    expect(link.startsWith(`${app.prefix}/registration?token=`)).toBe(true);
    await page.goto(link);
    await expect(page.getByTestId('first-proof-notice')).toContainText('Your address is confirmed');
    await expectAccessible(page, 'choose a password after the first proof');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(new RegExp(app.home));
    await expect(page.getByTestId('verify-notice')).toHaveCount(0);

    const token = await storedToken(page);
    await signOut(page, app);
    const refused = await page.request.get('/api/owner/self', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);

    await signIn(page, app, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(app.home));
  });

  test('sign in by a magic link from the mail; the used link has expired', async ({ page }, testInfo) => {
    const app = ownerApp(testInfo.project.name);
    const email = uniqueEmail('magic');
    await signedUpOwner(page.request, { email, password: PASSWORD });

    await page.goto(`${app.prefix}/magic-link`);
    await expect(page.getByRole('button', { name: 'Send me a link' })).toBeVisible();
    await expectAccessible(page, 'magic link request');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByTestId('link-sent')).toContainText(email);
    await expectAccessible(page, 'link sent');
    const link = await mailedLink(page.request, email, 'magic');
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(app.home));

    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByTestId('auth-error')).toHaveText('The link has expired');
    await expectAccessible(page, 'expired link');
  });

  test('forgot password → mail → reset → the new password signs in, the old one is refused', async ({ page }, testInfo) => {
    const app = ownerApp(testInfo.project.name);
    const email = uniqueEmail('reset');
    await signedUpOwner(page.request, { email, password: PASSWORD });
    await page.goto(`${app.prefix}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
    await expectAccessible(page, 'forgotten password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('link-sent')).toBeVisible();

    await page.goto(await mailedLink(page.request, email, 'reset'));
    await expect(page.getByLabel('New password')).toBeVisible();
    await expectAccessible(page, 'new password');
    await page.getByLabel('New password').fill('password');
    await page.getByLabel('Repeat the password').fill('password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('This password is among the most common ones. Choose another')).toBeVisible();
    await expectAccessible(page, 'new password with an error');
    await page.getByLabel('New password').fill('brand-new-secret-7');
    await page.getByLabel('Repeat the password').fill('brand-new-secret-7');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByTestId('login-page')).toBeVisible();

    await signIn(page, app, email, PASSWORD);
    await expect(page.getByTestId('auth-error')).toHaveText("Please check the data you've entered and try again");
    await signIn(page, app, email, 'brand-new-secret-7');
    await expect(page).toHaveURL(new RegExp(app.home));
  });

  test('a sign-up with an address in use looks like any other; a deleted account answers like an unknown address', async ({ page }, testInfo) => {
    const app = ownerApp(testInfo.project.name);
    const email = uniqueEmail('delete');
    await signIn(page, app, email, PASSWORD);
    await expect(page.getByTestId('auth-error')).toHaveText("Please check the data you've entered and try again");
    await signedUpOwner(page.request, { email, password: PASSWORD });

    await page.goto(`${app.prefix}/first-signup`);
    await page.getByLabel('E-mail').fill(email);
    if (!app.love) await page.getByLabel('Company').fill('Acme');
    await page.getByLabel('I accept the privacy policy').check();
    await page.getByLabel('I agree to the processing of my personal data').check();
    await page.getByRole('button', { name: 'Create the account' }).click();
    await expect(page.getByTestId('signup-sent')).toContainText(`Check your mail: we sent a message to ${email}`);

    await signIn(page, app, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(app.home));
    await page.goto(`${app.prefix}/settings#delete`);
    const form = page.getByTestId('delete-account-form');
    await form.getByRole('textbox').fill('Remove');
    await form.getByRole('button', { name: 'Delete the account' }).click();
    await expect(form.getByText('Type the word Delete to confirm')).toBeVisible();
    await expectAccessible(page, 'account deletion with an error');
    await form.getByRole('textbox').fill('Delete');
    await form.getByRole('button', { name: 'Delete the account' }).click();
    // Each app's own login: the desktop's deletion never lands in a phone shell.
    await expect(page).toHaveURL(new RegExp(`${app.prefix}/login`));

    await signIn(page, app, email, PASSWORD);
    await expect(page.getByTestId('auth-error')).toHaveText("Please check the data you've entered and try again");
    await expectAccessible(page, 'sign-in with an error');
  });
});

test.describe('administrator', () => {
  // The console is a desktop screen; one project at a time uses the one administrator's mailed links.
  test.skip(({ isMobile }) => isMobile, 'the administrator console is a desktop screen');
  test('signs in with the password, signs out, signs in by a mailed link', async ({ page }) => {
    await page.goto('/administrator/owners');
    await expect(page).toHaveURL(/\/administrator-login\?next=/);
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expectAccessible(page, 'administrator sign-in');
    await page.getByLabel('Электронная почта').fill(E2E_ADMIN.email);
    await page.getByLabel('Пароль', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    // No session before the second factor: the console is still closed.
    await expect(page.getByTestId('second-factor-page')).toBeVisible();
    await expectAccessible(page, 'administrator second step');
    await passAdminSecondStep(page);
    await expect(page).toHaveURL(/\/administrator\/owners$/);

    await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/administrator-login$/);

    await page.getByRole('button', { name: 'Войти по ссылке из письма' }).click();
    await expect(page.getByRole('button', { name: 'Прислать ссылку' })).toBeVisible();
    await expectAccessible(page, 'administrator magic link request');
    await page.getByLabel('Электронная почта').fill(E2E_ADMIN.email);
    await page.getByRole('button', { name: 'Прислать ссылку' }).click();
    await expect(page.getByTestId('link-sent')).toBeVisible();
    await page.goto(await mailedLink(page.request, E2E_ADMIN.email, 'magic'));
    await passAdminSecondStep(page);
    await expect(page).toHaveURL(/\/administrator\/profiles$/);
  });
});

test.describe('estimator', () => {
  test.skip(({ isMobile }) => isMobile, 'estimator screens are desktop screens');
  test('signs in by a mailed link, resets the password by mail, signs out and signs in with the new password', async ({ page }) => {
    // An estimator of this run's own, made by the administrator (e2e/support/estimator.ts).
    const { email: estimatorEmail } = await newEstimator(page.request, await adminToken(page.request));
    await page.goto('/estimator/magic-link');
    await expect(page.getByRole('button', { name: 'Прислать ссылку' })).toBeVisible();
    await expectAccessible(page, 'estimator magic link request');
    await page.getByLabel('Имя пользователя или почта').fill(estimatorEmail);
    await page.getByRole('button', { name: 'Прислать ссылку' }).click();
    await expect(page.getByTestId('link-sent')).toBeVisible();
    await page.goto(await mailedLink(page.request, estimatorEmail, 'magic'));
    await expect(page).toHaveURL(/\/estimator$/);
    await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/estimator\/login$/);

    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page.getByRole('button', { name: 'Отправить ссылку' })).toBeVisible();
    await expectAccessible(page, 'estimator forgotten password');
    await page.getByLabel('Имя пользователя или почта').fill(estimatorEmail);
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect(page.getByTestId('link-sent')).toBeVisible();
    await page.goto(await mailedLink(page.request, estimatorEmail, 'reset'));
    await expect(page.getByLabel('Новый пароль')).toBeVisible();
    await expectAccessible(page, 'estimator new password');
    await page.getByLabel('Новый пароль').fill('estimator-calm-lake-3');
    await page.getByLabel('Повторите пароль').fill('estimator-calm-lake-3');
    await page.getByRole('button', { name: 'Сохранить новый пароль' }).click();
    await expect(page).toHaveURL(/\/estimator\/login$/);

    await page.getByLabel('Имя пользователя или почта').fill(estimatorEmail);
    await page.getByLabel('Пароль', { exact: true }).fill('estimator-calm-lake-3');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page).toHaveURL(/\/estimator$/);
  });
});
