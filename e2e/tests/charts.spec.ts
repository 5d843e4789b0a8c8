import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { teamOwner } from '../support/team-owner.ts';
import { TEAM_INDICATOR_META } from '@teamcast/contracts';

/** Completed short profiles, scored by the server when created. */
const PEOPLE: Array<[string, string, Record<string, string | number>]> = [
  ['Anna', 'Smirnova', { С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 }],
  ['Boris', 'Orlov', { С_Пол: 'М', С_Возр: 44, С_ВУЗ: 'Бакалавр', С_Стаж: 20, С_Руков_Стаж: 10, С_Проживание: 'Один', С_Дети: 0 }],
  ['Vera', 'Lebedeva', { С_Пол: 'Ж', С_Возр: 27, С_ВУЗ: 'Бакалавр', С_Стаж: 4, С_Руков_Стаж: 0, С_Проживание: 'Один', С_Дети: 0 }],
  ['Gleb', 'Sokolov', { С_Пол: 'М', С_Возр: 38, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 15, С_Руков_Стаж: 5, С_Проживание: 'Партнёр', С_Дети: 2 }],
];

async function seedProfiles(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const headers = { authorization: `Bearer ${token}` };
  for (const [firstName, lastName, answers] of PEOPLE) {
    const res = await request.post('/api/owner/profiles/short', {
      headers,
      data: { personInformed: true, firstName, lastName, answers: Object.entries(answers).map(([neuron, value]) => ({ neuron, value })) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const listed = await request.get('/api/scene/profiles?eligible=true&limit=50', { headers });
  expect(listed.ok(), await listed.text()).toBe(true);
  const items = ((await listed.json()).result as { items: Array<{ _id: string; firstName: string | null }> }).items;
  return Object.fromEntries(items.map((p) => [p.firstName ?? '', p._id]));
}

/** A team starting on day 0, each two working 5 h/w in the office. */
async function createTeam(request: APIRequestContext, token: string, title: string, ids: string[]): Promise<string> {
  const actors = ids.map((id, i) => ({
    id,
    firstName: '',
    lastName: '',
    events: [{ type: 'start', date: 0, value: 0, timestamp: i }],
    interactionIntensive: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 5 })),
    interactionType: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 0 })),
  }));
  const res = await request.post('/api/scene/scene', { headers: { authorization: `Bearer ${token}` }, data: { title, startDay: '2027-01-01', actors } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()).result as { scene: { _id: string } }).scene._id;
}

async function pickPerson(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

/** A full-page screenshot attached to the report (and kept beside the test's output). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  // No chart makes the page wider than the screen: a chart's hidden table of values once did on the phone, pushing
  // the header's language switch and sign-out off the screen.
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(width.page, `${name}: the page is no wider than the screen`).toBeLessThanOrEqual(width.screen);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** An SVG element's drawn box has height (a band of width zero would draw a flat path). */
async function expectDrawnHeight(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box?.height ?? 0, what).toBeGreaterThan(1);
}

const TEXT = {
  en: {
    month: /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/,
    band: '80 %',
    ratingAxis: 'Rating, −100 to 100',
    atmosphereAxis: 'Atmosphere, −100 to 100',
    scale: /on a scale of 0 to 100/,
  },
  ru: {
    month: /^(янв\.|февр\.|март|апр\.|май|июнь|июль|авг\.|сент\.|окт\.|нояб\.|дек\.)$/,
    band: '80 %',
    ratingAxis: 'Рейтинг, от −100 до 100',
    atmosphereAxis: 'Атмосфера, от −100 до 100',
    scale: /по шкале от 0 до 100/,
  },
} as const;

for (const locale of ['ru', 'en'] as const) {
  test(`charts a person reads (${locale}): the pair result, the team check, the comparison and the simulator`, async ({ page, request }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    // Each language on the desktop, where the team screens live; the phone reads the charts in Russian (issue 31: time).
    test.skip(phone && locale === 'en', 'the English charts are read on the desktop');
    const text = TEXT[locale];
    const token = await teamOwner(page, request, `Charts${locale}`);
    await page.addInitScript((language) => localStorage.setItem('teamcast.locale', language), locale);
    const ids = await seedProfiles(request, token);
    const alpha = await createTeam(request, token, 'Alpha', [ids.Anna!, ids.Boris!, ids.Vera!, ids.Gleb!]);
    const beta = await createTeam(request, token, 'Beta', [ids.Anna!, ids.Boris!, ids.Vera!]);

    // The pair result: the rating chart across its card, its 80 % band drawn, labelled axes, a tooltip with the band.
    const pairs = phone ? '/owner-mobile/p2p' : '/owner/dashboard/p2p';
    await page.goto(pairs);
    await pickPerson(page, 'pick-a', 'Anna Smirnova');
    await pickPerson(page, 'pick-b', 'Boris Orlov');
    await page.getByTestId('pair-run').click();
    const chart = page.getByTestId('rating-chart');
    await expect(chart).toBeVisible();
    await expectDrawnHeight(chart.getByTestId('chart-band-area'), 'pair band');
    const card = await page.getByTestId('block-chart').boundingBox();
    const drawn = await chart.locator('svg').boundingBox();
    expect(drawn!.width, 'the chart uses its card').toBeGreaterThan(card!.width * 0.85);
    await expect(chart.locator('svg text', { hasText: text.ratingAxis })).toBeVisible();
    expect((await chart.locator('svg text').allTextContents()).filter((label) => text.month.test(label)).length).toBeGreaterThan(3);
    for (const mark of ['best-month', 'worst-month']) {
      const label = await chart.getByTestId(mark).locator('text').boundingBox();
      expect(label!.x, mark).toBeGreaterThanOrEqual(drawn!.x - 1);
      expect(label!.x + label!.width, mark).toBeLessThanOrEqual(drawn!.x + drawn!.width + 1);
      expect(label!.y, mark).toBeGreaterThanOrEqual(drawn!.y - 1);
    }
    await chart.getByTestId('rating-chart-explore').focus();
    await expect(chart.getByTestId('chart-tooltip')).toContainText(text.band);
    await page.keyboard.press('ArrowRight');
    await expect(chart.getByTestId('chart-tooltip')).toContainText(text.band);
    await shoot(page, testInfo, `pair-result-${locale}`);
    await expectAccessible(page, 'pair result with charts');

    // The comparison: a chart per indicator above the table (its teams are computed for it).
    const compared = await request.post('/api/scene/scenes/compare', { headers: { authorization: `Bearer ${token}` }, data: { sceneIds: [alpha, beta] } });
    expect(compared.ok(), await compared.text()).toBe(true);
    const comparisonId = ((await compared.json()).result as { _id: string })._id;
    await page.goto(`/owner/dashboard/compare-teams/${comparisonId}`);
    await expect(page.getByTestId('compare-pending')).toHaveCount(0);
    await expect(page.getByTestId('compare-charts')).toBeVisible();
    await expect(page.getByTestId('compare-chart-cohesion').getByTestId('bar')).toHaveCount(2);
    await expect(page.getByTestId('compare-table')).toBeVisible();
    await shoot(page, testInfo, `comparison-${locale}`);
    await expectAccessible(page, 'comparison with charts');

    // The team check: the atmosphere by month on its axes, K, P and L on their scales.
    await page.goto(`${phone ? '/owner-mobile/team' : '/owner/dashboard/team'}/${alpha}`);
    const atmosphere = page.getByTestId('microclimate-chart');
    await expect(atmosphere).toBeVisible();
    await expect(atmosphere.locator('svg text', { hasText: text.atmosphereAxis })).toBeVisible();
    expect((await atmosphere.locator('svg text').allTextContents()).filter((label) => text.month.test(label)).length).toBeGreaterThan(3);
    await expectDrawnHeight(atmosphere.getByTestId('chart-line'), 'atmosphere line');
    // Every run carries its 80 % band (docs/forecast-model.md section 7), drawn around the atmosphere.
    await expectDrawnHeight(atmosphere.getByTestId('chart-band-area'), 'atmosphere band');
    await expect(page.getByRole('meter').first()).toHaveAttribute('aria-valuetext', text.scale);
    await shoot(page, testInfo, `team-check-${locale}`);
    await expectAccessible(page, 'team check with charts');

    // The simulator: the team over the days it plays, and the network naming its people.
    await page.goto(`/owner/team/${alpha}`);
    const forecast = page.getByTestId('day-indicators');
    if (!(await forecast.isVisible())) {
      await page.getByTestId('run').click();
    }
    await expect(forecast).toBeVisible();
    const curve = page.getByTestId('power-curve');
    await expect(curve).toBeVisible();
    await expectDrawnHeight(curve.getByTestId('chart-line'), 'simulator line');
    await expectDrawnHeight(curve.getByTestId('chart-band-area'), 'simulator band');
    expect((await curve.locator('svg text').allTextContents()).filter((label) => text.month.test(label)).length).toBeGreaterThan(3);
    await expect(page.getByTestId('pair-network').getByTestId('network-node')).toHaveCount(4);
    await expect(page.getByTestId('pair-network').getByTestId('network-node').first()).toHaveText(/\S/);
    await page.getByTestId('curve-indicator').getByText(TEAM_INDICATOR_META.totalStatisticPower.text[locale].label).click();
    await expect(page.getByTestId('team-curve')).toHaveAttribute('data-indicator', 'power');
    await shoot(page, testInfo, `simulator-${locale}`);
    await expectAccessible(page, 'simulator with charts');
  });
}
