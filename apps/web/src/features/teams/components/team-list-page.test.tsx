import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TeamListPage } from './team-list-page.tsx';
import { renderAt, sceneOf, stubApi } from './teams-test-support.tsx';

afterEach(() => vi.unstubAllGlobals());

const teams = [
  sceneOf('a', 'Alpha', { totalStatisticPower: 40, teamingEffect: 12 }),
  sceneOf('b', 'Beta', { totalStatisticPower: 70, teamingEffect: -3 }),
  sceneOf('c', 'Gamma', null),
];
const titles = () => screen.getAllByTestId('team-card').map((card) => card.getAttribute('data-team'));

describe('TeamListPage', () => {
  it('orders the team cards by rating or by percent, teams not checked yet last', async () => {
    stubApi([[/\/api\/scene\/scenes\?/, () => [200, { result: { items: teams, total: 3 } }]]]);
    renderAt('/owner/teams', '/owner/teams', <TeamListPage />);
    await waitFor(() => expect(titles()).toEqual(['Beta', 'Alpha', 'Gamma']));
    fireEvent.click(screen.getByText('By percent'));
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(screen.getAllByTestId('team-card-indicators')).toHaveLength(2);
    expect(screen.getByText('Not checked yet')).toBeTruthy();
  });

  it('compares the selected teams once two are chosen and opens the comparison', async () => {
    const calls = stubApi([
      [/\/api\/scene\/scenes\?/, () => [200, { result: { items: teams, total: 3 } }]],
      [
        /\/api\/scene\/scenes\/compare$/,
        () => [200, { result: { _id: 'cmp-1', sceneIds: ['b', 'a'], scenes: [], pending: [], best: {}, createdAt: '2026-11-01T00:00:00.000Z' } }],
      ],
    ]);
    renderAt('/owner/teams', '/owner/teams', <TeamListPage />);
    await waitFor(() => expect(screen.getAllByTestId('team-card')).toHaveLength(3));
    const compare = screen.getByTestId('compare-selected');
    expect(compare.hasAttribute('disabled')).toBe(true);
    const boxes = screen.getAllByTestId('team-select');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    await waitFor(() => expect(compare.hasAttribute('disabled')).toBe(false));
    fireEvent.click(compare);
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeTruthy());
    expect(calls.find((call) => call.url.endsWith('/api/scene/scenes/compare'))?.body).toEqual({ sceneIds: ['b', 'a'] });
  });

  it('shows the server message when deleting fails', async () => {
    stubApi([
      [/\/api\/scene\/scenes\?/, () => [200, { result: { items: teams, total: 3 } }]],
      [/\/api\/scene\/scene\/bulk$/, () => [403, { error: { code: 'verify_account', message: 'Verify your account' } }]],
    ]);
    renderAt('/owner/teams', '/owner/teams', <TeamListPage />);
    await waitFor(() => expect(screen.getAllByTestId('team-card')).toHaveLength(3));
    fireEvent.click(screen.getAllByTestId('team-select')[0]!);
    fireEvent.click(screen.getByTestId('delete-selected'));
    await waitFor(() => expect(screen.getByTestId('list-error').textContent).toBe('Verify your account'));
  });
});
