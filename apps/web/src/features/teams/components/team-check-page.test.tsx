import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rulesOfPlan, type PlanId, type SceneProfile } from '@teamcast/contracts';
import { OwnerTeamCheckScreen } from './team-check-page.tsx';
import { renderAt, stubApi } from './teams-test-support.tsx';

afterEach(() => vi.unstubAllGlobals());

const person = (id: string, name: string, eligible = true): SceneProfile => ({
  _id: id,
  firstName: name,
  lastName: 'Test',
  name: `${name} Test`,
  position: null,
  age: 35,
  gender: 'Ж',
  grade: null,
  isDemo: false,
  eligible,
});
const four = [person('p1', 'Anna'), person('p2', 'Boris'), person('p3', 'Vera'), person('p4', 'Gleb')];

function open(plan: PlanId, profiles: SceneProfile[], found: SceneProfile[] = []) {
  const eligible = profiles.filter((p) => p.eligible);
  const calls = stubApi([
    [/\/api\/payment\/access-rules/, () => [200, { result: rulesOfPlan(plan, true) }]],
    [/\/api\/scene\/profiles\?.*eligible=true/, () => [200, { result: { items: eligible.slice(0, 1), total: eligible.length } }]],
    // The server's search: whatever was typed finds `found`, a profile beyond the first page.
    [/\/api\/scene\/profiles\?.*search=/, () => [200, { result: { items: found, total: found.length } }]],
    [/\/api\/scene\/profiles/, () => [200, { result: { items: profiles, total: profiles.length } }]],
  ]);
  renderAt('/owner/dashboard/team', '/owner/dashboard/team', <OwnerTeamCheckScreen />);
  return calls;
}

const page = () => screen.getByTestId('team-check-page').textContent ?? '';

describe('the team check says what stops it before the work', () => {
  it('without a plan: the lock at the top names the plan and links to it, the run button says so too, and nothing claims a lack of profiles', async () => {
    open('NONE', four);
    const lock = await screen.findByTestId('lock-teamCheck');
    expect(lock.textContent).toContain('Teams');
    expect(within(lock).getByTestId('unlock-link').getAttribute('href')).toBe('/owner/subscription?plan=teams');
    // The lock comes before the form.
    expect(lock.compareDocumentPosition(screen.getByTestId('team-title')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('unlock-link')).toHaveLength(2));
    expect(screen.getByTestId('run-check').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('need-profiles')).toBeNull();
    expect(page()).not.toMatch(/needs at least 2|Choose at least/);
  });

  it('with the plan and 4 filled profiles: asks to choose 2 people, never for filled profiles, and runs once 2 are chosen', async () => {
    open('MID_1M_1', four);
    expect((await screen.findByTestId('choose-more')).textContent).toBe('Choose at least 2 people from the filled profiles');
    expect(screen.queryByTestId('lock-teamCheck')).toBeNull();
    expect(screen.queryByTestId('need-profiles')).toBeNull();
    const user = userEvent.setup();
    for (const [slot, name] of [
      [0, 'Anna'],
      [1, 'Boris'],
    ] as const) {
      const input = screen.getByTestId(`slot-${slot}`);
      await user.click(input);
      const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
      await user.click(within(list).getByRole('option', { name: new RegExp(`^${name}`), hidden: true }));
    }
    await waitFor(() => expect(screen.getByTestId('run-check').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('choose-more')).toBeNull();
  });

  it('with one filled profile (and one still unfilled): says how many are filled and that a team needs 2', async () => {
    open('MID_1M_1', [person('p1', 'Anna'), person('p2', 'Boris', false)]);
    expect((await screen.findByTestId('need-profiles')).textContent).toBe('1 profile is filled; a team needs at least 2. Fill in profiles first.');
    expect(screen.queryByTestId('choose-more')).toBeNull();
    expect(screen.getByTestId('run-check').hasAttribute('disabled')).toBe(true);
  });

  it('searches the server as one types, so a profile beyond the first page can be picked', async () => {
    const calls = open('MID_1M_1', four, [person('p900', 'Zoe')]);
    await screen.findByTestId('choose-more');
    const user = userEvent.setup();
    const input = screen.getByTestId('slot-0');
    await user.click(input);
    await user.type(input, 'Zo');
    const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
    await user.click(await within(list).findByRole('option', { name: /^Zoe/, hidden: true }));
    expect(calls.some((call) => call.url.includes('/api/scene/profiles') && call.url.includes('search=Zo'))).toBe(true);
    expect((input as HTMLInputElement).value).toBe('Zoe Test');
  });
});
