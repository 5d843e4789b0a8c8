import crypto from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { deviceOf, loveBrowser, startLoveServer, type LoveServer } from '../support/love-host.ts';
import { mailedLink } from '../support/mail.ts';

/**
 * The love product end to end, on a phone, on the love host, in Russian and in English (issue 19's "Done when"): a
 * person signs up on /love-mobile/registration (no company), creates and fills his own love profile, invites the
 * partner by the questionnaire link (filled in a second browser), runs LOVE and FRIEND, reads the chart with its band and
 * the narrative, pays the one-off unlock with the test card, shares the result and a third, signed-out browser opens it
 * in his language. No work profile is ever made: the love host's server has no demo data and the owner only makes love
 * profiles.
 */

const PASSWORD = 'amber-meadow-58';

const words = {
  'ru-RU': {
    email: 'Электронная почта',
    privacy: 'Я принимаю политику конфиденциальности',
    personal: 'Я согласен на обработку персональных данных',
    request: 'Запросить регистрацию',
    newPassword: 'Новый пароль',
    repeat: 'Повторите пароль',
    savePassword: 'Сохранить и продолжить',
    create: 'Создать профиль',
    next: 'Далее',
    createIt: 'Создать',
    getLink: 'Получить ссылку на анкету',
    firstName: /^Имя/,
    birthDate: /^Дата рождения/,
    informed: /Человек знает, что я создаю этот профиль/,
    send: 'Отправить анкету',
    consent: /Я прочитал\(а\) уведомление/,
    friend: 'Дружба',
    number: 'Номер карты',
    expiry: 'Срок действия',
    pay: /^Оплатить .* и открыть$/,
    names: 'Имена',
    me: 'Мария',
    partner: 'Иван',
    and: 'и',
  },
  'en-US': {
    email: 'E-mail',
    privacy: 'I accept the privacy policy',
    personal: 'I agree to the processing of my personal data',
    request: 'Request registration',
    newPassword: 'New password',
    repeat: 'Repeat the password',
    savePassword: 'Save and continue',
    create: 'Create profile',
    next: 'Next',
    createIt: 'Create',
    getLink: 'Get the questionnaire link',
    firstName: /^First name/,
    birthDate: /^Date of birth/,
    informed: /The person knows I am creating this profile/,
    send: 'Send the questionnaire',
    consent: /I have read the notice/,
    friend: 'Friendship',
    number: 'Card number',
    expiry: 'Expiry',
    pay: /^Pay .* and open$/,
    names: 'First names',
    me: 'Mary',
    partner: 'John',
    and: 'and',
  },
} as const;
type Locale = keyof typeof words;
type Words = (typeof words)[Locale];

/** The notices and the first-visit guide closed: this journey is not about them. Nothing sets the language. */
async function quiet(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  });
}

const question = (page: Page, neuron: string) => page.getByTestId(`question-${neuron}`);
const firstChoice = (page: Page, neuron: string) => question(page, neuron).getByRole('radio').first().check();
const slider = (page: Page, neuron: string, value: string) => question(page, neuron).getByRole('textbox').first().fill(value);

/** Fills the three steps of the love questionnaire opened by its link, in the page's language, and sends it. */
async function fillLoveQuestionnaire(page: Page, w: Words, birthDate: string) {
  await expect(page.getByTestId('link-questionnaire')).toBeVisible();
  const birth = page.getByLabel(w.birthDate);
  if ((await birth.inputValue()) === '') await birth.fill(birthDate);
  await firstChoice(page, 'С_Пол');
  await firstChoice(page, 'Л_Место_Знакомства');
  await question(page, 'Л_Интересы').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: w.next }).click();
  await slider(page, 'Л_Баланс', '5');
  await firstChoice(page, 'Л_Выходные');
  await firstChoice(page, 'Л_Расстояние');
  await slider(page, 'Л_Время_Вместе', '20');
  await page.getByRole('button', { name: w.next }).click();
  await slider(page, 'Л_Притяжение', '8');
  await firstChoice(page, 'Л_Второй_Шанс');
  await firstChoice(page, 'Л_Язык_Любви');
  await firstChoice(page, 'Л_Испытание');
  await page.getByLabel(w.consent).check();
  await page.getByRole('button', { name: w.send }).click();
  await expect(page.getByTestId('questionnaire-sent')).toBeVisible();
}

/** In the love app's profiles: a new love profile (name and birth date), and its questionnaire link. */
async function newLoveProfile(page: Page, origin: string, w: Words, name: string, birthDate: string): Promise<string> {
  await page.goto(`${origin}/love-mobile/profiles`);
  await expect(page.getByTestId('profile-list')).toBeVisible();
  await page.getByRole('button', { name: w.create }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: w.next }).click();
  await dialog.getByLabel(w.firstName).fill(name);
  await dialog.getByLabel(w.birthDate).fill(birthDate);
  await dialog.getByLabel(w.informed).check();
  await dialog.getByRole('button', { name: w.createIt, exact: true }).click();
  await dialog.getByRole('button', { name: w.getLink }).click();
  const url = await dialog.getByTestId('share-link-url').inputValue();
  expect(url).toMatch(new RegExp(`^${origin}/profile-questionnaire\\?link=[A-Za-z0-9_-]{24}$`));
  await page.keyboard.press('Escape');
  return url;
}

async function pickPerson(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

async function journey(browser: Browser, love: LoveServer, testInfo: TestInfo, locale: Locale) {
  const w = words[locale];
  const { origin } = love;
  const device = { ...deviceOf(testInfo), locale };
  const ownerContext = await browser.newContext(device);
  await quiet(ownerContext);
  const page = await ownerContext.newPage();

  // Registration on the love host: an address and the consents, no company.
  const email = `love-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await page.goto(`${origin}/love-mobile/registration`);
  await expect(page.getByTestId('registration-page')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(1);
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.privacy).check();
  await page.getByLabel(w.personal).check();
  await page.getByRole('button', { name: w.request }).click();
  await expect(page.getByTestId('link-sent')).toContainText(email);
  const link = await mailedLink(page.request, email, 'verify');
  await page.goto(`${origin}${link}`);
  await page.getByLabel(w.newPassword).fill(PASSWORD);
  await page.getByLabel(w.repeat).fill(PASSWORD);
  await page.getByRole('button', { name: w.savePassword }).click();
  await expect(page).toHaveURL(new RegExp(`${origin}/love-mobile/p2p$`));

  // The owner's own love profile, filled by himself; the partner's, filled by its link in the partner's own browser.
  const ownLink = await newLoveProfile(page, origin, w, w.me, '1994-03-12');
  const partnerLink = await newLoveProfile(page, origin, w, w.partner, '1990-07-30');
  await page.goto(ownLink);
  await fillLoveQuestionnaire(page, w, '1994-03-12');
  const partnerContext = await browser.newContext(device);
  await quiet(partnerContext);
  const partner = await partnerContext.newPage();
  await partner.goto(partnerLink);
  await fillLoveQuestionnaire(partner, w, '1990-07-30');
  await partnerContext.close();

  // LOVE: the blocks beyond the summary wait for the one-off unlock, paid with the test card.
  await page.goto(`${origin}/love-mobile/p2p`);
  await expect(page.getByTestId('pair-setup')).toBeVisible();
  await pickPerson(page, 'pick-a', w.me);
  await pickPerson(page, 'pick-b', w.partner);
  await page.getByTestId('pair-run').click();
  await expect(page.getByTestId('block-compatibility')).toBeVisible();
  await expect(page.getByTestId('block-chart')).toHaveAttribute('data-locked', 'true');
  const unlock = page.getByTestId('love-unlock');
  await unlock.getByLabel(w.number).fill('4242 4242 4242 4242');
  await unlock.getByLabel(w.expiry).fill('12/34');
  await unlock.getByLabel('CVC').fill('123');
  await unlock.getByRole('button', { name: w.pay }).click();
  await expect(page.getByTestId('rating-chart')).toBeVisible();
  await expect(page.getByTestId('block-chart')).not.toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('band-note')).toHaveText(/\S/);
  await expect(page.getByTestId('block-narrative')).toContainText(w.me);
  await expect(page.getByTestId('heading-passion')).toBeVisible();
  await expectAccessible(page, `unlocked love result (${locale})`);

  // Share it, then a third, signed-out browser in the same language opens it.
  const share = page.getByTestId('share-panel');
  await share.getByLabel(w.names).check();
  await share.getByTestId('share-create').click();
  const shared = await page.getByTestId('share-link').inputValue();
  expect(shared).toMatch(new RegExp(`^${origin}/result/[A-Za-z0-9_-]{24}$`));
  const anonymousContext = await browser.newContext(device);
  const visitor = await anonymousContext.newPage();
  await visitor.goto(shared);
  await expect(visitor.getByTestId('shared-result')).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`${w.me} ${w.and} ${w.partner}`));
  await expect(visitor.getByTestId('shared-chart')).toBeVisible();
  await expect(visitor.getByTestId('shared-summary').getByTestId('band')).toHaveText(/\S/);
  await anonymousContext.close();

  // FRIEND on the same two people: the paid pair stays open.
  await page.getByTestId('pick-kind').getByText(w.friend, { exact: true }).click();
  await page.getByTestId('pair-run').click();
  // The friendship report's own headings (enjoyment, trust, support) replace the love triangle's.
  await expect(page.getByTestId('heading-trust')).toBeVisible();
  await expect(page.getByTestId('heading-passion')).toHaveCount(0);
  await expect(page.getByTestId('rating-chart')).toBeVisible();
  await expect(page.getByTestId('band-note')).toHaveText(/\S/);
  await expect(page.getByTestId('block-narrative')).toContainText(w.me);
  await ownerContext.close();
}

test.describe('love product on the love host', () => {
  test.skip(({ isMobile }) => !isMobile, 'the love app is the phone app');
  let love: LoveServer | undefined;
  let browser: Browser | undefined;

  test.beforeAll(async () => {
    love = await startLoveServer();
    browser = await loveBrowser();
  });

  test.afterAll(async () => {
    await browser?.close();
    love?.stop();
  });

  for (const locale of ['ru-RU', 'en-US'] as const) {
    test(`${locale}: sign up, two love profiles (one by link), LOVE and FRIEND, chart, band and narrative, test-card unlock, shared result`, async ({
      baseURL: _mainServer,
    }, testInfo) => {
      await journey(browser!, love!, testInfo, locale);
    });
  }
});
