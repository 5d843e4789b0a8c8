import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One changed field of an audited object: its dotted path, and the value before and after as text (null: absent). */
export type FieldChange = { field: string; before: string | null; after: string | null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Nested objects flattened to dotted paths; arrays and other values are leaves. */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== null && value !== undefined) {
    into.set(prefix || '·', value);
  } else if (prefix) {
    into.set(prefix, null);
  }
  return into;
}

/** The fields that differ between an audited object before and after a change, in the order they first appear. */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const fields = [...new Set([...old.keys(), ...next.keys()])];
  return fields.flatMap((field) => {
    const was = old.has(field) && old.get(field) !== null ? text(old.get(field)) : null;
    const now = next.has(field) && next.get(field) !== null ? text(next.get(field)) : null;
    return was === now ? [] : [{ field, before: was, after: now }];
  });
}

/** A readable before/after of one audit entry: one row per changed field. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  const changes = auditChanges(before, after);
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('audit.noChanges')}
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="audit-diff">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('audit.field')}</Table.Th>
          <Table.Th>{t('audit.before')}</Table.Th>
          <Table.Th>{t('audit.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field} data-field={change.field}>
            <Table.Td fw={500}>{t(`audit.fields.${change.field}`, { defaultValue: change.field })}</Table.Td>
            <Table.Td c="red.9" td={change.before === null ? undefined : 'line-through'} style={{ overflowWrap: 'anywhere' }}>
              {change.before ?? '—'}
            </Table.Td>
            <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
              {change.after ?? '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
