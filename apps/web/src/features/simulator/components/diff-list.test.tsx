import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { DiffList } from './diff-list.tsx';

const names: Record<string, string> = { a: 'Anna', b: 'Boris' };

describe('diff display', () => {
  it('lists each change in words with the rule that caused it, and what the rules turned down apart', () => {
    initI18n('en');
    render(
      <MantineProvider>
        <DiffList
          name={(id) => names[id] ?? id}
          diff={[
            { kind: 'rank', actorId: 'b', change: 'added', event: { type: 'l_rank', date: 120, value: 0, timestamp: 5 } },
            { kind: 'disrank', actorId: 'a', change: 'added', event: { type: 'l_disrank', date: 120, value: 0, timestamp: 5 }, reason: 'one_lead' },
            { kind: 'add', actorId: 'b' },
            { kind: 'update', actorId: 'a', change: 'added', list: 'interactionIntensive', interaction: { actorId: 'b', date: 10, value: 8 } },
          ]}
          corrections={[{ kind: 'rank', actorId: 'a', change: 'removed', event: { type: 'm_rank', date: 200, value: 0, timestamp: 9 }, reason: 'not_active' }]}
        />
      </MantineProvider>,
    );
    const entries = screen.getAllByTestId('diff-entry').map((el) => el.textContent);
    expect(entries).toEqual([
      'Boris: Becomes lead on day 120',
      'Anna: Stops being lead on day 120 (a team has one lead)',
      'Boris: added to the team',
      'Anna: hours per week with Boris from day 10',
    ]);
    expect(screen.getByTestId('diff-rejected').textContent).toContain('Not applied: Anna: Becomes manager on day 200 (not in the team on that day)');
  });

  it('says so when nothing changed', () => {
    initI18n('en');
    render(
      <MantineProvider>
        <DiffList name={(id) => id} diff={[]} corrections={[]} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('diff').textContent).toContain('Nothing changed');
  });
});
