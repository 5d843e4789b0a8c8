import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { signedUpOwner } from '../support/owner.ts';
import { E2E_ADMIN, mailedLink } from '../support/mail.ts';
import { passAdminSecondStep } from '../support/second-factor.ts';
import { adminToken } from '../support/estimator.ts';

/** Training and the bias audits that the model page and the publish gate run: minutes at a load average of 25 (the stress run). */
const TRAINING_WAIT = 240_000;

test.describe('scoring journey', () => {
  test.skip(({ isMobile }) => isMobile, 'estimator and administrator screens are desktop screens');

  test('an estimator takes a batch, rates and comments; an administrator trains and publishes; the owner’s card shows the grade', async ({ page, browser }) => {
    // Three waits of up to TRAINING_WAIT (training, the publish gate's audit, the rescoring) and the rest of the journey:
    // the run's 5-minute limit cut the third wait short at a load average of 35 (the stress run, issue 31).
    test.setTimeout(3 * TRAINING_WAIT + 300_000);
    // The demo data is written right after the server starts listening: wait until training would have labels.
    const token = await adminToken(page.request);
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/admin/neuronet/models', { headers: { authorization: `Bearer ${token}` } })).json()).result.labelledProfiles,
      )
      .toBeGreaterThanOrEqual(20);

    // The scoring in force: the rules on a fresh server; a model when this journey already ran on this server (the stress
    // run's repeats), since nothing returns an installation to the rules.
    const rulesInForce =
      (await (await page.request.get('/api/admin/neuronet/models', { headers: { authorization: `Bearer ${token}` } })).json()).result.currentModelId === null;

    // An owner with a completed (short) profile.
    const ownerEmail = `scoring-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const owner = await signedUpOwner(page.request, { email: ownerEmail });
    // On Basic, the plan that shows the scores and the grade (a plan without it hides them: issue 20).
    const ownerAuth = { authorization: `Bearer ${owner.token}` };
    const paymentCard = await page.request.post('/api/payment/attach-payment-method', {
      headers: ownerAuth,
      data: { testCard: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' } },
    });
    expect(paymentCard.ok(), await paymentCard.text()).toBe(true);
    const subscribed = await page.request.post('/api/payment/update-subscription', {
      headers: { ...ownerAuth, 'idempotency-key': crypto.randomUUID() },
      data: { subscribe: 'LITE_1M', paymentMethodId: ((await paymentCard.json()).result as { _id: string })._id, ln: 'ru' },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);
    const created = await page.request.post('/api/owner/profiles/short', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: {
        personInformed: true,
        firstName: 'Вера',
        lastName: 'Орлова',
        answers: [
          { neuron: 'С_Пол', value: 'Ж' },
          { neuron: 'С_Возр', value: 41 },
          { neuron: 'С_ВУЗ', value: 'Магистр' },
          { neuron: 'С_Степень', value: 'Нет' },
          { neuron: 'С_Стаж', value: 17 },
          { neuron: 'С_Руков_Стаж', value: 6 },
          { neuron: 'С_Проживание', value: 'Партнёр' },
          { neuron: 'С_Дети', value: 2 },
        ],
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const profileId = (await created.json()).result._id as string;

    // The first demo estimator (its labels are the demo data the training below learns from, so the gate's verdict on a
    // fresh server is known) signs in by a mailed link, takes a batch, rates a profile and leaves a comment.
    const estimatorEmail = 'demo-estimator-1@teamcast.local';
    await page.goto('/estimator/magic-link');
    await page.getByRole('textbox').first().fill(estimatorEmail);
    await page.getByRole('button', { name: 'Прислать ссылку' }).click();
    await expect(page.getByTestId('link-sent')).toBeVisible();
    await page.goto(await mailedLink(page.request, estimatorEmail, 'magic'));
    await expect(page).toHaveURL(/\/estimator$/);
    await expect(page.getByTestId('estimator-list')).toBeVisible();
    await expectAccessible(page, 'estimator profiles');

    await page.getByText('Не оценённые', { exact: true }).click();
    await page.getByTestId('take-batch').click();
    await expect(page.getByText(/Назначено профилей: \d+/)).toBeVisible();
    await expectAccessible(page, 'estimator profiles with a batch');
    const firstRow = page.getByTestId('estimator-row').first();
    await expect(firstRow).toBeVisible();
    const code = (await firstRow.getByRole('link').textContent())!.trim();
    await firstRow.getByRole('link').click();
    await expect(page.getByTestId('estimator-profile')).toBeVisible();
    await expect(page.getByTestId('profile-answers')).toBeVisible();
    // Labelled blind: no model figure before the estimator's own rating is saved.
    await expect(page.getByTestId('model-withheld')).toContainText('Оценки модели скрыты до вашей оценки');
    await expect(page.getByTestId('score-explanation')).toHaveCount(0);
    await expect(page.getByTestId('profile-grade')).toHaveCount(0);
    await expectAccessible(page, 'estimator profile');
    // Out of range is refused with a field error, never saved as 100.
    await page.getByTestId('score-input').fill('150');
    await page.getByTestId('save-score').click();
    await expect(page.getByText('Введите оценку от 0 до 100')).toBeVisible();
    await expect(page.getByTestId('score-input')).toHaveValue('150');
    await expect(page.getByText('Оценка сохранена')).toHaveCount(0);
    await expect(page.getByTestId('model-withheld')).toBeVisible();
    await page.getByTestId('score-input').fill('64');
    await page.getByTestId('save-score').click();
    await expect(page.getByText('Оценка сохранена')).toBeVisible();
    // Saved: the model's view appears beside the rating.
    await expect(page.getByTestId('model-comparison')).toBeVisible();
    await expect(page.getByTestId('your-score')).toHaveText('64');
    await expect(page.getByTestId('score-explanation')).toBeVisible();
    await page.getByTestId('comment-input').fill('Уверенный специалист, стоит перепроверить стаж');
    await page.getByTestId('save-comment').click();
    await expect(page.getByText('Комментарий сохранён')).toBeVisible();
    await expectAccessible(page, 'estimator profile, rated and commented');

    await page.goto('/estimator');
    await page.getByText('Оценённые', { exact: true }).click();
    await page.getByLabel('С комментарием').check();
    await expect(page.getByTestId('estimator-row').filter({ hasText: code })).toBeVisible();
    await expectAccessible(page, 'estimator rated profiles');

    // The administrator trains a model, uploads and publishes it.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/administrator/neuronet');
    await expect(admin).toHaveURL(/\/administrator-login\?next=/);
    await admin.getByLabel('Электронная почта').fill(E2E_ADMIN.email);
    await admin.getByLabel('Пароль', { exact: true }).fill(E2E_ADMIN.password);
    await admin.getByRole('button', { name: 'Войти', exact: true }).click();
    await passAdminSecondStep(admin);
    await expect(admin).toHaveURL(/\/administrator\/neuronet$/);
    await expect(admin.getByTestId('neuronet-page')).toBeVisible();
    // Agreement between estimators on the profiles two or more rated (the demo data has such profiles).
    await expect(admin.getByTestId('label-agreement')).toContainText('Согласие оценщиков');
    await expectAccessible(admin, 'neuronet');
    await admin.getByTestId('train-new').click();
    const row = admin.getByTestId('model-row').first();
    await expect(row).toContainText('Обучена', { timeout: TRAINING_WAIT });
    await row.getByTestId('upload-model').click();
    // The cookie and privacy notices (shown to every new visitor) would cover the dialogs' buttons.
    for (const notice of ['cookie-notice', 'privacy-notice']) await admin.getByTestId(notice).getByRole('button').last().click();
    await expect(admin.getByTestId('cookie-notice')).toHaveCount(0);
    // The bias audit of the published scoring is on the page; the rules' audit passes (docs/fairness.md).
    if (rulesInForce) await expect(admin.getByTestId('audit-current-verdict')).toContainText('Аудит пройден');
    else await expect(admin.getByTestId('audit-current-verdict')).toBeVisible();
    await expect(admin.getByTestId('audit-current')).toBeVisible();
    // Publishing asks first, with the accuracy and fairness figures.
    await row.getByTestId('publish-model').click();
    const confirm = admin.getByTestId('publish-confirm');
    await expect(confirm.getByTestId('publish-confirm-accuracy')).toContainText('Ошибка на тесте');
    await expect(confirm.getByTestId('publish-confirm-fairness')).toContainText('Правило четырёх пятых');
    await expectAccessible(admin, 'neuronet publish confirmation');
    await confirm.getByTestId('publish-confirmed').click();
    // The gate audits the candidate at publish time against the published scoring. The demo labels rate maturity by
    // age, which the model can only learn through job-related inputs such as years of experience; its recommendation
    // levels come out less fair than the rules' for one group (the demo data and training are seeded), so the server
    // refuses it, naming the group and both ratios, unless an administrator writes a justification (issue 27).
    const refusal = admin.getByTestId('publish-refused');
    const justification = 'Демонстрационные оценки: модель публикуется для проверки пути обучения, не для решений о людях.';
    let refused = rulesInForce;
    if (rulesInForce) await expect(refusal).toContainText('Модель менее справедлива, чем опубликованная', { timeout: TRAINING_WAIT });
    else {
      // Against an earlier model trained on nearly the same labels the candidate may be as fair (published at once) or
      // a little less (refused): either is the gate's answer.
      await expect(refusal.or(row.getByText('Текущая'))).toBeVisible({ timeout: TRAINING_WAIT });
      refused = await refusal.isVisible();
    }
    if (refused) {
      await expect(refusal).toContainText(/группы «[^»]+»/);
      await expect(refusal).toContainText(/коэффициент влияния \d[.,]\d+ против \d[.,]\d+/);
      await expect(admin.getByTestId('publish-justified')).toBeDisabled();
      await expectAccessible(admin, 'neuronet publish refused');
      await admin.getByTestId('publish-justification').fill(justification);
      await admin.getByTestId('publish-justified').click();
    }
    await expect(row).toContainText('Текущая', { timeout: TRAINING_WAIT });
    // The model page keeps the justification with who wrote it and the refusal it overrode (the audit log holds it).
    if (refused) await expect(admin.getByTestId('justifications')).toContainText(justification);
    await expect(admin.getByText('Модель опубликована, профили пересчитаны')).toBeVisible();
    await expectAccessible(admin, 'neuronet with a published model');

    // On the demo data the model's held-out error is clearly below the rules'.
    const models = (await (await page.request.get('/api/admin/neuronet/models', { headers: { authorization: `Bearer ${token}` } })).json()).result;
    const published = models.items.find((model: { _id: string }) => model._id === models.currentModelId);
    const meanMae = (metrics: Record<string, { mae: number }>) => (metrics.competencies!.mae + metrics.professionalism!.mae + metrics.maturity!.mae) / 3;
    expect(meanMae(published.metrics.model)).toBeLessThan(0.8 * meanMae(published.metrics.prior));

    // The owner's card shows the grade, now from the published model.
    const scored = (await (await page.request.get(`/api/owner/profiles/${profileId}`, { headers: { authorization: `Bearer ${owner.token}` } })).json()).result;
    expect(scored.scores.modelId).toBe(models.currentModelId);
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/');
    await ownerPage.evaluate((auth) => localStorage.setItem('teamcast.auth.owner', JSON.stringify(auth)), { token: owner.token, subjectId: owner.id });
    await ownerPage.goto('/owner/profiles');
    const card = ownerPage.getByTestId('profile-card').filter({ hasText: 'Орлова' });
    await expect(card).toContainText(scored.expertise as string);
    await expectAccessible(ownerPage, 'owner profiles');
    await adminContext.close();
    await ownerContext.close();
  });
});
