import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MonitorListSchema, rulesOfPlan, type Monitor, type MonitorList } from '@teamcast/contracts';
import { fakeApi } from '../../../test/fake-api.ts';
import { STATE_WAIT_MS } from '../../../test/waits.ts';
import { MonitorPage } from './monitor-page.tsx';
import { renderAt } from './monitor-test-support.tsx';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const months = ['2026-10', '2026-11', '2026-12'].map((month, i) => ({
  month,
  forecast: 40,
  p10: 20,
  p90: 60,
  respondents: [3, 2, 0][i]!,
  observed: [-50, null, null][i]!,
  satisfaction: [0, null, null][i]!,
  withheld: [false, true, false][i]!,
  position: (['below', null, null] as const)[i]!,
}));

const monitor: Monitor = {
  _id: 'm1',
  kind: 'team',
  subjectId: 's1',
  title: 'Sales',
  isDemo: false,
  startedAt: '2026-10-01T00:00:00.000Z',
  members: [
    { _id: 'a', profileId: 'pa', name: 'Anna A', hasAddress: true, leftOn: null },
    { _id: 'b', profileId: 'pb', name: 'Boris B', hasAddress: false, leftOn: null },
    { _id: 'c', profileId: 'pc', name: 'Vera V', hasAddress: false, leftOn: null },
  ],
  months,
  currentMonth: '2026-11',
  nextCheckIn: '2026-12-01',
  notAnswered: [{ _id: 'c', name: 'Vera V' }],
  outside: { direction: 'below', since: '2026-10' },
  forecastDrop: { at: '2026-11-10T09:00:00.000Z', months: ['2027-01', '2027-02'] },
  threshold: 3,
  outcomes: [],
  calibration: { n: 1, coverage: 0, meanAbsoluteError: 90, bias: -90 },
};
const list: MonitorList = MonitorListSchema.parse({
  items: [monitor],
  calibration: { n: 10, coverage: 0.8, meanAbsoluteError: 12.5, bias: -2 },
  byHorizon: [
    { horizon: 0, n: 6, coverage: 5 / 6, meanAbsoluteError: 10, bias: -1 },
    { horizon: 2, n: 4, coverage: 0.75, meanAbsoluteError: 16.25, bias: -3.5 },
  ],
  demoOnly: false,
});

const LOCKED = { status: 403, body: { error: { code: 'subscription_required', message: 'Subscription required' } } };

function open(plan: 'UNLIMITED' | 'FULL_1M_2', locale: 'ru' | 'en', monitors: { status: number; body: unknown } = { status: 200, body: { result: list } }) {
  api.always('GET', '/api/payment/access-rules', { status: 200, body: { result: rulesOfPlan(plan, true) } });
  api.always('GET', '/api/owner/monitors', monitors);
  api.always('GET', '/api/scene/scenes', { status: 200, body: { result: { items: [], total: 0 } } });
  api.always('GET', '/api/owner/history', { status: 200, body: { result: { entries: [], counters: { p2p: 0, team: 0 } } } });
  renderAt('/owner/monitor', '/owner/monitor', <MonitorPage />, locale);
}

describe('the monitor screen', () => {
  it('in English: the band chart with the observed point, where it runs outside, who has not answered, the threshold and the calibration', async () => {
    open('UNLIMITED', 'en');
    const card = await screen.findByTestId('monitor-card', {}, { timeout: STATE_WAIT_MS });
    expect(within(card).getByTestId('monitor-outside').textContent).toBe('Below its band since October 2026');
    expect(within(card).getByTestId('monitor-forecast-drop').textContent).toBe(
      'Forecast in the bad band since a change on Nov 10, 2026: January 2027, February 2027',
    );
    expect(within(card).getByTestId('observed-m1-2026-10')).toBeTruthy();
    expect(within(card).getByTestId('monitor-not-answered').textContent).toBe('Not answered this month: Vera V');
    expect(within(card).getByTestId('monitor-next').textContent).toBe('Next check-in: Dec 1, 2026 · this month 2 of 3 answered');
    expect(within(card).getByTestId('monitor-threshold').textContent).toContain(
      "once 3 people have answered; the owner never sees anyone's own answers, and never one person's rating of another",
    );
    expect(within(card).getByTestId('monitor-withheld').textContent).toBe(
      "Fewer than 3 people answered, so no figure is shown (it would reveal one person's rating of another) for: November 2026 (2).",
    );
    expect(screen.getByTestId('calibration-all').textContent).toBe(
      '80 % of observations inside the 80 % band (should be near 80 %), over 10 observed months; mean error of the monthly forecast 12.5 points (bias -2.0).',
    );
    expect(screen.queryByTestId('lock-monitor')).toBeNull();
    const rows = within(screen.getByTestId('calibration-horizons'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Forecast monthInside the bandMean error, pointsObserved months', 'Month 183 %10.06', 'Month 375 %16.34']);
  });

  it('in Russian: the same figures in Russian, and issued links listed with copy buttons', async () => {
    const user = userEvent.setup();
    api.always('POST', '/api/owner/monitors/m1/links', {
      status: 200,
      body: {
        result: { links: [{ memberId: 'a', name: 'Anna A', link: 'http://localhost/check-in/tok-a', expiresAt: '2026-12-02T00:00:00.000Z', mailed: true }] },
      },
    });
    open('UNLIMITED', 'ru');
    const card = await screen.findByTestId('monitor-card', {}, { timeout: STATE_WAIT_MS });
    expect(within(card).getByTestId('monitor-outside').textContent).toBe('Ниже коридора, начиная с: октябрь 2026');
    expect(within(card).getByTestId('monitor-forecast-drop').textContent).toBe(
      'Прогноз в плохой зоне после изменения 10 нояб. 2026 г.: январь 2027, февраль 2027',
    );
    expect(within(card).getByTestId('monitor-not-answered').textContent).toBe('Ещё не ответили в этом месяце: Vera V');
    expect(within(card).getByTestId('monitor-report-heading').textContent).toBe('Месячный отчёт монитора директора, ноябрь 2026');
    expect(within(card).getByTestId('monitor-print').textContent).toBe('Печать месячного отчёта');
    expect(screen.getByTestId('calibration-all').textContent).toContain(
      '80 % наблюдений внутри 80-процентного коридора (должно быть около 80 %), по 10 месяцам с ответами',
    );
    expect(within(screen.getByTestId('calibration-horizons')).getAllByRole('row')[2]!.textContent).toBe('3-й месяц75 %16,34');
    await user.click(within(card).getByTestId('monitor-issue-links'));
    const links = await screen.findByTestId('monitor-links');
    expect(within(links).getByTestId('link-a').textContent).toBe('http://localhost/check-in/tok-a');
    expect(links.textContent).toContain('Отправлена по почте');
    expect(api.calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/owner/monitors/m1/links' }));
  });

  it('without the Monitor plan and no demo monitor: the lock names the plan, and the server refusal shows nothing more', async () => {
    open('FULL_1M_2', 'en', LOCKED);
    const lock = await screen.findByTestId('lock-monitor', {}, { timeout: STATE_WAIT_MS });
    expect(within(lock).getByTestId('unlock-link').getAttribute('href')).toBe('/owner/subscription?plan=monitor');
    await vi.waitFor(() => expect(api.calls.some((call) => call.path === '/api/owner/monitors')).toBe(true), { timeout: STATE_WAIT_MS });
    // Settled once the loader is gone: the refusal is the lock's business, not an error on the screen.
    await vi.waitFor(() => expect(document.querySelector('.mantine-Loader-root')).toBeNull(), { timeout: STATE_WAIT_MS });
    expect(screen.queryByText('Subscription required')).toBeNull();
    expect(screen.queryByTestId('monitor-card')).toBeNull();
    expect(screen.queryByTestId('monitor-demo-only')).toBeNull();
  });

  it('without the Monitor plan, the demo monitor below the lock: marked demo, read-only, said so in Russian', async () => {
    const demo = MonitorListSchema.parse({ ...list, items: [{ ...monitor, isDemo: true }], demoOnly: true });
    open('FULL_1M_2', 'ru', { status: 200, body: { result: demo } });
    const card = await screen.findByTestId('monitor-card', {}, { timeout: STATE_WAIT_MS });
    expect(screen.getByTestId('lock-monitor')).toBeTruthy();
    expect(screen.getByTestId('monitor-demo-only').textContent).toContain('Ваш тариф не включает монитор');
    expect(within(card).getByText('Демо')).toBeTruthy();
    expect(within(card).getByTestId('monitor-export')).toBeTruthy();
    for (const action of ['monitor-issue-links', 'monitor-outcome', 'monitor-stop']) expect(within(card).queryByTestId(action)).toBeNull();
    expect(screen.queryByTestId('monitor-start')).toBeNull();
  });

  it('prints one card as the monthly report: only that card marked while the print dialog is open, its months in a table', async () => {
    const user = userEvent.setup();
    const seen: Array<{ body: string | undefined; marked: string[] }> = [];
    vi.stubGlobal(
      'print',
      vi.fn(() =>
        seen.push({
          body: document.body.dataset.printMonitor,
          marked: [...document.querySelectorAll('[data-print-target]')].map((card) => card.getAttribute('data-monitor-id')!),
        }),
      ),
    );
    open('UNLIMITED', 'en');
    const card = await screen.findByTestId('monitor-card', {}, { timeout: STATE_WAIT_MS });
    expect(within(card).getByTestId('monitor-report-heading').textContent).toBe("Monthly report of the director's monitor, November 2026");
    const rows = within(within(card).getByTestId('monitor-report-table'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Month80 % band (forecast)ObservedAnswered',
      'December 202620 … 60 (40)—0',
      'November 202620 … 60 (40)withheld (too few answers)2',
      'October 202620 … 60 (40)-503',
    ]);
    await user.click(within(card).getByTestId('monitor-print'));
    expect(seen).toEqual([{ body: 'm1', marked: ['m1'] }]);
    // The dialog closed: nothing stays marked for print.
    expect(document.body.dataset.printMonitor).toBeUndefined();
    await vi.waitFor(() => expect(card.hasAttribute('data-print-target')).toBe(false), { timeout: STATE_WAIT_MS });
  });
});
