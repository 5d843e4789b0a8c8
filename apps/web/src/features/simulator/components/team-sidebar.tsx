import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, NativeSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SceneProfile } from '@teamcast/contracts';
import type { Actor } from '@teamcast/engine';
import type { SceneDataset } from '../api/dataset.ts';
import { addedAt, stateOn } from '../hooks/actor-actions.ts';
import { actorOn, type ActorMetrics } from '../hooks/dataset-view.ts';
import { displayName } from './actor-name.ts';
import { useEligibleSearch } from '../api/scene.ts';
import { WindowedList } from '../../../shared/ui/list-window.tsx';
import { usePickerSearch } from '../../../shared/ui/use-picker-search.ts';

export type SceneSort = 'power' | 'weight' | 'rating' | 'addedDate' | 'experience';
export const SORTS: SceneSort[] = ['addedDate', 'power', 'weight', 'rating', 'experience'];

/** The metric each card sort reads: weight is the actor's importance, rating his in-group rating, experience his expertise. */
const SORT_METRIC: Record<Exclude<SceneSort, 'addedDate'>, keyof ActorMetrics> = {
  power: 'power',
  weight: 'importance',
  rating: 'rating',
  experience: 'expertise',
};

/**
 * Card order (spec section 4): by added date, newest first, or by a metric of the selected day, highest first; actors
 * without a computed value that day go last, newest first among them.
 */
export function sortActors(actors: Actor[], sort: SceneSort, metrics: (id: string) => ActorMetrics | null): Actor[] {
  const byAdded = (a: Actor, b: Actor) => addedAt(b) - addedAt(a);
  if (sort === 'addedDate') return [...actors].sort(byAdded);
  const key = SORT_METRIC[sort];
  const value = (a: Actor) => {
    const m = metrics(a.id);
    return m ? (m[key] as number) : Number.NEGATIVE_INFINITY;
  };
  return [...actors].sort((a, b) => value(b) - value(a) || byAdded(a, b));
}

export type TeamAction =
  { type: 'add'; profile: SceneProfile } | { type: 'remove' | 'manager' | 'lead' | 'unmanager' | 'unlead' | 'dismiss' | 'rejoin'; actorId: string };

type Props = {
  actors: Actor[];
  day: number;
  sort: SceneSort;
  onSort: (sort: SceneSort) => void;
  profiles: SceneProfile[];
  dataset: SceneDataset | null;
  showTips: boolean;
  onAction: (action: TeamAction) => void;
};

const fmt = (value: number) => Math.round(value).toString();

/** A card's action buttons wrap their text inside a narrow card ("Сделать руководителем" is wider than the column). */
const ACTION_STYLES = {
  root: { maxWidth: '100%', height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start' },
} as const;

function ActorCard({
  actor,
  day,
  grade,
  metrics,
  computed,
  showTips,
  onAction,
}: {
  actor: Actor;
  day: number;
  grade: string | null;
  metrics: ActorMetrics | null;
  computed: boolean;
  showTips: boolean;
  onAction: Props['onAction'];
}) {
  const { t } = useTranslation('simulator');
  const name = displayName(actor, t('card.unnamed'));
  const { active, rank } = stateOn(actor, day);
  const wasDismissed = actor.events.some((e) => e.type === 'dismiss' && e.date <= day);
  const act = (type: Exclude<TeamAction['type'], 'add'>) => () => onAction({ type, actorId: actor.id });
  return (
    <Card withBorder padding="xs" data-testid={`card-${actor.id}`} aria-label={name}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar size="md" radius="xl" name={name} color="initials" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={4}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            {rank === 2 && <Badge size="xs">{t('card.manager')}</Badge>}
            {rank === 1 && (
              <Badge size="xs" color="violet" data-testid={`lead-${actor.id}`}>
                {t('card.lead')}
              </Badge>
            )}
            {!active && (
              <Badge size="xs" color="gray" data-testid={`away-${actor.id}`}>
                {t('card.away')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {[actor.position, grade ? t('card.grade', { grade }) : null].filter(Boolean).join(' · ') || t('card.noPosition')}
          </Text>
          {metrics ? (
            <Text size="xs" data-testid={`metrics-${actor.id}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('card.metrics', {
                power: fmt(metrics.power),
                expertise: fmt(metrics.expertise),
                importance: fmt(metrics.importance),
                integration: fmt(metrics.integration),
                support: fmt(metrics.support),
                mood: t(`moods.${metrics.mood}`),
              })}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {computed ? t('card.notInTeam') : t('card.noForecast')}
            </Text>
          )}
          {showTips && (
            <Text size="xs" c="dimmed">
              {t('card.tip')}
            </Text>
          )}
          <Group gap={4} mt={4}>
            {active && rank !== 2 && (
              <Button size="compact-xs" styles={ACTION_STYLES} variant="light" onClick={act('manager')} data-testid={`make-manager-${actor.id}`}>
                {t('actions.manager')}
              </Button>
            )}
            {active && rank === 2 && (
              <Button size="compact-xs" styles={ACTION_STYLES} variant="light" onClick={act('unmanager')}>
                {t('actions.unmanager')}
              </Button>
            )}
            {active && rank !== 1 && (
              <Button size="compact-xs" styles={ACTION_STYLES} variant="light" onClick={act('lead')} data-testid={`make-lead-${actor.id}`}>
                {t('actions.lead')}
              </Button>
            )}
            {active && rank === 1 && (
              <Button size="compact-xs" styles={ACTION_STYLES} variant="light" onClick={act('unlead')}>
                {t('actions.unlead')}
              </Button>
            )}
            {active && (
              <Button size="compact-xs" styles={ACTION_STYLES} variant="light" color="orange" onClick={act('dismiss')} data-testid={`dismiss-${actor.id}`}>
                {t('actions.dismiss', { day })}
              </Button>
            )}
            {!active && wasDismissed && (
              <Button size="compact-xs" styles={ACTION_STYLES} variant="light" color="green" onClick={act('rejoin')} data-testid={`rejoin-${actor.id}`}>
                {t('actions.rejoin', { day })}
              </Button>
            )}
            <Button
              size="compact-xs"
              styles={ACTION_STYLES}
              variant="subtle"
              color="red"
              onClick={act('remove')}
              data-testid={`remove-${actor.id}`}
              aria-label={t('actions.removeNamed', { name })}
            >
              {t('actions.remove')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** Adding a person: the owner's filled profiles searched on the server as one types, so anyone can be found. */
function AddPerson({ taken, day, onAdd }: { taken: ReadonlySet<string>; day: number; onAdd: (profile: SceneProfile) => void }) {
  const { t } = useTranslation('simulator');
  const [picked, setPicked] = useState<string | null>(null);
  const picker = usePickerSearch<SceneProfile & { label: string }>(null);
  const found = useEligibleSearch(picker.term);
  const choices = picker.optionsOf(
    (found.data?.items ?? []).filter((p) => !taken.has(p._id)).map((p) => ({ ...p, label: p.name || t('card.unnamed') })),
    picked,
  );
  const pickedProfile = choices.find((p) => p._id === picked);
  return (
    <Stack gap={4}>
      <Select
        label={t('team.add')}
        placeholder={t('team.pick')}
        searchable
        searchValue={picker.search}
        onSearchChange={picker.setSearch}
        // The server has searched already: every option it answered is shown.
        filter={({ options }) => options}
        nothingFoundMessage={found.isFetching ? t('team.searching') : t('team.nothingFound')}
        data={choices.map((p) => ({ value: p._id, label: p.label }))}
        value={picked}
        onChange={(id) => {
          picker.choose(choices, id);
          setPicked(id);
        }}
        data-testid="add-pick"
      />
      <Button
        variant="light"
        disabled={!pickedProfile}
        data-testid="add-actor"
        onClick={() => {
          if (!pickedProfile) return;
          const { label: _label, ...profile } = pickedProfile;
          onAdd(profile);
          setPicked(null);
          picker.setSearch('');
        }}
      >
        {t('actions.add', { day })}
      </Button>
    </Stack>
  );
}

/** A card's height before it is measured (a card with a position line, the metrics and one row of buttons). */
const CARD_ESTIMATE = 150;

/**
 * The team sidebar: card sort, adding a person from the owner's profiles, and one card per actor with its actions. A
 * large team's cards scroll in a box of their own, and only those in view are drawn.
 */
export function TeamSidebar({ actors, day, sort, onSort, profiles, dataset, showTips, onAction }: Props) {
  const { t } = useTranslation('simulator');
  // Each actor's metrics of the day read once (a sort asks for them at every comparison).
  const metricsOf = new Map(actors.map((a) => [a.id, dataset ? actorOn(dataset, a.id, day) : null]));
  const metrics = (id: string) => metricsOf.get(id) ?? null;
  const taken = new Set(actors.map((a) => a.id));
  const gradeOf = new Map(profiles.map((p) => [p._id, p.grade]));
  const sorted = sortActors(actors, sort, metrics);
  return (
    <Stack gap="xs" data-testid="team-sidebar">
      <Title order={3} size="h5">
        {t('team.title', { count: actors.length })}
      </Title>
      <NativeSelect
        label={t('team.sort')}
        data={SORTS.map((value) => ({ value, label: t(`sorts.${value}`) }))}
        value={sort}
        onChange={(event) => onSort(event.currentTarget.value as SceneSort)}
        data-testid="card-sort"
      />
      <AddPerson taken={taken} day={day} onAdd={(profile) => onAction({ type: 'add', profile })} />
      <WindowedList items={sorted} itemKey={(actor) => actor.id} rowSize={CARD_ESTIMATE} maxHeight="70vh" gap="var(--mantine-spacing-xs)" testId="card-list">
        {(actor) => (
          <ActorCard
            actor={actor}
            day={day}
            grade={gradeOf.get(actor.id) ?? null}
            metrics={metrics(actor.id)}
            computed={dataset !== null}
            showTips={showTips}
            onAction={onAction}
          />
        )}
      </WindowedList>
    </Stack>
  );
}
