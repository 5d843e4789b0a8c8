import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { teamOwner } from '../support/team-owner.ts';

/** Completed short profiles, scored by the server when created. */
const PEOPLE: Array<[string, string, Record<string, string | number>]> = [
  ['Anna', 'Smirnova', { С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 }],
  ['Boris', 'Orlov', { С_Пол: 'М', С_Возр: 44, С_ВУЗ: 'Бакалавр', С_Стаж: 20, С_Руков_Стаж: 10, С_Проживание: 'Один', С_Дети: 0 }],
  ['Vera', 'Lebedeva', { С_Пол: 'Ж', С_Возр: 27, С_ВУЗ: 'Бакалавр', С_Стаж: 4, С_Руков_Стаж: 0, С_Проживание: 'Один', С_Дети: 0 }],
  ['Gleb', 'Sokolov', { С_Пол: 'М', С_Возр: 38, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 15, С_Руков_Стаж: 5, С_Проживание: 'Партнёр', С_Дети: 2 }],
];

/** The profiles as the actor picker lists them, by first name. */
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
  expect(items).toHaveLength(PEOPLE.length);
  return Object.fromEntries(items.map((p) => [p.firstName ?? '', p._id]));
}

/** A team of three from day 0, each two working 5 h/w in the office. */
async function createTeam(request: APIRequestContext, token: string, ids: string[]): Promise<string> {
  const actors = ids.map((id, i) => ({
    id,
    firstName: '',
    lastName: '',
    events: [{ type: 'start', date: 0, value: 0, timestamp: i }],
    interactionIntensive: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 5 })),
    interactionType: ids.slice(i + 1).map((other) => ({ actorId: other, date: 0, value: 0 })),
  }));
  const res = await request.post('/api/scene/scene', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Product team', startDay: '2027-01-01', actors },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()).result as { scene: { _id: string } }).scene._id;
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

test('an owner plays with a team: adds a lead, dismisses someone mid-year, undoes and redoes, runs and plays the forecast', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the team workspace is a desktop screen');
  const token = await teamOwner(page, request, 'Simulator');
  const ids = await seedProfiles(request, token);
  const sceneId = await createTeam(request, token, [ids.Anna!, ids.Boris!, ids.Vera!]);
  const [gleb, boris] = [ids.Gleb!, ids.Boris!];

  await page.goto(`/owner/team/${sceneId}`);
  await expect(page.getByTestId('simulator')).toBeVisible();
  await expect(page.getByTestId('no-forecast')).toContainText('There is no forecast yet');
  await expect(page.getByTestId('undo')).toBeDisabled();
  await expectAccessible(page, 'team workspace');

  // Add Gleb from the owner's profiles and make him lead: the rules apply at once and the diff says so.
  await page.getByTestId('add-pick').click();
  await page.getByRole('option', { name: /^Gleb Sokolov/ }).click();
  await page.getByTestId('add-actor').click();
  await expect(page.getByTestId(`card-${gleb}`)).toBeVisible();
  await expect(page.getByTestId(`row-${gleb}`)).toBeVisible();
  await page.getByTestId(`make-lead-${gleb}`).click();
  await expect(page.getByTestId(`lead-${gleb}`)).toBeVisible();
  await expect(page.getByTestId('diff')).toContainText('Gleb Sokolov: Becomes lead on day 0');

  // Mid-year (the 1st of July is day 181): dismiss Boris.
  await page.getByTestId('month-6').click();
  await expect(page.getByTestId('selected-day')).toHaveAttribute('data-day', '181');
  await page.getByTestId(`dismiss-${boris}`).click();
  await expect(page.getByTestId(`away-${boris}`)).toBeVisible();
  await expect(page.getByTestId('diff')).toContainText('Boris Orlov: Dismissed on day 181');
  await expect(page.getByTestId(`marker-${boris}-dismiss`)).toHaveAttribute('data-day', '181');
  await expect(page.getByTestId('recompute-hint')).toBeVisible();
  await expectAccessible(page, 'team workspace with changes');

  // Undo once: the earlier list is back (Boris stays); a second undo is not allowed. Redo brings the dismissal back.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId(`away-${boris}`)).toHaveCount(0);
  await expect(page.getByTestId(`marker-${boris}-dismiss`)).toHaveCount(0);
  await expect(page.getByTestId(`lead-${gleb}`)).toBeVisible();
  await expect(page.getByTestId('undo')).toBeDisabled();
  await page.getByTestId('redo').click();
  await expect(page.getByTestId(`away-${boris}`)).toBeVisible();
  await expect(page.getByTestId(`marker-${boris}-dismiss`)).toHaveAttribute('data-day', '181');

  // Run: the change is saved, the phases climb to the end, and the forecast of the selected day appears.
  const phases = await watchPhases(page);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('day-indicators')).toBeVisible();
  const seen = await phases();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  await expect(page.getByTestId('phase-progress')).toHaveCount(0);
  await expect(page.getByTestId('save')).toBeDisabled();
  await expect(page.getByTestId('recompute-hint')).toHaveCount(0);
  await expect(page.getByTestId(`metrics-${gleb}`)).toContainText(/Power \d+/);
  await expect(page.getByTestId(`metrics-${boris}`)).toHaveCount(0);

  // Play from the start, pause, then go to April and read that month's indicators.
  await page.getByTestId('month-0').click();
  await page.getByTestId('play').click();
  await expect(page.getByTestId('selected-day')).not.toHaveAttribute('data-day', '0');
  await page.getByTestId('pause').click();
  // Read the day once the pause has taken effect (the button offers play again), then let the page draw frames for a
  // fifth of a second: a playback still running (30 days a second) would have moved the day by six.
  await expect(page.getByTestId('play')).toBeVisible();
  const paused = Number(await page.getByTestId('selected-day').getAttribute('data-day'));
  expect(paused).toBeGreaterThan(0);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        const frame = (time: number) => (time - start >= 200 ? resolve() : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      }),
  );
  await expect(page.getByTestId('selected-day')).toHaveAttribute('data-day', String(paused));
  await page.getByTestId('month-3').click();
  await expect(page.getByTestId('day-indicators')).toHaveAttribute('data-day', '90');
  for (const id of ['power', 'basePower', 'peakPower', 'cohesion', 'atmosphere', 'teamingEffect'])
    await expect(page.getByTestId(`indicator-${id}`), id).toContainText(/-?\d/);
  await expect(page.getByTestId('indicator-managerSuitability')).toContainText(/no manager|\d/);
  await expect(page.getByTestId('power-curve')).toBeVisible();
  await expect(page.getByTestId('pair-network')).toBeVisible();
  await expectAccessible(page, 'team workspace with a forecast');

  // A change after the forecast asks for a new one; undo brings back the team it was computed from, and the hint goes.
  await page.getByTestId(`dismiss-${gleb}`).click();
  await expect(page.getByTestId('recompute-hint')).toBeVisible();
  await expect(page.getByTestId('save')).toBeEnabled();
  await page.getByTestId('undo').click();
  await expect(page.getByTestId(`away-${gleb}`)).toHaveCount(0);
  await expect(page.getByTestId('recompute-hint')).toHaveCount(0);
  await expect(page.getByTestId('save')).toBeDisabled();

  // The saved team holds what the workspace showed.
  const stored = await request.get(`/api/scene/scene/${sceneId}`, { headers: { authorization: `Bearer ${token}` } });
  const actors = ((await stored.json()).result as { actors: Array<{ id: string; events: Array<{ type: string; date: number }> }> }).actors;
  expect(actors.find((a) => a.id === boris)!.events).toContainEqual(expect.objectContaining({ type: 'dismiss', date: 181 }));
  expect(actors.find((a) => a.id === gleb)!.events).toContainEqual(expect.objectContaining({ type: 'l_rank', date: 0 }));

  const shot = testInfo.outputPath('team-workspace.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('team-workspace', { path: shot, contentType: 'image/png' });
});
