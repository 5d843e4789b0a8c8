import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DiffEntry } from '@teamcast/contracts';

/** One diff entry in words: who, what changed, on which day, and why the rules did it. */
export function useDiffText() {
  const { t } = useTranslation('simulator');
  return (entry: DiffEntry, name: (id: string) => string): string => {
    const who = name(entry.actorId);
    let what: string;
    if (entry.event) what = t(`diff.event.${entry.change ?? 'added'}`, { event: t(`events.${entry.event.type}`), day: entry.event.date });
    else if (entry.interaction && entry.list)
      what = t(`diff.interaction.${entry.change ?? 'added'}`, {
        partner: name(entry.interaction.actorId),
        day: entry.interaction.date,
        list: t(`diff.list.${entry.list}`),
      });
    else what = t(`diff.kind.${entry.kind}`, { field: entry.field ?? '' });
    const why = entry.reason ? ` (${t(`reasons.${entry.reason}`)})` : '';
    return `${who}: ${what}${why}`;
  };
}

/**
 * What the last action changed (spec section 4 diff entries), with the changes the event rules made to what was asked
 * listed apart, so the user sees the outcome before saving.
 */
export function DiffList({ diff, corrections, name }: { diff: DiffEntry[]; corrections: DiffEntry[]; name: (id: string) => string }) {
  const { t } = useTranslation('simulator');
  const text = useDiffText();
  const rejected = corrections.filter((c) => c.change === 'removed');
  return (
    <Stack gap={4} data-testid="diff" aria-live="polite">
      <Text fw={600} size="sm">
        {t('diff.title')}
      </Text>
      {diff.length === 0 && rejected.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('diff.none')}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {diff.map((entry, i) => (
            <List.Item key={i} data-testid="diff-entry" data-kind={entry.kind}>
              {text(entry, name)}
            </List.Item>
          ))}
          {rejected.map((entry, i) => (
            <List.Item key={`r${i}`} data-testid="diff-rejected" data-kind={entry.kind}>
              {t('diff.rejected', { text: text({ ...entry, change: 'added' }, name) })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
