import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { deviceOf, loveBrowser, startLoveServer, type LoveServer } from '../support/love-host.ts';
import { mailedLink } from '../support/mail.ts';
import { signedInOwner } from '../support/owner.ts';

const PASSWORD = 'amber-meadow-58';
const uniqueEmail = () => `site-${crypto.randomBytes(4).toString('hex')}@example.com`;
const isPhone = (projectName: string) => projectName === 'phone';

/** Closes the cookie and privacy notices (shown to every new visitor) so they do not cover buttons on small screens. */
async function closeNotices(page: Page) {
  for (const notice of ['cookie-notice', 'privacy-notice']) {
    const box = page.getByTestId(notice);
    await expect(box).toBeVisible();
    await box.getByRole('button').last().click();
    await expect(box).toHaveCount(0);
  }
}

/** From the landing: switch to English, follow the sign-up call to action and create an owner account. */
async function signUpFromLanding(page: Page, email: string) {
  await page.goto('/');
  await closeNotices(page);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('See how people will work together before they start');
  await page.getByTestId('landing-signup').click();
  await expect(page).toHaveURL(/\/owner\/first-signup$/);
  await expect(page.getByRole('button', { name: 'Create the account' })).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Company').fill('Acme');
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByLabel('I agree to the processing of my personal data').check();
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByTestId('signup-sent')).toContainText(email);
  // The mailed link proves the address and asks for the password.
  await page.goto(await mailedLink(page.request, email, 'verify'));
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/owner\/dashboard$/);
}

test.describe('public site', () => {
  test('the landing says what Teamcast forecasts, for whom, the features with the monitor, and the ways in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Узнайте, как люди будут работать вместе, ещё до начала работы');
    await expect(page).toHaveTitle('Главная · Teamcast');
    for (const audience of ['Владельцы бизнеса', 'Тимлиды', 'Руководители', 'Основатели', 'Инвесторы'])
      await expect(page.getByText(audience, { exact: true })).toBeVisible();
    await expect(page.getByTestId('feature-monitor')).toContainText('Монитор директора');
    await expect(page.getByRole('heading', { name: 'Тарифы' })).toBeVisible();
    await expect(page.getByTestId('landing-signup')).toHaveAttribute('href', '/owner/first-signup');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/owner-mobile.webmanifest');
    await expectAccessible(page, 'landing');
  });

  test('the landing arrives rendered in the host language and comes alive without being drawn again', async ({ page, request, browser }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('data-prerendered="ru"');
    expect(html).toContain('Узнайте, как люди будут работать вместе, ещё до начала работы');
    expect(await (await request.get('/', { headers: { host: 'teamcast.com' } })).text()).toContain('See how people will work together before they start');

    // Without scripts the content is already there.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto('/');
    await expect(still.getByRole('heading', { level: 1 })).toHaveText('Узнайте, как люди будут работать вместе, ещё до начала работы');
    await noScript.close();

    // With them, React takes over the markup it finds (a mismatch would log an error and draw the page anew).
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const w = window as unknown as { landingReplaced: boolean };
      w.landingReplaced = false;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof HTMLElement && node.querySelector('[data-testid="landing-page"]')) w.landingReplaced = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('cookie-notice')).toBeVisible();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See how people will work together before they start');
    await expect(page).toHaveTitle('Home · Teamcast');
    expect(await page.evaluate(() => (window as unknown as { landingReplaced: boolean }).landingReplaced)).toBe(false);
    expect(errors).toEqual([]);

    // The visitor chose English before: the Russian markup gives way to the English page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See how people will work together before they start');
    expect(await page.evaluate(() => (window as unknown as { landingReplaced: boolean }).landingReplaced)).toBe(true);
    await page.getByTestId('landing-signup').click();
    await expect(page).toHaveURL(/\/owner\/first-signup$/);
    expect(errors).toEqual([]);
  });

  test('the cookie and privacy notices stay until closed, and closing is remembered', async ({ page }) => {
    await page.goto('/');
    const cookies = page.getByTestId('cookie-notice');
    const privacy = page.getByTestId('privacy-notice');
    await expect(cookies).toBeVisible();
    await expectAccessible(page, 'landing with the cookie notice');
    // On a phone the header's sections fold behind the menu button.
    if (isPhone(test.info().project.name)) await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('link', { name: 'Вопросы и ответы' }).first().click();
    await expect(page.getByTestId('faq-page')).toBeVisible();
    await expect(cookies).toBeVisible();
    await page.reload();
    await expect(cookies).toBeVisible();
    await cookies.getByRole('button', { name: 'Закрыть' }).click();
    await expect(cookies).toHaveCount(0);
    await expect(privacy).toBeVisible();
    await expectAccessible(page, 'FAQ with the privacy notice');
    await page.reload();
    await expect(page.getByTestId('faq-page')).toBeVisible();
    await expect(cookies).toHaveCount(0);
    await expect(privacy).toBeVisible();
    await privacy.getByRole('button', { name: 'Закрыть' }).click();
    await page.goto('/');
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await expect(cookies).toHaveCount(0);
    await expect(privacy).toHaveCount(0);
  });

  test('the FAQ opens answers in place and help topics show their pictures', async ({ page }) => {
    await page.goto('/faq');
    await closeNotices(page);
    await page.getByText('Как проверить совместимость двух людей?').click();
    await expect(page.getByText(/Откройте «Проверку совместимости»/)).toBeVisible();
    await expectAccessible(page, 'FAQ with an open answer');
    await page.goto('/help');
    await expect(page.getByTestId('help-index')).toBeVisible();
    await expectAccessible(page, 'help topics');
    await page.getByRole('link', { name: /Проверка совместимости/ }).click();
    await expect(page).toHaveURL(/\/help\/pair$/);
    const picture = page.getByRole('img', { name: /Результат совместимости/ }).first();
    await expect(picture).toHaveAttribute('src', '/help/default/pair.svg');
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectAccessible(page, 'help topic');
  });

  test('an enterprise request needs both consents, then is received', async ({ page }) => {
    await page.goto('/enterprise');
    await closeNotices(page);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByLabel('Your name').fill('Anna Petrova');
    await page.getByLabel('Work e-mail').fill('anna@example.com');
    await page.getByLabel('Company').fill('Acme');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Consent is required')).toHaveCount(2);
    await expectAccessible(page, 'enterprise request with errors');
    await page.getByLabel('I accept the privacy policy.').check();
    await page.getByLabel('I agree to the processing of my personal data.').check();
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByTestId('enterprise-sent')).toContainText('anna@example.com');
    await expectAccessible(page, 'enterprise request received');
  });
});

test.describe('owner home', () => {
  test('landing → sign up → guided tour → dashboard; the tour does not come back by itself', async ({ page }) => {
    await signUpFromLanding(page, uniqueEmail());
    const tour = page.getByTestId('guide-tour');
    await expect(tour).toBeVisible();
    await expect(tour).toContainText('Step 1 of 7');
    await expectAccessible(page, 'guided tour');
    for (let step = 2; step <= 7; step += 1) {
      await tour.getByTestId('guide-next').click();
      await expect(tour).toContainText(`Step ${step} of 7`);
    }
    await tour.getByTestId('guide-finish').click();
    await expect(tour).toHaveCount(0);

    const dashboard = page.getByTestId('dashboard-page');
    await expect(dashboard.getByRole('heading', { level: 1 })).toHaveText('Home');
    await expect(page.getByTestId('counter-p2p')).toContainText('0');
    await expect(page.getByTestId('counter-team')).toContainText('0');
    await expect(page.getByTestId('history-empty')).toContainText('fills as you run');
    await expect(page.getByTestId('shortcut-pair')).toHaveAttribute('href', '/owner/dashboard/p2p');
    await expectAccessible(page, 'home');
    await page.reload();
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await expect(tour).toHaveCount(0);
  });

  test('the owner menu reaches every section, restarts the guide and signs out', async ({ page }, testInfo) => {
    // Signing up is the journey above; this one starts signed in.
    await signedInOwner(page, page.request, 'Menu');
    await page.goto('/owner/dashboard');
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const open = async (name: string) => {
      if (isPhone(testInfo.project.name)) await page.getByRole('button', { name: 'Menu' }).click();
      await menu.getByRole('link', { name, exact: true }).click();
    };
    const sections: [string, RegExp][] = [
      ['Compatibility check', /\/owner\/dashboard\/p2p$/],
      ['Team check', /\/owner\/dashboard\/team$/],
      ["Manager's Simulator", /\/owner\/teams$/],
      ['Team comparison', /\/owner\/dashboard\/compare-teams$/],
      ['Profiles', /\/owner\/profiles$/],
      ['Home', /\/owner\/dashboard$/],
    ];
    for (const [name, url] of sections) {
      await open(name);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, name);
    }
    if (isPhone(testInfo.project.name)) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu.getByRole('link', { name: 'Monitor' })).toHaveAttribute('href', '/owner/monitor');
    await expectAccessible(page, 'owner menu');
    if (isPhone(testInfo.project.name)) await page.getByRole('button', { name: 'Menu' }).click();

    await open('Guide');
    await expect(page.getByTestId('guide-tour')).toContainText('Step 1 of 7');
    await expect(page).toHaveURL(/\/owner\/dashboard$/);
    await page.getByTestId('guide-tour').getByRole('button', { name: 'Skip the tour' }).click();

    // Settings, FAQ and Info open inside the desktop shell: its menu and its header's sign-out stay.
    const inDesktopShell = async () => {
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.locator('main')).toHaveCount(1);
    };
    await open('Change password');
    await expect(page).toHaveURL(/\/owner\/settings#password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await inDesktopShell();
    await expectAccessible(page, 'settings');
    await page.goBack();
    await open('Delete account');
    await expect(page).toHaveURL(/\/owner\/settings#delete$/);
    await page.goBack();
    await open('FAQ');
    await expect(page).toHaveURL(/\/owner\/faq$/);
    await expect(page.getByTestId('faq-page')).toBeVisible();
    await inDesktopShell();
    await page.goBack();
    await open('Info');
    await expect(page).toHaveURL(/\/owner\/help$/);
    await expect(page.getByTestId('help-index')).toBeVisible();
    await inDesktopShell();
    await expectAccessible(page, 'info');
    await page.goBack();
    await open('Sign out');
    await expect(page).toHaveURL(/\/owner\/login$/);
  });

  test('settings change the language live', async ({ page }) => {
    await signedInOwner(page, page.request, 'Settings');
    await page.goto('/owner/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await page.getByTestId('settings-page').getByText('RU', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки');
    await expectAccessible(page, 'settings in Russian');
    await page.goto('/owner/dashboard');
    await expect(page.getByTestId('dashboard-page').getByRole('heading', { level: 1 })).toHaveText('Главная');
  });
});

/**
 * The love host: a second server on a free port with LOVE_HOSTS=love.test, reached through a browser whose resolver
 * maps love.test to this machine, so the request carries the love host name exactly as in production.
 */
test.describe('love host', () => {
  let love: LoveServer | undefined;

  test.beforeAll(async () => {
    love = await startLoveServer();
  });

  test.afterAll(() => love?.stop());

  test('shows the love title and starts in the love-mobile app', async ({ baseURL: _mainServer }, testInfo) => {
    const browser = await loveBrowser();
    try {
      const context = await browser.newContext(deviceOf(testInfo));
      const page = await context.newPage();
      const { origin } = love!;
      await page.goto(`${origin}/`);
      await expect(page).toHaveURL(new RegExp(`${origin}/love-mobile/login`));
      await expect(page).toHaveTitle(/Flame by Teamcast$/);
      await expect(page.getByTestId('login-page')).toBeVisible();
      await expectAccessible(page, 'love sign-in');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/love-mobile.webmanifest');
      await page.goto(`${origin}/help/pair`);
      await expect(page.getByTestId('site-title')).toHaveText('Flame by Teamcast');
      await expectAccessible(page, 'love help topic');
      await expect(page.getByRole('img').first()).toHaveAttribute('src', '/help/love/pair.svg');
      // From the page, so the request goes through the browser's host mapping with the love Host header.
      const host = await page.evaluate(() => fetch('/api/site/host').then((response) => response.json()));
      expect(host.result).toMatchObject({ variant: 'love', title: 'Flame by Teamcast' });
    } finally {
      await browser.close();
    }
  });
});

test.describe('installable app', () => {
  test('manifests, icons and a service worker that keeps the shell but never the API', async ({ page, request }) => {
    for (const variant of ['owner', 'love']) {
      const manifest = await (await request.get(`/${variant}-mobile.webmanifest`)).json();
      expect(manifest.start_url).toBe(`/${variant}-mobile`);
      for (const icon of manifest.icons as { src: string }[]) expect((await request.get(icon.src)).status()).toBe(200);
    }
    await page.goto('/');
    await expect.poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker?.getRegistration()))).toBe(true);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.evaluate(() => fetch('/api/health'));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.some((url) => url.startsWith('/api/'))).toBe(false);
  });
});
