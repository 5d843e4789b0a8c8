import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@teamcast/engine';
import { actor, ev } from '../../../../../../packages/engine/src/test-support/actors.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { layOutLists, scrollTo } from '../../../test/list-layout.ts';
import { ALL_PAIRS_UP_TO, SettingsSidebar } from './settings-sidebar.tsx';

const draft = { title: 'Team', startDay: '2027-01-01', lifespan: 1 as const, showSceneCardTips: true, showSceneIndicatorTips: true };

/** A team of `count` people from day 0; p0 and p1 work 10 hours a week remotely from day 0. */
function team(count: number): Actor[] {
  return Array.from({ length: count }, (_, i) =>
    actor(`p${i}`, [ev('start', 0)], i === 0 ? { intensive: [{ actorId: 'p1', date: 0, value: 10 }], type: [{ actorId: 'p1', date: 0, value: 1 }] } : {}),
  );
}

function renderSidebar(actors: Actor[], onPair = vi.fn()) {
  initI18n('en');
  render(
    <MantineProvider>
      <SettingsSidebar draft={draft} onDraft={vi.fn()} actors={actors} day={0} onPair={onPair} />
    </MantineProvider>,
  );
  return onPair;
}

const pairRows = () => screen.getAllByTestId(/^pair-p\d+-p\d+$/);

describe('the settings sidebar', () => {
  afterEach(() => vi.restoreAllMocks());

  it(`lists every pair of a team of up to ${ALL_PAIRS_UP_TO} people, with each pair's settings`, () => {
    const onPair = renderSidebar(team(4));
    expect(pairRows()).toHaveLength(6);
    expect(screen.queryByTestId('pairs-of')).toBeNull();
    const first = within(screen.getByTestId('pair-p0-p1'));
    expect((first.getByRole('combobox', { name: 'Hours per week of p0 Test and p1 Test' }) as HTMLSelectElement).value).toBe('10');
    expect((first.getByRole('combobox', { name: 'Work mode of p0 Test and p1 Test' }) as HTMLSelectElement).value).toBe('1');
    // A pair with nothing set says so.
    expect((within(screen.getByTestId('pair-p2-p3')).getByRole('combobox', { name: 'Work mode of p2 Test and p3 Test' }) as HTMLSelectElement).value).toBe('');
    fireEvent.change(screen.getByTestId('intensity-p2-p3'), { target: { value: '0.5' } });
    expect(onPair).toHaveBeenCalledWith('p2', 'p3', 'interactionIntensive', 0.5);
  });

  it('lists the pairs of one chosen person in a larger team, not all of its pairs, drawing those in view', () => {
    layOutLists({ viewport: 580, row: 58 });
    renderSidebar(team(300));
    expect(screen.getByTestId('pairs-of')).toBeTruthy();
    // p0's 299 pairs, not 44,850; of them the 10 in view and a few beyond are drawn.
    const drawn = pairRows().map((row) => row.dataset.testid);
    expect(drawn[0]).toBe('pair-p0-p1');
    expect(drawn.length).toBeGreaterThanOrEqual(10);
    expect(drawn.length).toBeLessThan(30);
    expect(drawn.every((id) => id!.startsWith('pair-p0-'))).toBe(true);
    expect(screen.queryByTestId('pair-p1-p2')).toBeNull();
    // Scrolled to its end, the list draws the last pair.
    scrollTo(screen.getByTestId('pair-list'), 298 * 58);
    expect(screen.getByTestId('pair-p0-p299')).toBeTruthy();
    expect(screen.queryByTestId('pair-p0-p1')).toBeNull();
  });
});
