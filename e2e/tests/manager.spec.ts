import { expect, test, type APIRequestContext } from '@playwright/test';
import { teamOwner } from '../support/team-owner.ts';

/** Completed short profiles, scored by the server when created. */
const PEOPLE: Array<[string, string, Record<string, string | number>]> = [
  ['Anna', 'Smirnova', { С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 }],
  ['Boris', 'Orlov', { С_Пол: 'М', С_Возр: 44, С_ВУЗ: 'Бакалавр', С_Стаж: 20, С_Руков_Стаж: 10, С_Проживание: 'Один', С_Дети: 0 }],
  ['Vera', 'Lebedeva', { С_Пол: 'Ж', С_Возр: 27, С_ВУЗ: 'Бакалавр', С_Стаж: 4, С_Руков_Стаж: 0, С_Проживание: 'Один', С_Дети: 0 }],
  ['Gleb', 'Sokolov', { С_Пол: 'М', С_Возр: 38, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 15, С_Руков_Стаж: 5, С_Проживание: 'Партнёр', С_Дети: 2 }],
];

async function seedProfiles(request: APIRequestContext, token: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  for (const [firstName, lastName, answers] of PEOPLE) {
    const res = await request.post('/api/owner/profiles/short', {
      headers,
      data: { personInformed: true, firstName, lastName, answers: Object.entries(answers).map(([neuron, value]) => ({ neuron, value })) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const listed = await request.get('/api/scene/profiles?eligible=true&limit=50', { headers });
  const items = ((await listed.json()).result as { items: Array<{ _id: string; firstName: string | null }> }).items;
  return PEOPLE.map(([first]) => items.find((p) => p.firstName === first)!._id);
}

/** A team from day 0, each two working 5 h/w in the office. */
async function createTeam(request: APIRequestContext, token: string, title: string, ids: string[]): Promise<string> {
  const actors = ids.map((id, i) => ({
    id,
    events: [{ type: 'start', date: 0, value: 0, timestamp: i }],
    interactionIntensive: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 5 })),
    interactionType: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 0 })),
  }));
  const res = await request.post('/api/scene/scene', { headers: { authorization: `Bearer ${token}` }, data: { title, startDay: '2027-01-01', actors } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()).result as { scene: { _id: string } }).scene._id;
}

test('from the menu an owner opens a team in the simulator, is warned before leaving unsaved, saves, and reads the same numbers in the team check and the comparison', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the team workspace is a desktop screen');
  const token = await teamOwner(page, request, 'Manager');
  const ids = await seedProfiles(request, token);
  const teamId = await createTeam(request, token, 'Product team', ids.slice(0, 3));
  const otherId = await createTeam(request, token, 'Platform team', [ids[1]!, ids[3]!]);

  // The menu's simulator entry lists the teams; each opens in the simulator.
  await page.goto('/owner/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: "Manager's Simulator", exact: true }).click();
  await expect(page.getByTestId('team-list-page')).toBeVisible();
  await page.locator('[data-testid="team-card"][data-team="Product team"]').getByTestId('team-open-simulator').click();
  await expect(page).toHaveURL(new RegExp(`/owner/team/${teamId}$`));
  await expect(page.getByTestId('simulator')).toBeVisible();

  // An unsaved edit: leaving asks first; staying keeps it.
  await page.getByTestId('scene-title').fill('Product team 2027');
  await page.getByTestId('open-team-check').click();
  await expect(page.getByTestId('leave-stay')).toBeVisible();
  await page.getByTestId('leave-stay').click();
  await expect(page).toHaveURL(new RegExp(`/owner/team/${teamId}$`));
  await expect(page.getByTestId('scene-title')).toHaveValue('Product team 2027');

  // Save, run, and read the indicators on the last forecast day.
  await page.getByTestId('save').click();
  await expect(page.getByTestId('save')).toBeDisabled();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('day-indicators')).toBeVisible();
  await page.getByTestId('scrub').getByRole('slider').focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('day-indicators')).toHaveAttribute('data-day', '364');
  const simulator = {
    cohesion: await page.getByTestId('indicator-cohesion').textContent(),
    teamingEffect: await page.getByTestId('indicator-teamingEffect').textContent(),
    power: await page.getByTestId('indicator-power').textContent(),
  };
  expect(simulator.cohesion).toMatch(/^\d+\.\d$/);

  // Saved: the team check opens without a question and shows the same values for the same day.
  await page.getByTestId('open-team-check').click();
  await expect(page).toHaveURL(new RegExp(`/owner/dashboard/team/${teamId}$`));
  await expect(page.getByTestId('team-indicators')).toBeVisible();
  await expect(page.getByTestId('indicator-cohesion-value')).toHaveText(simulator.cohesion!);
  await expect(page.getByTestId('indicator-teamingEffect-value')).toHaveText(simulator.teamingEffect!);
  await expect(page.getByTestId('indicator-totalStatisticPower-value')).toHaveText(simulator.power!);
  await expect(page.getByTestId('indicator-cohesion-band')).toContainText('In 8 cases out of 10');
  await expect(page.getByTestId('open-simulator')).toBeVisible();

  // And so does the comparison, which also says how likely each team is the better one.
  await page.goto('/owner/dashboard/compare-teams');
  for (const title of ['Product team 2027', 'Platform team']) await page.getByRole('checkbox', { name: title }).check();
  await page.getByTestId('compare-start').click();
  await expect(page).toHaveURL(/\/owner\/dashboard\/compare-teams\/[0-9a-f-]{36}$/);
  const cellValue = (key: string, id: string) => page.getByTestId(`compare-cell-${key}-${id}`).getByTestId('compare-value');
  // The second team is computed for the comparison: wait until its values arrive.
  await expect(cellValue('cohesion', otherId)).toHaveText(/\d/, { timeout: 120_000 });
  await expect(page.getByTestId('compare-pending')).toHaveCount(0);
  await expect(cellValue('cohesion', teamId)).toHaveText(simulator.cohesion!);
  await expect(cellValue('unitingEffect', teamId)).toHaveText(simulator.teamingEffect!);
  await expect(cellValue('teamPower', teamId)).toHaveText(simulator.power!);
  await expect(page.getByTestId(`compare-cell-cohesion-${otherId}`).getByTestId('compare-probability')).toContainText('likely best');
  await expect(page.getByTestId('compare-rule')).toContainText('do not depend on team size');
  await testInfo.attach('comparison', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});
