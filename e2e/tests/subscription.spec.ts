import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { mailedMessages } from '../support/mail.ts';
import { signedInOwner } from '../support/owner.ts';

/** A completed short profile of the owner, scored when it is created. */
async function completedProfile(request: APIRequestContext, token: string, firstName: string, lastName: string, answers: Record<string, string | number>) {
  const res = await request.post('/api/owner/profiles/short', {
    headers: { authorization: `Bearer ${token}` },
    data: { personInformed: true, firstName, lastName, answers: Object.entries(answers).map(([neuron, value]) => ({ neuron, value })) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function addCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
}

test.describe('subscription', () => {
  test('an owner without a plan subscribes with the success card; another attempt with the declined card shows the decline message', async ({
    page,
    request,
  }) => {
    const { token } = await signedInOwner(page, request, 'Subscriber');
    const rules = async () =>
      (await (await request.get('/api/payment/access-rules', { headers: { authorization: `Bearer ${token}` } })).json()).result as {
        allowCreateTeams: boolean;
        plan: string;
      };
    expect(await rules()).toMatchObject({ plan: 'NONE', allowCreateTeams: false });

    await page.goto('/owner/subscription');
    await expect(page.getByTestId('test-mode-notice')).toContainText('4242 4242 4242 4242');
    await expect(page.getByTestId('current-plan')).toContainText('No plan');
    await expectAccessible(page, 'subscription');

    await page.getByRole('button', { name: 'Choose a plan' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'plans');
    await page.getByRole('dialog').getByText('week', { exact: true }).click();
    await page.getByTestId('plan-MID_7D_1').getByRole('button', { name: 'Choose' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectAccessible(page, 'checkout');
    await addCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('combobox', { name: 'Card' })).toHaveValue(/4242/);
    await expectAccessible(page, 'checkout with a card');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('checkout')).toBeHidden();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await expect(page.getByTestId('next-payment')).toBeVisible();
    // The plans dialog closes with a fade; the screen is the page once it is gone.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page, 'active subscription');
    expect(await rules()).toMatchObject({ plan: 'MID_7D_1', allowCreateTeams: true });

    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('dialog').getByText('week', { exact: true }).click();
    await page.getByTestId('plan-FULL_7D_1').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('button', { name: 'Add another card' }).click();
    await addCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('combobox', { name: 'Card' })).toHaveValue(/0002/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('checkout-error')).toContainText('Your card was declined');
    await expectAccessible(page, 'checkout with a declined card');
    expect(await rules()).toMatchObject({ plan: 'MID_7D_1', allowCreateTeams: true });
  });

  test('a declined card is said once with one way on: another card in the same dialog, its problems on its fields; the payment then goes through and a receipt is mailed', async ({
    page,
    request,
    isMobile,
  }) => {
    // The same dialog on both devices; the phone pays in the other two journeys (issue 31: CI time).
    test.skip(isMobile, 'the declined-card dialog is checked on the desktop');
    const { token, email } = await signedInOwner(page, request, 'Declined');
    await page.goto('/owner/subscription');
    await page.getByRole('button', { name: 'Choose a plan' }).click();
    await page.getByRole('dialog').getByText('week', { exact: true }).click();
    await page.getByTestId('plan-MID_7D_4').getByRole('button', { name: 'Choose' }).click();
    await addCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('combobox', { name: 'Card' })).toHaveValue(/0002/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('checkout-error')).toContainText('Your card was declined');
    await expectAccessible(page, 'checkout with a declined card');

    // Leaving the dialog: the screen says the payment failed once, with no period "paid" and no team cap it does not give.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('subscription-status')).toHaveText('Payment incomplete');
    await expect(page.getByTestId('current-plan')).not.toContainText('Paid until');
    await expect(page.getByTestId('team-cap')).toHaveCount(0);
    const notice = page.getByTestId('payment-status-alert');
    await expect(notice).toContainText('Your card was declined');
    await expect(notice.getByRole('button')).toHaveText(['Pay with another card']);
    await expectAccessible(page, 'a declined payment');

    await notice.getByRole('button', { name: 'Pay with another card' }).click();
    const dialog = page.getByTestId('pay-invoice');
    await expect(dialog).toBeVisible();
    // A number failing the Luhn check, then an expired date: each said on its own field.
    await addCard(page, '4242 4242 4242 4241');
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText('Invalid card number');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('01/20');
    await page.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByLabel('Expiry')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText('The card has expired');
    await expectAccessible(page, 'pay with another card, field errors');
    await page.getByLabel('Expiry').fill('12/39');
    await page.getByRole('button', { name: 'Add card' }).click();
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await expect(page.getByTestId('payment-status-alert')).toHaveCount(0);
    const rules = await request.get('/api/payment/access-rules', { headers: { authorization: `Bearer ${token}` } });
    expect((await rules.json()).result).toMatchObject({ plan: 'MID_7D_4', allowCreateTeams: true, teamCap: 4 });

    const [receipt] = await mailedMessages(request, email, 'receipt');
    expect(receipt!.subject).toMatch(/^Your Teamcast receipt TC-/);
    expect(receipt!.text).toContain('Amount paid: $');
    expect(receipt!.text).toContain('VISA •••• 4242');
  });

  test('an owner without a plan is stopped at team creation, subscribes with the success card and creates the team', async ({ page, request }, testInfo) => {
    const { token } = await signedInOwner(page, request, 'Subscriber');
    await completedProfile(request, token, 'Anna', 'Smirnova', {
      С_Пол: 'Ж',
      С_Возр: 31,
      С_ВУЗ: 'Магистр',
      С_Степень: 'Нет',
      С_Стаж: 9,
      С_Руков_Стаж: 3,
      С_Проживание: 'Партнёр',
      С_Дети: 1,
    });
    await completedProfile(request, token, 'Boris', 'Orlov', {
      С_Пол: 'М',
      С_Возр: 44,
      С_ВУЗ: 'Бакалавр',
      С_Стаж: 20,
      С_Руков_Стаж: 10,
      С_Проживание: 'Один',
      С_Дети: 0,
    });
    const base = testInfo.project.name === 'phone' ? '/owner-mobile/team' : '/owner/dashboard/team';
    const fillTeam = async () => {
      await page.goto(base);
      await page.getByTestId('team-title').fill('Paid team');
      for (const [slot, name] of ['Anna Smirnova', 'Boris Orlov'].entries()) {
        await page.getByTestId(`slot-${slot}`).click();
        await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      }
    };

    // The plan is said before the work: the lock at the top names the plan that includes the team check.
    await page.goto(base);
    await expect(page.getByTestId('lock-teamCheck')).toContainText('Teams');
    await expect(page.getByTestId('lock-teamCheck').getByTestId('unlock-link')).toHaveAttribute('href', '/owner/subscription?plan=teams');
    await fillTeam();
    await expect(page.getByTestId('run-check')).toBeDisabled();
    await expectAccessible(page, 'team check without a plan');

    await page.goto('/owner/subscription');
    await page.getByRole('button', { name: 'Choose a plan' }).click();
    await page.getByTestId('plan-MID_1M_1').getByRole('button', { name: 'Choose' }).click();
    await addCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('combobox', { name: 'Card' })).toHaveValue(/4242/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');

    await fillTeam();
    await expect(page.getByTestId('lock-teamCheck')).toHaveCount(0);
    await page.getByTestId('run-check').click();
    await expect(page).toHaveURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
  });
});
