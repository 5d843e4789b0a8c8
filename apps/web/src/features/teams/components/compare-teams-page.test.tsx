import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPARE_KEYS, type CompareIndicators } from '@teamcast/contracts';
import { updateConsent } from '../../../shared/ui/consent-store.ts';
import { CompareTeamsPage } from './compare-teams-page.tsx';
import { PENDING_COMPARISON_POLL_MS } from '../api/comparison.ts';
import { renderAt, sceneOf, stubApi } from './teams-test-support.tsx';
import { findRawFloats } from '../../../shared/format/number.ts';

afterEach(() => vi.unstubAllGlobals());

const indicators = (over: Partial<CompareIndicators>): CompareIndicators => ({
  kMean: 60,
  pMean: 55,
  lMean: 50,
  powerPerPerson: 41.5,
  performance: 62,
  teamPower: 166,
  monthsTogether: 8,
  launch: 10,
  growth: 80,
  support: 10,
  teamType: 'growth',
  maxPower: 70,
  avgPower: 60,
  leads: 0,
  participants: 4,
  managers: 0,
  cohesion: 65,
  managementFit: null,
  unitingEffect: 4,
  atmosphere: 30,
  profile: 'КПЛ',
  ...over,
});

const comparison = {
  _id: 'cmp-1',
  sceneIds: ['a', 'b'],
  scenes: [
    { _id: 'a', title: 'Alpha', indicators: indicators({ kMean: 70.04, cohesion: 50, unitingEffect: 39.83585491055658 }) },
    { _id: 'b', title: 'Beta', indicators: indicators({ kMean: 40, cohesion: 80, participants: 6, teamPower: 240 }) },
  ],
  pending: [],
  best: { kMean: ['a'], cohesion: ['b'], teamType: null, teamPower: null },
  probabilityBest: { kMean: { a: 0.9, b: 0.1 }, cohesion: { a: 0.268, b: 0.732 }, managementFit: null },
  createdAt: '2026-11-01T00:00:00.000Z',
};

const path = '/owner/dashboard/compare-teams/:id?';

describe('CompareTeamsPage', () => {
  it('shows every indicator row with one column per team and marks the best value of each row', async () => {
    stubApi([[/\/api\/scene\/scenes\/compare\/cmp-1$/, () => [200, { result: comparison }]]]);
    renderAt('/owner/dashboard/compare-teams/cmp-1', path, <CompareTeamsPage />);
    await waitFor(() => expect(screen.getByTestId('compare-table')).toBeTruthy());
    for (const key of COMPARE_KEYS) expect(screen.getByTestId(`compare-row-${key}`)).toBeTruthy();
    const best = (key: string) => [...screen.getByTestId(`compare-row-${key}`).querySelectorAll('[data-best]')].map((cell) => cell.textContent);
    expect(best('kMean')).toEqual(['70.0best90% likely best']);
    expect(best('cohesion')).toEqual(['80.0best73% likely best']);
    // Totals that grow with size describe the teams and are never ranked: the larger team does not win by its size.
    expect(best('teamPower')).toEqual([]);
    expect(best('teamType')).toEqual([]);
    expect(within(screen.getByTestId('compare-row-teamType')).getAllByText('Growth')).toHaveLength(2);
    expect(
      within(screen.getByTestId('compare-row-cohesion'))
        .getAllByTestId('compare-probability')
        .map((e) => e.textContent),
    ).toEqual(['27% likely best', '73% likely best']);
    expect(screen.getByTestId('compare-rule').textContent).toContain('do not depend on team size');
    // Every number is formatted: fixed decimals in the reader's language, no raw float.
    expect(within(screen.getByTestId('compare-row-unitingEffect')).getAllByTestId('compare-value')[0]!.textContent).toBe('+39.8%');
    for (const td of screen.getByTestId('compare-table').querySelectorAll('td')) expect(findRawFloats(td.textContent ?? '')).toEqual([]);
  });

  it("says 'Comparison not exist' for an unknown comparison and the load error for other failures", async () => {
    stubApi([[/\/compare\/gone$/, () => [404, { error: { code: 'comparison_not_found', message: 'Comparison not exist' } }]]]);
    const first = renderAt('/owner/dashboard/compare-teams/gone', path, <CompareTeamsPage />);
    await waitFor(() => expect(screen.getByTestId('compare-load-error').textContent).toBe('Comparison not exist'));
    first.unmount();
    stubApi([[/\/compare\/broken$/, () => [500, { error: { code: 'unexpected_error', message: 'Unexpected error' } }]]]);
    renderAt('/owner/dashboard/compare-teams/broken', path, <CompareTeamsPage />);
    await waitFor(() => expect(screen.getByTestId('compare-load-error').textContent).toBe('The comparison could not be loaded'));
  });

  it('shows the teams still computing while a comparison waits for them', async () => {
    stubApi([
      [
        /\/compare\/cmp-1$/,
        () => [
          200,
          { result: { ...comparison, scenes: comparison.scenes.map((s) => ({ ...s, indicators: null })), pending: [{ sceneId: 'a', ruid: 'r1' }], best: {} } },
        ],
      ],
    ]);
    renderAt('/owner/dashboard/compare-teams/cmp-1', path, <CompareTeamsPage />);
    await waitFor(() => expect(screen.getByTestId('compare-pending').textContent).toContain('Forecasting 1 team'));
  });

  it('reads a waiting comparison again by itself, so a team that finished before the screen listened still shows', async () => {
    // No gate message arrives here (the push came before the screen subscribed): only the interval reads it again.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let reads = 0;
      const waiting = { ...comparison, scenes: comparison.scenes.map((s) => ({ ...s, indicators: null })), pending: [{ sceneId: 'a', ruid: 'r1' }], best: {} };
      stubApi([[/\/compare\/cmp-1$/, () => [200, { result: (reads += 1) === 1 ? waiting : comparison }]]]);
      renderAt('/owner/dashboard/compare-teams/cmp-1', path, <CompareTeamsPage />);
      await waitFor(() => expect(screen.getByTestId('compare-pending')).toBeTruthy());
      expect(reads).toBe(1);
      vi.advanceTimersByTime(PENDING_COMPARISON_POLL_MS);
      await waitFor(() => expect(screen.queryByTestId('compare-pending')).toBeNull());
      expect(reads).toBe(2);
      expect(
        within(screen.getByTestId('compare-row-cohesion'))
          .getAllByTestId('compare-value')
          .map((cell) => cell.textContent),
      ).toEqual(['50.0', '80.0']);
      // Nothing is pending any more: no further reads.
      vi.advanceTimersByTime(PENDING_COMPARISON_POLL_MS * 3);
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  /** Picks both teams and starts their comparison; returns the analytics steps sent. */
  async function compareTwo() {
    const calls = stubApi([
      [/\/api\/scene\/scenes\/compare$/, () => [201, { result: comparison }]],
      [/\/api\/scene\/scenes\/compare\/cmp-1$/, () => [200, { result: comparison }]],
      [/\/api\/scene\/scenes(\?|$)/, () => [200, { result: { items: [sceneOf('a', 'Alpha', null), sceneOf('b', 'Beta', null)], total: 2 } }]],
      [/\/api\/site\/events$/, () => [200, { result: { recorded: true } }]],
    ]);
    const user = userEvent.setup();
    renderAt('/owner/dashboard/compare-teams', path, <CompareTeamsPage />);
    for (const choice of await screen.findAllByTestId('compare-choice')) await user.click(choice);
    await user.click(screen.getByTestId('compare-start'));
    await waitFor(() => expect(screen.getByTestId('compare-table')).toBeTruthy());
    return () => calls.filter((call) => call.url.endsWith('/api/site/events')).map((call) => call.body);
  }

  it('records the comparison run on our own server when analytics is on', async () => {
    updateConsent({ analytics: true });
    const steps = await compareTwo();
    await waitFor(() => expect(steps()).toEqual([expect.objectContaining({ kind: 'team', step: 'comparison_run', consent: true })]));
  });

  it('records no team step while analytics is off', async () => {
    const steps = await compareTwo();
    expect(steps()).toEqual([]);
  });
});
