import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { teamOwner } from '../support/team-owner.ts';

/** A completed short profile, scored by the server when it is created. */
async function completedProfile(request: APIRequestContext, token: string, firstName: string, lastName: string, answers: Record<string, string | number>) {
  const res = await request.post('/api/owner/profiles/short', {
    headers: { authorization: `Bearer ${token}` },
    data: { personInformed: true, firstName, lastName, answers: Object.entries(answers).map(([neuron, value]) => ({ neuron, value })) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const PEOPLE: Array<[string, string, Record<string, string | number>]> = [
  ['Anna', 'Smirnova', { С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 }],
  ['Boris', 'Orlov', { С_Пол: 'М', С_Возр: 44, С_ВУЗ: 'Бакалавр', С_Стаж: 20, С_Руков_Стаж: 10, С_Проживание: 'Один', С_Дети: 0 }],
  ['Vera', 'Lebedeva', { С_Пол: 'Ж', С_Возр: 27, С_ВУЗ: 'Бакалавр', С_Стаж: 4, С_Руков_Стаж: 0, С_Проживание: 'Один', С_Дети: 0 }],
  ['Gleb', 'Sokolov', { С_Пол: 'М', С_Возр: 38, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 15, С_Руков_Стаж: 5, С_Проживание: 'Партнёр', С_Дети: 2 }],
  ['Daria', 'Kuznetsova', { С_Пол: 'Ж', С_Возр: 35, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 11, С_Руков_Стаж: 2, С_Проживание: 'Партнёр', С_Дети: 1 }],
];

async function pickPerson(page: Page, slot: number, name: string) {
  await page.getByTestId(`slot-${slot}`).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

/** Records every phase the progress bar shows, from before the run starts. */
async function watchPhases(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __phases: number[] }).__phases = seen;
    const record = () => {
      const bar = document.querySelector('[data-testid="phase-progress"]');
      const phase = bar ? Number(bar.getAttribute('data-phase')) : NaN;
      if (!Number.isNaN(phase) && seen.at(-1) !== phase) seen.push(phase);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
  return () => page.evaluate(() => (window as unknown as { __phases: number[] }).__phases);
}

async function checkTeam(page: Page, base: string, title: string, people: string[]) {
  await page.getByTestId('team-title').fill(title);
  for (const [slot, name] of people.entries()) await pickPerson(page, slot, name);
  const phases = await watchPhases(page);
  await page.getByTestId('run-check').click();
  await expect(page).toHaveURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('team-indicators')).toBeVisible();
  // The phases shown only went up, and at least one step was shown before the indicators.
  const seen = await phases();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  for (const id of [
    'basePower',
    'peakPower',
    'totalStatisticPower',
    'cohesion',
    'atmosphere',
    'teamType',
    'managerSuitability',
    'teamingEffect',
    'competencies',
  ]) {
    await expect(page.getByTestId(`indicator-${id}`), id).toBeVisible();
  }
  await expect(page.getByTestId('indicator-basePower')).toContainText(/\d/);
  await expect(page.getByTestId('competence-bars')).toBeVisible();
}

test('an owner checks a team of 4, checks a second team, and compares the two', async ({ page, request }, testInfo) => {
  const token = await teamOwner(page, request, 'Teams');
  for (const [first, last, answers] of PEOPLE) await completedProfile(request, token, first, last, answers);

  const base = testInfo.project.name === 'phone' ? '/owner-mobile/team' : '/owner/dashboard/team';
  await page.goto(base);
  await expect(page.getByTestId('team-check-page')).toBeVisible();
  await expectAccessible(page, 'team check');
  await checkTeam(page, base, 'Alpha team', ['Anna Smirnova', 'Boris Orlov', 'Vera Lebedeva', 'Gleb Sokolov']);
  await expectAccessible(page, 'team check result');

  await page.getByTestId('new-check').click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await checkTeam(page, base, 'Beta team', ['Daria Kuznetsova', 'Anna Smirnova', 'Boris Orlov']);

  // Both teams are in the list with their indicators.
  await page.goto('/owner/teams');
  await expect(page.getByTestId('team-card')).toHaveCount(2);
  await expect(page.getByTestId('team-card-indicators')).toHaveCount(2);
  await expect(page.getByTestId('team-stats')).toContainText('Teams: 2 of 2 in your plan');
  await expectAccessible(page, 'teams');

  await page.goto('/owner/dashboard/compare-teams');
  await expect(page.getByTestId('compare-choice')).toHaveCount(2);
  await expectAccessible(page, 'team comparison choice');
  for (const choice of await page.getByTestId('compare-choice').all()) await choice.check();
  await page.getByTestId('compare-start').click();
  await expect(page).toHaveURL(/\/owner\/dashboard\/compare-teams\/[0-9a-f-]{36}$/);
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Alpha team' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Beta team' })).toBeVisible();
  await expect(page.getByTestId('compare-pending')).toHaveCount(0);
  // Each ranked row marks its best team (totals such as the mean power over the year describe, never rank).
  for (const row of ['compare-row-kMean', 'compare-row-powerPerPerson', 'compare-row-cohesion', 'compare-row-atmosphere']) {
    await expect(page.getByTestId(row).locator('[data-best]').first(), row).toBeVisible();
  }
  await expect(page.getByTestId('compare-row-participants')).toContainText('4');
  await expectAccessible(page, 'team comparison');
});
