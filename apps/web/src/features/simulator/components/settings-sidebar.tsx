import { useMemo, useState } from 'react';
import { Alert, Group, NativeSelect, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INTENSITY_OPTIONS } from '@teamcast/contracts';
import type { Actor } from '@teamcast/engine';
import { overloaded, pairValues, stateOn } from '../hooks/actor-actions.ts';
import { WindowedList } from '../../../shared/ui/list-window.tsx';
import { displayName } from './actor-name.ts';

export type SceneDraft = {
  title: string;
  startDay: string;
  lifespan: 1 | 2;
  showSceneCardTips: boolean;
  showSceneIndicatorTips: boolean;
};

type Props = {
  draft: SceneDraft;
  onDraft: (draft: SceneDraft) => void;
  actors: Actor[];
  day: number;
  onPair: (a: string, b: string, list: 'interactionType' | 'interactionIntensive', value: number) => void;
};

/** Up to this many people on the day every pair is listed (28 pairs); in a larger team, one chosen person's pairs. */
export const ALL_PAIRS_UP_TO = 8;
/** A pair's height before it is measured (its names, then its two selects). */
const PAIR_ESTIMATE = 58;

/**
 * The settings sidebar (spec section 2): title, start day, lifespan, each working pair's mode and hours per week from the
 * selected day on (warning when someone's hours exceed 50 a week), and the tips switches. A team of more than
 * ALL_PAIRS_UP_TO people lists the pairs of one person, chosen in a searchable list: a 300-person team has 44,850 pairs,
 * which no one reads in a sidebar and which took the page minutes to draw.
 */
export function SettingsSidebar({ draft, onDraft, actors, day, onPair }: Props) {
  const { t } = useTranslation('simulator');
  const active = useMemo(() => actors.filter((a) => stateOn(a, day).active), [actors, day]);
  const [chosen, setChosen] = useState<string | null>(null);
  const focus = active.length > ALL_PAIRS_UP_TO ? (active.find((a) => a.id === chosen) ?? active[0]) : undefined;
  const pairs = focus
    ? active.filter((b) => b.id !== focus.id).map((b) => [focus, b] as const)
    : active.flatMap((a, i) => active.slice(i + 1).map((b) => [a, b] as const));
  const modes = useMemo(() => pairValues(actors, 'interactionType', day), [actors, day]);
  const intensities = useMemo(() => pairValues(actors, 'interactionIntensive', day), [actors, day]);
  const over = useMemo(() => overloaded(actors, day), [actors, day]);
  const name = (a: Actor) => displayName(a, t('card.unnamed'));
  const unset = { value: '', label: t('settings.unset'), disabled: true };
  return (
    <Stack gap="xs" data-testid="settings-sidebar">
      <Title order={3} size="h5">
        {t('settings.title')}
      </Title>
      <TextInput
        label={t('settings.name')}
        value={draft.title}
        onChange={(e) => onDraft({ ...draft, title: e.currentTarget.value })}
        data-testid="scene-title"
        maxLength={120}
      />
      <TextInput
        type="date"
        label={t('settings.startDay')}
        value={draft.startDay}
        onChange={(e) => e.currentTarget.value && onDraft({ ...draft, startDay: e.currentTarget.value })}
        data-testid="scene-start"
      />
      <Stack gap={2}>
        <Text size="sm" fw={500} id="lifespan-label">
          {t('settings.lifespan')}
        </Text>
        <SegmentedControl
          aria-labelledby="lifespan-label"
          value={String(draft.lifespan)}
          onChange={(value) => onDraft({ ...draft, lifespan: value === '2' ? 2 : 1 })}
          data={[
            { value: '1', label: t('settings.years', { count: 1 }) },
            { value: '2', label: t('settings.years', { count: 2 }) },
          ]}
        />
      </Stack>
      <Text size="sm" fw={500}>
        {t('settings.pairs', { day })}
      </Text>
      {over.length > 0 && (
        <Alert color="orange" data-testid="overload-warning">
          {t('settings.overload')}
        </Alert>
      )}
      {pairs.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('settings.noPairs')}
        </Text>
      )}
      {focus && (
        <Select
          label={t('settings.pairsOf')}
          size="xs"
          searchable
          data={active.map((a) => ({ value: a.id, label: name(a) }))}
          value={focus.id}
          onChange={(value) => value !== null && setChosen(value)}
          allowDeselect={false}
          data-testid="pairs-of"
        />
      )}
      <WindowedList
        items={pairs}
        itemKey={([a, b]) => `${a.id}-${b.id}`}
        rowSize={PAIR_ESTIMATE}
        maxHeight="60vh"
        gap="var(--mantine-spacing-xs)"
        testId="pair-list"
      >
        {([a, b]) => {
          const mode = modes(a.id, b.id);
          const hours = intensities(a.id, b.id);
          return (
            <Stack gap={2} data-testid={`pair-${a.id}-${b.id}`}>
              <Text size="xs">{t('settings.pair', { a: name(a), b: name(b) })}</Text>
              <Group gap="xs" wrap="nowrap">
                <NativeSelect
                  aria-label={t('settings.mode', { a: name(a), b: name(b) })}
                  size="xs"
                  data={[...(mode === undefined ? [unset] : []), { value: '0', label: t('settings.office') }, { value: '1', label: t('settings.remote') }]}
                  value={mode === undefined ? '' : String(mode)}
                  onChange={(e) => e.currentTarget.value && onPair(a.id, b.id, 'interactionType', Number(e.currentTarget.value))}
                />
                <NativeSelect
                  aria-label={t('settings.intensity', { a: name(a), b: name(b) })}
                  size="xs"
                  data={[
                    ...(hours === undefined ? [unset] : []),
                    ...INTENSITY_OPTIONS.map((h) => ({ value: String(h), label: t('settings.hours', { hours: h }) })),
                  ]}
                  value={hours === undefined ? '' : String(hours)}
                  onChange={(e) => e.currentTarget.value && onPair(a.id, b.id, 'interactionIntensive', Number(e.currentTarget.value))}
                  data-testid={`intensity-${a.id}-${b.id}`}
                />
              </Group>
            </Stack>
          );
        }}
      </WindowedList>
      <Switch
        label={t('settings.cardTips')}
        checked={draft.showSceneCardTips}
        onChange={(e) => onDraft({ ...draft, showSceneCardTips: e.currentTarget.checked })}
      />
      <Switch
        label={t('settings.indicatorTips')}
        checked={draft.showSceneIndicatorTips}
        onChange={(e) => onDraft({ ...draft, showSceneIndicatorTips: e.currentTarget.checked })}
      />
    </Stack>
  );
}
