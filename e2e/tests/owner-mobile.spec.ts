import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { mailedLink } from '../support/mail.ts';

const PASSWORD = 'silver-pine-73';

test.beforeEach(async ({ context }) => {
  // English to start with; the cookie and privacy notices and the first-visit guide closed: this journey is not about them.
  await context.addInitScript(() => {
    if (!localStorage.getItem('teamcast.locale')) localStorage.setItem('teamcast.locale', 'en');
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  });
});

/** A completed short profile, scored by the server when it is created. */
async function completedProfile(request: APIRequestContext, token: string, firstName: string, lastName: string, answers: Record<string, string | number>) {
  const res = await request.post('/api/owner/profiles/short', {
    headers: { authorization: `Bearer ${token}` },
    data: { personInformed: true, firstName, lastName, answers: Object.entries(answers).map(([neuron, value]) => ({ neuron, value })) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function pickPerson(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

const footer = (page: Page) => page.getByRole('contentinfo').getByRole('navigation');

test('an owner signs up in the phone app, moves through the footer, creates and opens profiles, checks a pair, switches the language and signs out', async ({
  page,
}) => {
  // Sign-up in the owner phone app: check your mail; the mailed link proves the address, asks for a password and
  // lands in the app's compatibility check.
  const email = `owner-mobile-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await page.goto('/owner-mobile/first-signup');
  await expect(page.getByRole('button', { name: 'Create the account' })).toBeVisible();
  await expectAccessible(page, 'owner-mobile sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Company').fill('Pocket Ltd');
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByLabel('I agree to the processing of my personal data').check();
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByTestId('signup-sent')).toContainText(email);
  const link = await mailedLink(page.request, email, 'verify');
  expect(link.startsWith('/owner-mobile/registration?token=')).toBe(true);
  await page.goto(link);
  await expect(page.getByTestId('first-proof-notice')).toBeVisible();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/p2p$/);

  // Two completed people to pair, written through the API with the token the sign-up stored.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('teamcast.auth.owner') ?? '{}').token as string);
  expect(token).toBeTruthy();
  await completedProfile(page.request, token, 'Anna', 'Smirnova', {
    С_Пол: 'Ж',
    С_Возр: 31,
    С_ВУЗ: 'Магистр',
    С_Степень: 'Нет',
    С_Стаж: 9,
    С_Руков_Стаж: 3,
    С_Проживание: 'Партнёр',
    С_Дети: 1,
  });
  await completedProfile(page.request, token, 'Boris', 'Orlov', {
    С_Пол: 'М',
    С_Возр: 44,
    С_ВУЗ: 'Бакалавр',
    С_Стаж: 20,
    С_Руков_Стаж: 10,
    С_Проживание: 'Один',
    С_Дети: 0,
  });

  // The app's root sends a signed-in owner to the compatibility check; the footer has the three sections.
  await page.goto('/owner-mobile');
  await expect(page).toHaveURL(/\/owner-mobile\/p2p$/);
  await expect(page.getByTestId('pair-setup')).toBeVisible();
  await expect(footer(page).getByRole('link')).toHaveText(['Compatibility', 'Team', 'Profiles', 'Settings']);
  await expect(footer(page).getByRole('link', { name: 'Compatibility' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'owner-mobile compatibility check');

  // Profiles: both people are listed; a new one is created with the wizard and opens empty.
  await footer(page).getByRole('link', { name: 'Profiles' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/profiles$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profiles');
  await expect(page.getByTestId('profile-card')).toHaveCount(2);
  await expect(page.getByTestId('profile-card').filter({ hasText: 'Anna Smirnova' })).toContainText('Completed');
  await expectAccessible(page, 'owner-mobile profiles');

  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('dialog', { name: 'New profile' })).toBeVisible();
  await expectAccessible(page, 'owner-mobile new profile: questionnaire kind');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel(/^First name/)).toBeVisible();
  await page.getByLabel(/^First name/).fill('Clara');
  await page.getByLabel(/^Last name/).fill('Novak');
  await expectAccessible(page, 'owner-mobile new profile: names');
  await page.getByLabel(/The person knows I am creating this profile/).check();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Profile “Clara Novak” created. Send the link so it gets filled in.')).toBeVisible();
  await expectAccessible(page, 'owner-mobile new profile: created');
  await page.getByRole('button', { name: 'Open profile' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/profiles\/[\w-]+$/);
  await expect(page.getByTestId('profile-page')).toContainText('Clara Novak');
  await expect(page.getByTestId('profile-state')).toHaveText('Empty');
  await expectAccessible(page, 'owner-mobile empty profile');

  // Back in the list, a completed profile opens with its answers.
  await footer(page).getByRole('link', { name: 'Profiles' }).click();
  await expect(page.getByTestId('profile-card')).toHaveCount(3);
  await page.getByTestId('profile-card').filter({ hasText: 'Anna Smirnova' }).getByText('Anna Smirnova').click();
  await expect(page).toHaveURL(/\/owner-mobile\/profiles\/[\w-]+$/);
  await expect(page.getByTestId('profile-state')).toHaveText('Completed');
  await expect(page.getByTestId('profile-facts')).toContainText('31');
  await expectAccessible(page, 'owner-mobile completed profile');

  // Compatibility: the pair check in the phone app gives a full result at its own address.
  await footer(page).getByRole('link', { name: 'Compatibility' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/p2p$/);
  await expect(page.getByTestId('pair-setup')).toBeVisible();
  await pickPerson(page, 'pick-a', 'Anna Smirnova');
  await pickPerson(page, 'pick-b', 'Boris Orlov');
  await page.getByTestId('pair-run').click();
  await expect(page).toHaveURL(/\/owner-mobile\/p2p\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('block-compatibility')).toBeVisible();
  await expect(page.getByTestId('compatibility-value')).toHaveText(/^-?\d+$/);
  await expect(page.getByTestId('rating-chart')).toBeVisible();
  await expect(page.getByTestId('block-narrative')).toContainText('Anna and Boris');
  await expectAccessible(page, 'owner-mobile pair result');

  // Settings: the account's address; switching to Russian changes the screen and the footer at once.
  await footer(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByTestId('settings-page')).toContainText(email);
  await expectAccessible(page, 'owner-mobile settings');
  await page.getByTestId('settings-page').getByText('RU', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки');
  await expect(footer(page).getByRole('link')).toHaveText(['Совместимость', 'Команда', 'Профили', 'Настройки']);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expectAccessible(page, 'owner-mobile settings in Russian');

  // The language stays with the owner across the app.
  await footer(page).getByRole('link', { name: 'Профили' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Профили');

  // Signing out ends the session and leaves the owner at the phone app's sign-in, still in Russian.
  await footer(page).getByRole('link', { name: 'Настройки' }).click();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/login$/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  await expectAccessible(page, 'owner-mobile sign-in');
  const refused = await page.request.get('/api/owner/self', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  await page.goto('/owner-mobile/profiles');
  await expect(page).toHaveURL(/\/owner-mobile\/login\?next=/);
});
