import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { subscribedOwner } from '../support/team-owner.ts';

test.skip(({ isMobile }) => !isMobile, 'the phone way into the monitor; the desktop reaches it from its menu (monitor.spec.ts)');

const footer = (page: Page) => page.getByRole('contentinfo').getByRole('navigation');

test('on the phone the owner reaches the team monitor from Settings (the footer stays P2P, Team, Profiles, Settings), in English and Russian', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // An owner on the Monitor plan, bought with the built-in provider's success card.
  await subscribedOwner(page, request, 'PhoneMonitor', 'MONITOR_1M');
  await page.goto('/owner-mobile/p2p');
  await footer(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/settings$/);
  const card = page.getByTestId('settings-monitor');
  await expect(card.getByRole('heading', { name: 'Team monitor' })).toBeVisible();
  await expectAccessible(page, 'owner-mobile settings with the monitor card');
  await page.screenshot({ path: testInfo.outputPath('settings-en-US.png') });

  await card.getByRole('link', { name: 'Open the monitor' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/monitor$/);
  await expect(page.getByTestId('monitor-empty')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('monitor-en-US.png') });

  // In Russian: the same card, named in Russian, leads to the same screen.
  await page.goBack();
  await page.getByTestId('settings-page').getByText('RU', { exact: true }).click();
  await expect(card.getByRole('heading', { name: 'Монитор команд' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-ru-RU.png') });
  await card.getByRole('link', { name: 'Открыть монитор' }).click();
  await expect(page).toHaveURL(/\/owner-mobile\/monitor$/);
  await expect(page.getByTestId('monitor-empty')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('monitor-ru-RU.png') });
});
