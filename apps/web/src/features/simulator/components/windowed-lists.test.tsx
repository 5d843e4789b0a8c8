import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@teamcast/engine';
import { actor, ev } from '../../../../../../packages/engine/src/test-support/actors.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { WINDOWED_FROM } from '../../../shared/ui/list-window.tsx';
import { layOutLists, scrollTo } from '../../../test/list-layout.ts';
import { TeamSidebar } from './team-sidebar.tsx';
import { Timeline } from './timeline.tsx';

/** `count` people from day 0, p0 added first (the cards' default order is newest first). */
const team = (count: number): Actor[] => Array.from({ length: count }, (_, i) => actor(`p${i}`, [ev('start', 0, i)]));

function renderTimeline(actors: Actor[]) {
  initI18n('en');
  render(
    <MantineProvider>
      <Timeline actors={actors} day={0} onDay={vi.fn()} lifespan={1} startDay="2027-01-01" scale={1} onMoveEvent={vi.fn()} />
    </MantineProvider>,
  );
}

function renderCards(actors: Actor[]) {
  initI18n('en');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
      <MantineProvider>
        <TeamSidebar actors={actors} day={0} sort="addedDate" onSort={vi.fn()} profiles={[]} dataset={null} showTips={false} onAction={vi.fn()} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const drawn = (pattern: RegExp) => screen.queryAllByTestId(pattern).map((element) => element.dataset.testid);

describe("a large team's lists draw the rows in view", () => {
  afterEach(() => vi.restoreAllMocks());

  it(`the timeline draws every row up to ${WINDOWED_FROM} people, and a larger team's rows in view of its scrolling box`, () => {
    renderTimeline(team(WINDOWED_FROM));
    expect(screen.getByTestId('timeline').dataset.windowed).toBe('false');
    expect(drawn(/^row-/)).toHaveLength(WINDOWED_FROM);
  });

  it('the timeline of 300 people draws about its 14 visible rows, and the last ones once scrolled there', () => {
    layOutLists({ viewport: 14 * 28 + 48, row: 28 });
    renderTimeline(team(300));
    const box = screen.getByTestId('timeline');
    expect(box.dataset.windowed).toBe('true');
    const rows = drawn(/^row-/);
    expect(rows[0]).toBe('row-p0');
    expect(rows.length).toBeGreaterThanOrEqual(14);
    expect(rows.length).toBeLessThan(40);
    // The months and the day strip stay drawn above the rows.
    expect(screen.getByTestId('timeline-track')).toBeTruthy();
    scrollTo(box, 300 * 28);
    expect(screen.getByTestId('row-p299')).toBeTruthy();
    expect(screen.queryByTestId('row-p0')).toBeNull();
    expect(screen.getByTestId('timeline-track')).toBeTruthy();
  });

  it('the team sidebar of 300 people draws the cards in view of its own scrolling box, and the last once scrolled there', () => {
    layOutLists({ viewport: 600, row: 150 });
    renderCards(team(300));
    const cards = drawn(/^card-p\d+$/);
    // Newest first: p299 was added last.
    expect(cards[0]).toBe('card-p299');
    expect(cards.length).toBeGreaterThanOrEqual(4);
    expect(cards.length).toBeLessThan(20);
    scrollTo(screen.getByTestId('card-list'), 300 * 150);
    expect(screen.getByTestId('card-p0')).toBeTruthy();
    expect(screen.queryByTestId('card-p299')).toBeNull();
  });
});
