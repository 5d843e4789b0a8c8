import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { signedInOwner } from '../support/owner.ts';

/** Still the desktop shell: its side menu, its header's sign-out, no phone tab bar, one <main>. */
async function expectDesktopShell(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeAttached();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('main')).toHaveCount(1);
}

test('the desktop settings, FAQ and Info stay in the desktop shell, and deleting the account lands on the desktop login', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the desktop shell');
  const owner = await signedInOwner(page, page.request, `Shell${crypto.randomBytes(2).toString('hex')}`);
  await page.goto('/owner/dashboard');
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expectDesktopShell(page);

  const menu = page.getByRole('navigation', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Change password', exact: true }).click();
  await expect(page).toHaveURL(/\/owner\/settings#password$/);
  await expect(page.getByTestId('settings-page').getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expectDesktopShell(page);
  await expectAccessible(page, 'desktop settings');

  await menu.getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page.getByTestId('faq-page')).toBeVisible();
  await expectDesktopShell(page);
  await page.getByTestId('faq-page').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/owner\/help$/);
  await menu.getByRole('link', { name: 'Info', exact: true }).click();
  await page.getByTestId('help-index').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/owner\/help\/[\w-]+$/);
  await expectDesktopShell(page);
  await expectAccessible(page, 'help topic in the desktop shell');

  await menu.getByRole('link', { name: 'Delete account', exact: true }).click();
  await expect(page).toHaveURL(/\/owner\/settings#delete$/);
  const form = page.getByTestId('delete-account-form');
  await form.getByRole('textbox').fill('Delete');
  await form.getByRole('button', { name: 'Delete the account' }).click();
  await expect(page).toHaveURL(/\/owner\/login$/);
  const gone = await page.request.get('/api/owner/self', { headers: { authorization: `Bearer ${owner.token}` } });
  expect(gone.status()).toBe(401);
});

test('the guided tour rings the menu entry it talks about and sits beside it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the desktop menu');
  await signedInOwner(page, page.request, `Tour${crypto.randomBytes(2).toString('hex')}`);
  await page.goto('/owner/dashboard?guide=start');
  const tour = page.getByTestId('guide-tour');
  await expect(tour).toContainText('Step 1 of 7');
  const menu = page.getByRole('navigation', { name: 'Menu' });

  for (const [step, name] of [
    [1, 'Home'],
    [2, 'Profiles'],
    [3, 'Compatibility check'],
  ] as const) {
    await expect(tour).toContainText(`Step ${step} of 7`);
    const target = menu.getByRole('link', { name, exact: true });
    // The entry is described by the card and ringed by the highlight drawn over it.
    await expect(target).toHaveAttribute('aria-describedby', (await tour.getAttribute('id'))!);
    const ring = (await page.getByTestId('guide-highlight').boundingBox())!;
    const box = (await target.boundingBox())!;
    expect(ring.x).toBeLessThanOrEqual(box.x);
    expect(ring.y).toBeLessThanOrEqual(box.y);
    expect(ring.x + ring.width).toBeGreaterThanOrEqual(box.x + box.width);
    expect(ring.y + ring.height).toBeGreaterThanOrEqual(box.y + box.height);
    // The card sits to the right of the entry, not in a far corner.
    const card = (await tour.boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(box.x + box.width);
    expect(card.x - (box.x + box.width)).toBeLessThan(64);
    if (step === 1) await expectAccessible(page, 'guided tour on its target');
    await tour.getByTestId('guide-next').click();
  }
  await tour.getByRole('button', { name: 'Skip the tour' }).click();
  await expect(page.getByTestId('guide-highlight')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-describedby');
});
