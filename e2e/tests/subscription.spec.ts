import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** A new owner signed up through the API, signed in in the page's storage. */
async function signUpOwner(page: Page, request: APIRequestContext): Promise<string> {
  const email = `subscriber-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = `Tc-${Math.random().toString(36).slice(2)}-pay`;
  const response = await request.post('/api/passport/owner/signup', {
    data: { email, companyName: 'Subscriber Ltd', password, repeatPassword: password, privacyPolicy: true, personalData: true, ln: 'en' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()).result as { token: string };
  await page.addInitScript((stored) => {
    localStorage.setItem('teamcast.auth.owner', JSON.stringify({ token: stored }));
    localStorage.setItem('teamcast.locale', 'en');
    // The cookie and privacy notices and the first-visit guide stay until closed; this journey is not about them.
    localStorage.setItem('teamcast.consent', JSON.stringify({ cookiesClosed: true, privacyClosed: true, analytics: false }));
    localStorage.setItem('teamcast.guide', JSON.stringify({ step: null, done: true }));
  }, token);
  return token;
}

async function addCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
}

test.describe('subscription', () => {
  test('an owner without a plan subscribes with the success card; another attempt with the declined card shows the decline message', async ({ page, request }) => {
    const token = await signUpOwner(page, request);
    const rules = async () =>
      (await (await request.get('/api/payment/access-rules', { headers: { authorization: `Bearer ${token}` } })).json()).result as { allowCreateTeams: boolean; plan: string };
    expect(await rules()).toMatchObject({ plan: 'NONE', allowCreateTeams: false });

    await page.goto('/owner/subscription');
    await expect(page.getByTestId('test-mode-notice')).toContainText('4242 4242 4242 4242');
    await expect(page.getByTestId('current-plan')).toContainText('No plan');

    await page.getByRole('button', { name: 'Choose a plan' }).click();
    await page.getByRole('dialog').getByText('week', { exact: true }).click();
    await page.getByTestId('plan-MID_7D_1').getByRole('button', { name: 'Choose' }).click();
    await addCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('combobox', { name: 'Card' })).toHaveValue(/4242/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('checkout')).toBeHidden();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await expect(page.getByTestId('next-payment')).toBeVisible();
    expect(await rules()).toMatchObject({ plan: 'MID_7D_1', allowCreateTeams: true });

    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('dialog').getByText('week', { exact: true }).click();
    await page.getByTestId('plan-FULL_7D_1').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('button', { name: 'Add another card' }).click();
    await addCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('combobox', { name: 'Card' })).toHaveValue(/0002/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('checkout-error')).toContainText('Your card was declined');
    expect(await rules()).toMatchObject({ plan: 'MID_7D_1', allowCreateTeams: true });
  });
});
