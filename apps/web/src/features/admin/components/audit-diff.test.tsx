import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { AuditDiff, auditChanges } from './audit-diff.tsx';

describe('auditChanges', () => {
  it('lists only the fields that differ, nested ones by dotted path, added and removed ones against nothing', () => {
    const before = { companyName: 'Old Co', email: 'a@example.com', verified: false, subscribe: { plan: 'MID_1M_2', status: 'active' }, tags: ['a'] };
    const after = {
      companyName: 'New Co',
      email: 'a@example.com',
      verified: true,
      subscribe: { plan: 'MID_1M_2', status: 'canceled' },
      tags: ['a', 'b'],
      note: 'x',
    };
    expect(auditChanges(before, after)).toEqual([
      { field: 'companyName', before: 'Old Co', after: 'New Co' },
      { field: 'verified', before: 'false', after: 'true' },
      { field: 'subscribe.status', before: 'active', after: 'canceled' },
      { field: 'tags', before: '["a"]', after: '["a","b"]' },
      { field: 'note', before: null, after: 'x' },
    ]);
  });

  it('treats a created object as every field added and a deleted one as every field removed', () => {
    expect(auditChanges(null, { name: 'Ира', nextProfileBatch: 10 })).toEqual([
      { field: 'name', before: null, after: 'Ира' },
      { field: 'nextProfileBatch', before: null, after: '10' },
    ]);
    expect(auditChanges({ name: 'Ира' }, null)).toEqual([{ field: 'name', before: 'Ира', after: null }]);
    expect(auditChanges({ name: 'Ира', information: null }, { name: 'Ира' })).toEqual([]);
  });
});

describe('AuditDiff', () => {
  it('shows one row per changed field with its translated name, before and after', () => {
    initI18n('ru');
    render(
      <MantineProvider>
        <AuditDiff before={{ companyName: 'Old Co', email: 'a@example.com' }} after={{ companyName: 'New Co', email: 'a@example.com' }} />
      </MantineProvider>,
    );
    const rows = within(screen.getByTestId('audit-diff')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toBe('КомпанияOld CoNew Co');
    expect(screen.queryByText('a@example.com')).toBeNull();
    expect(screen.queryByText(/\{/)).toBeNull();
  });
});
