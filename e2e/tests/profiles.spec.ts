import crypto from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { signedUpOwner } from '../support/owner.ts';

/** Russian texts, and the cookie and privacy notices and the first-visit guide closed: this journey is not about them. */
async function quietBrowser(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem('teamcast.locale', 'ru');
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  });
}

test.beforeEach(({ context }) => quietBrowser(context));

/** An owner signed up through the passport API; the browser gets his token the way the sign-in screen stores it. */
async function signUpOwner(page: Page) {
  const email = `owner-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const { token, id } = await signedUpOwner(page.request, { email });
  // Basic, with the test card: the plan that shows the scores and their explanation this journey reads.
  const auth = { authorization: `Bearer ${token}` };
  const card = await page.request.post('/api/payment/attach-payment-method', {
    headers: auth,
    data: { testCard: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' } },
  });
  expect(card.ok(), await card.text()).toBe(true);
  const subscribed = await page.request.post('/api/payment/update-subscription', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { subscribe: 'LITE_1M', paymentMethodId: ((await card.json()).result as { _id: string })._id, ln: 'en' },
  });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  await page.addInitScript((auth) => localStorage.setItem('teamcast.auth.owner', JSON.stringify(auth)), { token, subjectId: id });
}

const question = (page: Page, neuron: string) => page.getByTestId(`question-${neuron}`);
const choose = (page: Page, neuron: string, label: string) => question(page, neuron).getByLabel(label, { exact: true }).check();
const type = (page: Page, neuron: string, value: string) => question(page, neuron).getByRole('textbox').first().fill(value);
async function pick(page: Page, neuron: string, label: string) {
  await question(page, neuron).locator('input:not([type=hidden])').first().click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.keyboard.press('Escape');
}
const next = (page: Page) => page.getByRole('button', { name: 'Далее' }).click();

test('an owner invites by link, a visitor fills all 5 steps (reloading midway), the owner sees the profile completed', async ({ page, browser }) => {
  await signUpOwner(page);
  await page.goto('/owner/profiles');
  await expect(page.getByTestId('profile-list')).toBeVisible();
  await expectAccessible(page, 'profiles');

  // Create wizard: standard questionnaire, names, then the share link.
  await page.getByRole('button', { name: 'Создать профиль' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'new profile: questionnaire kind');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByLabel(/^Имя/)).toBeVisible();
  await expectAccessible(page, 'new profile: names');
  await page.getByLabel(/^Имя/).fill('Анна');
  await page.getByLabel(/^Фамилия/).fill('Смирнова');
  await page.getByLabel(/Человек знает, что я создаю этот профиль/).check();
  await page.getByRole('button', { name: 'Создать', exact: true }).click();
  await page.getByRole('button', { name: 'Получить ссылку на анкету' }).click();
  const url = await page.getByTestId('share-link-url').inputValue();
  expect(url).toMatch(/\/owner\/link\/[A-Za-z0-9_-]{24}$/);
  await expectAccessible(page, 'new profile: share link');
  await page.getByRole('button', { name: 'Скопировать ссылку' }).click();
  await page.getByRole('button', { name: 'Открыть профиль' }).click();
  await expect(page.getByTestId('profile-state')).toHaveText('Не заполнен');
  await expectAccessible(page, 'empty profile');
  const profileUrl = page.url();

  // The anonymous visitor, in a browser of his own.
  const visitorContext = await browser.newContext();
  await quietBrowser(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByTestId('link-questionnaire')).toBeVisible();
  await expect(visitor.getByText('Приглашение от компании Acme')).toBeVisible();
  await expect(visitor.getByLabel(/^Имя/)).toHaveValue('Анна');
  await expectAccessible(visitor, 'questionnaire by link, step 1');

  // Step 1: the study question appears only for an age under 25.
  await expect(visitor.getByTestId('questionnaire-progress')).toHaveText('Шаг 1 из 5');
  await choose(visitor, 'С_Пол', 'Женский');
  await expect(question(visitor, 'С_Учёба_Сейчас')).toHaveCount(0);
  await type(visitor, 'С_Возр', '20');
  await expect(question(visitor, 'С_Учёба_Сейчас')).toBeVisible();
  await choose(visitor, 'С_Учёба_Сейчас', 'Да');
  await pick(visitor, 'С_Языки', 'Русский');
  await question(visitor, 'С_Языки').getByRole('combobox').click();
  await expectAccessible(visitor, 'questionnaire by link, dropdown open');
  await visitor.keyboard.press('Escape');
  await expect(visitor.getByTestId('question-С_Языки-summary')).toHaveText('Русский');
  await choose(visitor, 'С_Переезд', 'Один раз');
  await next(visitor);

  // Step 2, then a reload: the step and the answers come back.
  await expect(visitor.getByTestId('questionnaire-progress')).toHaveText('Шаг 2 из 5');
  await question(visitor, 'С_Школа_Типы').getByLabel('Гимназия или лицей').check();
  await pick(visitor, 'С_Школа_Места', 'Крупный город');
  await type(visitor, 'С_Школа_Кол', '1');
  await visitor.reload();
  await expect(visitor.getByTestId('questionnaire-progress')).toHaveText('Шаг 2 из 5');
  await expect(question(visitor, 'С_Школа_Кол').getByRole('textbox').first()).toHaveValue('1');
  await expect(question(visitor, 'С_Школа_Типы').getByLabel('Гимназия или лицей')).toBeChecked();
  await choose(visitor, 'С_Колледж', 'Нет');
  await choose(visitor, 'С_ВУЗ', 'Неоконченное высшее');
  await choose(visitor, 'С_Курсы', '1–2');
  await next(visitor);

  // Step 3.
  await choose(visitor, 'С_Служба', 'Нет');
  await type(visitor, 'С_Стаж', '2');
  await type(visitor, 'С_Руков_Стаж', '0');
  await choose(visitor, 'С_Бизнес', 'Нет');
  await expect(question(visitor, 'С_Опыт_Сумма')).toContainText('2');
  await next(visitor);

  // Step 4: how the visitor works with others (the work-style block, read by work forecasts).
  await expect(visitor.getByTestId('questionnaire-progress')).toHaveText('Шаг 4 из 5');
  await expect(visitor.getByText('Как вы работаете с людьми')).toBeVisible();
  for (const neuron of ['С_Стиль_Помощь', 'С_Стиль_Компромисс', 'С_Стиль_Обещания', 'С_Стиль_План', 'С_Стиль_Давление', 'С_Стиль_Идеи', 'С_Стиль_Несогласие']) {
    await choose(visitor, neuron, 'Скорее согласен(на)');
  }
  await choose(visitor, 'С_Стиль_Самостоятельность', 'Ни да, ни нет');
  await expectAccessible(visitor, 'questionnaire by link, work style');
  await next(visitor);

  // Step 5, consent, send.
  await expect(visitor.getByTestId('questionnaire-progress')).toHaveText('Шаг 5 из 5');
  await expectAccessible(visitor, 'questionnaire by link, last step');
  await choose(visitor, 'С_Проживание', 'С родителями');
  await type(visitor, 'С_Дети', '0');
  await choose(visitor, 'С_Мать', 'Жив(а)');
  await choose(visitor, 'С_Отец', 'Жив(а)');
  await type(visitor, 'С_Сиблинги', '0');
  await choose(visitor, 'С_Утрата', 'Нет');
  await visitor.getByRole('button', { name: 'Отправить анкету' }).click();
  await expect(visitor.getByText('Необходимо согласие с политикой конфиденциальности')).toBeVisible();
  await visitor.getByLabel(/Я прочитал\(а\) уведомление/).check();
  await visitor.getByRole('button', { name: 'Отправить анкету' }).click();
  await expect(visitor.getByTestId('questionnaire-sent')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByTestId('questionnaire-sent')).toBeVisible();
  await expectAccessible(visitor, 'questionnaire sent');
  await visitorContext.close();

  // The owner sees the profile completed with age, gender and an avatar of the age band.
  await page.goto(profileUrl);
  await expect(page.getByTestId('profile-state')).toHaveText('Заполнен');
  await expect(page.getByTestId('profile-facts')).toHaveText('Возраст: 20 · женщина');
  await expect(page.getByRole('img', { name: 'Аватар' }).first()).toHaveAttribute('src', /\/avatars\/female-upTo20-[12]\.svg$/);
  await expect(page.getByTestId('profile-answers')).toContainText('Русский');
  // Scored on completion, with the answers that moved the scores.
  await expect(page.getByTestId('not-scored')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Почему такие оценки' })).toBeVisible();
  await expect(page.getByTestId('score-explanation')).toContainText(/Слагаемые дают оценку точно/);
  await expectAccessible(page, 'completed profile');
  await page.goto('/owner/profiles');
  await page.getByText('Заполненные', { exact: true }).click();
  await expect(page.getByTestId('profile-card')).toHaveCount(1);
  await expect(page.getByTestId('profile-card')).toHaveAttribute('data-last-opened', 'true');
  await expectAccessible(page, 'profiles, completed filter');
});

test('a wrong questionnaire link says to check it or ask its owner', async ({ page }) => {
  await page.goto('/profile-questionnaire?link=not-a-real-link');
  await expect(page.getByTestId('link-problem')).toContainText('Проверь правильность ссылки либо обратитесь к владельцу ссылки');
  await expectAccessible(page, 'wrong questionnaire link');
});

test('flame onboarding: an anonymous visitor fills the love questionnaire, lands on the result, signs up and attaches the profile as his own', async ({
  page,
}) => {
  await page.goto('/flame-mobile');
  await page.getByRole('link', { name: 'Начать' }).click();
  await expect(page.getByTestId('flame-questionnaire')).toBeVisible();
  await page.getByLabel(/^Имя/).fill('Лиса');
  await page.getByLabel(/^Дата рождения/).fill('1998-04-12');
  await choose(page, 'С_Пол', 'Женский');
  await choose(page, 'Л_Место_Знакомства', 'Через друзей');
  await question(page, 'Л_Интересы').getByLabel('Путешествия').check();
  await next(page);
  await type(page, 'Л_Баланс', '5');
  await choose(page, 'Л_Выходные', 'На природе');
  await choose(page, 'Л_Расстояние', 'В одном городе');
  await type(page, 'Л_Время_Вместе', '20');
  await next(page);
  await type(page, 'Л_Притяжение', '2');
  await expect(question(page, 'Л_Второй_Шанс')).toHaveCount(0);
  await type(page, 'Л_Притяжение', '8');
  await choose(page, 'Л_Второй_Шанс', 'Да');
  await choose(page, 'Л_Язык_Любви', 'Время вместе');
  await choose(page, 'Л_Испытание', 'Быт');
  await page.getByLabel(/Я прочитал\(а\) уведомление/).check();
  await page.getByRole('button', { name: 'Отправить анкету' }).click();
  await expect(page.getByTestId('flame-result')).toBeVisible();
  await expect(page).toHaveURL(/\/flame-mobile\/questionnaire\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByText('Ещё не оценён').or(page.getByText(/JUNIOR|MIDDLE|SENIOR/))).toBeVisible();

  // Signed up (through the API here), the visitor takes the profile into his account.
  await signUpOwner(page);
  await page.reload();
  await page.getByRole('link', { name: 'Добавить в мои профили' }).click();
  await expect(page.getByTestId('attach-banner')).toBeVisible();
  await expectAccessible(page, 'love profiles with the attach banner');
  await page.getByTestId('attach-banner').getByRole('button', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/love-mobile\/profiles\/[\w-]+$/);
  await expect(page.getByTestId('profile-page')).toContainText('Лиса');
  await expect(page.getByText('Мой профиль')).toBeVisible();
  await expectAccessible(page, 'love profile');
});
