import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInOwner } from '../support/owner.ts';

/** A completed short profile of the owner, scored when it is created; returns its id. */
async function completedProfile(request: APIRequestContext, token: string, firstName: string, lastName: string): Promise<string> {
  const answers = { С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 };
  const res = await request.post('/api/owner/profiles/short', {
    headers: { authorization: `Bearer ${token}` },
    data: { personInformed: true, firstName, lastName, answers: Object.entries(answers).map(([neuron, value]) => ({ neuron, value })) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()).result as { _id: string })._id;
}

test.describe('plans give what they sell', () => {
  test('a new owner sees expertise hidden with the upgrade, buys Basic with the test card and sees the scores appear without a reload', async ({
    page,
    request,
  }) => {
    const { token } = await signedInOwner(page, request, 'Planner');
    const id = await completedProfile(request, token, 'Anna', 'Smirnova');

    await page.goto(`/owner/profiles/${id}`);
    // A loaded machine may take a while to bring the profile screen's chunk.
    await expect(page.getByTestId('scores-hidden')).toContainText('hides the expertise');
    await expect(page.getByTestId('scores-hidden').getByTestId('unlock-link')).toHaveAttribute('href', '/owner/subscription?plan=basic');

    // Buying happens in another tab; this one hears of it over the gate (syncAccessRules) and shows the scores.
    const shop = await page.context().newPage();
    await shop.goto('/owner/subscription?plan=basic');
    const dialog = shop.getByRole('dialog');
    await dialog.getByText('week', { exact: true }).click();
    await shop.getByTestId('plan-LITE_7D').getByRole('button', { name: 'Choose' }).click();
    await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
    await shop.getByLabel('Expiry').fill('12/39');
    await shop.getByLabel('CVC').fill('123');
    await shop.getByRole('button', { name: 'Add card' }).click();
    await expect(shop.getByRole('combobox', { name: 'Card' })).toHaveValue(/4242/);
    await shop.getByRole('button', { name: /^Pay / }).click();
    await expect(shop.getByTestId('subscription-status')).toHaveText('Active');

    await expect(page.getByTestId('scores-hidden')).toHaveCount(0);
    await expect(page.getByTestId('score-competencies').getByText('Qualification (K)')).toBeVisible();
  });

  test('a Teams owner sees the simulator locked, naming the plan that includes it', async ({ page, request }) => {
    const { token } = await signedInOwner(page, request, 'TeamsOwner');
    const auth = { authorization: `Bearer ${token}` };
    const card = await request.post('/api/payment/attach-payment-method', {
      headers: auth,
      data: { testCard: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' } },
    });
    expect(card.ok(), await card.text()).toBe(true);
    const subscribed = await request.post('/api/payment/update-subscription', {
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      data: { subscribe: 'MID_1M_1', ln: 'en' },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);
    const ids = [await completedProfile(request, token, 'Anna', 'Smirnova'), await completedProfile(request, token, 'Boris', 'Orlov')];
    const team = await request.post('/api/scene/scene', {
      headers: auth,
      data: {
        title: 'Checked team',
        actors: ids.map((id, i) => ({
          id,
          events: [{ type: 'start', date: 0, value: 0, timestamp: 0 }],
          interactionIntensive: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 5 })),
          interactionType: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 0 })),
        })),
      },
    });
    expect(team.status(), await team.text()).toBe(201);
    const teamId = ((await team.json()).result as { scene: { _id: string } }).scene._id;

    await page.goto(`/owner/team/${teamId}`);
    const lock = page.getByTestId('lock-simulator');
    await expect(lock).toContainText('Simulator');
    await expect(lock.getByTestId('unlock-link')).toHaveAttribute('href', '/owner/subscription?plan=simulator');
    await expect(page.getByTestId('run')).toBeDisabled();
    await lock.getByTestId('unlock-link').click();
    await expect(page).toHaveURL(/\/owner\/subscription\?plan=simulator$/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
