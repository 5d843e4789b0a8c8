import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_INTENSITY, INTENSITY_OPTIONS, errorMessage, type PairActor, type PairRequest, type ProfileSummary } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { useGateEvent } from '../../../shared/gate/gate.ts';
import { track } from '../../../shared/ui/analytics.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { usePickerSearch } from '../../../shared/ui/use-picker-search.ts';
import { syncHistoryFromServer } from '../api/history-sync.ts';
import { usePair, useRunPair } from '../api/pair.ts';
import { usePairProfiles } from '../api/pair-profiles.ts';
import { localeOf, pairPath, type PairShell } from '../hooks/pair-format.ts';
import { PairResultView } from './pair-result.tsx';

/** Copies the server's dashboard history into this browser after a run here or a syncHistory push. */
const refreshHistory = () => void syncHistoryFromServer().catch(() => undefined);

type Settings = { a: string | null; b: string | null; managerId: string | null; mode: 0 | 1; intensity: number; type: 'LOVE' | 'FRIEND'; startDay: string };

/** The first day of the current month, the spec's default start day. */
const firstOfMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1)).toISOString().slice(0, 10);
};

const isFilled = (profile: ProfileSummary) =>
  profile.state === 'ack_a' && profile.scores.competencies !== null && profile.scores.professionalism !== null && profile.scores.maturity !== null;

function settingsOf(pair: PairRequest | undefined): Settings {
  const kind = pair?.result?.kind;
  return {
    a: pair?.actors[0]?._id ?? null,
    b: pair?.actors[1]?._id ?? null,
    managerId: pair?.manager?._id ?? null,
    mode: pair?.mode ?? 0,
    intensity: pair?.intensity ?? DEFAULT_INTENSITY,
    type: kind === 'FRIEND' ? 'FRIEND' : 'LOVE',
    startDay: pair?.startDay ?? firstOfMonth(),
  };
}

/** One person a picker offers: a profile from the server's search, or a saved pair's person. */
type PickerPerson = { _id: string; label: string; avatarName: string | null; isDemo: boolean };

/**
 * Searchable list of the owner's profiles with avatars, searched on the server as one types (any profile can be found,
 * however many the owner has); profiles not filled in yet are marked.
 */
function ProfileSelect({
  label,
  value,
  onChange,
  initial,
  exclude,
  testId,
  clearable,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  /** The saved pair's person in this place, shown before any search returns him. */
  initial: PairActor | null | undefined;
  exclude: Array<string | null>;
  testId: string;
  clearable?: boolean;
}) {
  const { t } = useTranslation('pairs');
  // Love profiles are completed but not scored: the forecast needs K, P and L, so they cannot be paired yet.
  const readiness = (profile: ProfileSummary) => (isFilled(profile) ? '' : ` · ${t(profile.state === 'ack_a' ? 'setup.notScored' : 'setup.notFilled')}`);
  const personOf = (profile: ProfileSummary): PickerPerson => ({
    _id: profile._id,
    label: `${profile.name || t('setup.unnamed')}${readiness(profile)}`,
    avatarName: profile.avatarName,
    isDemo: profile.isDemo,
  });
  const picker = usePickerSearch<PickerPerson>(
    initial
      ? {
          _id: initial._id,
          label: `${initial.name || t('setup.unnamed')}${initial.filled ? '' : ` · ${t('setup.notFilled')}`}`,
          avatarName: initial.avatarName,
          isDemo: initial.isDemo,
        }
      : null,
  );
  const profiles = usePairProfiles(picker.term);
  const people = picker.optionsOf((profiles.data?.items ?? []).map(personOf), value).filter((person) => person._id === value || !exclude.includes(person._id));
  const byId = new Map(people.map((person) => [person._id, person]));
  return (
    <Select
      label={label}
      placeholder={t('setup.pick')}
      searchable
      searchValue={picker.search}
      onSearchChange={picker.setSearch}
      // The server has searched already: every option it answered is shown.
      filter={({ options }) => options}
      clearable={clearable}
      nothingFoundMessage={profiles.isFetching ? t('setup.searching') : t('setup.nothingFound')}
      error={profiles.isError ? profiles.error.message : undefined}
      data={people.map((person) => ({ value: person._id, label: person.label }))}
      value={value}
      onChange={(id) => {
        picker.choose(people, id);
        onChange(id);
      }}
      data-testid={testId}
      renderOption={({ option }) => {
        const person = byId.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={`/avatars/${person?.avatarName ?? 'neutral'}.svg`} alt="" size={28} radius="xl" />
            <Text size="sm">{option.label}</Text>
            {person?.isDemo ? (
              <Badge size="xs" variant="light">
                {t('setup.demo')}
              </Badge>
            ) : null}
          </Group>
        );
      }}
    />
  );
}

function PairSetup({ shell, pair }: { shell: PairShell; pair: PairRequest | undefined }) {
  const { t } = useTranslation('pairs');
  const navigate = useNavigate();
  const [settings, setSettings] = useState<Settings>(() => settingsOf(pair));
  const run = useRunPair();
  const love = shell === 'loveMobile';
  const set = (patch: Partial<Settings>) => setSettings((current) => ({ ...current, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    track('pair', 'check_started');
    run.mutate(
      {
        id: pair?._id,
        settings: {
          actors: [settings.a, settings.b],
          startDay: settings.startDay,
          mode: settings.mode,
          intensity: settings.intensity,
          ...(love ? {} : { managerId: settings.managerId }),
        },
        type: love ? settings.type : undefined,
      },
      {
        onSuccess: (saved) => {
          if (saved.result) track('pair', 'result_shown');
          refreshHistory();
          if (saved._id !== pair?._id) void navigate(pairPath(shell, saved._id), { replace: true });
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate data-testid="pair-setup">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ProfileSelect
            label={t('setup.first')}
            value={settings.a}
            onChange={(a) => set({ a })}
            initial={pair?.actors[0]}
            exclude={[settings.b, settings.managerId]}
            testId="pick-a"
          />
          <ProfileSelect
            label={t('setup.second')}
            value={settings.b}
            onChange={(b) => set({ b })}
            initial={pair?.actors[1]}
            exclude={[settings.a, settings.managerId]}
            testId="pick-b"
          />
        </SimpleGrid>
        {love ? (
          <SegmentedControl
            value={settings.type}
            onChange={(type) => set({ type: type as Settings['type'] })}
            data={[
              { value: 'LOVE', label: t('setup.love') },
              { value: 'FRIEND', label: t('setup.friend') },
            ]}
            data-testid="pick-kind"
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: love ? 3 : 4 }}>
          <TextInput
            type="date"
            label={t('setup.startDay')}
            value={settings.startDay}
            onChange={(event) => set({ startDay: event.currentTarget.value || firstOfMonth() })}
            data-testid="pick-start"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('setup.mode')}
            </Text>
            <SegmentedControl
              value={String(settings.mode)}
              onChange={(mode) => set({ mode: mode === '1' ? 1 : 0 })}
              data={[
                { value: '0', label: love ? t('setup.inPerson') : t('setup.office') },
                { value: '1', label: love ? t('setup.distance') : t('setup.remote') },
              ]}
            />
          </Stack>
          <Select
            label={love ? t('setup.hoursTogether') : t('setup.intensity')}
            data={INTENSITY_OPTIONS.map((hours) => ({ value: String(hours), label: t('setup.hours', { hours }) }))}
            value={String(settings.intensity)}
            onChange={(value) => set({ intensity: Number(value ?? DEFAULT_INTENSITY) })}
            allowDeselect={false}
            data-testid="pick-intensity"
          />
          {love ? null : (
            <ProfileSelect
              label={t('setup.manager')}
              value={settings.managerId}
              onChange={(managerId) => set({ managerId })}
              initial={pair?.manager}
              exclude={[settings.a, settings.b]}
              testId="pick-manager"
              clearable
            />
          )}
        </SimpleGrid>
        {run.error ? (
          <Alert color="red" role="alert" data-testid="pair-error">
            {run.error instanceof ApiError ? run.error.message : t('errors.generic')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={run.isPending} disabled={!settings.a || !settings.b} color={love ? 'pink' : undefined} data-testid="pair-run">
            {t('setup.run')}
          </Button>
          {pair ? (
            <Button variant="subtle" onClick={() => void navigate(pairPath(shell))}>
              {t('setup.new')}
            </Button>
          ) : null}
        </Group>
        {run.isPending ? <Loader label={t('setup.running')} /> : null}
      </Stack>
    </Card>
  );
}

/** The pair compatibility screen of a shell: choose two people and the settings, run, read every result block. */
export function PairPage({ shell }: { shell: PairShell }) {
  const { t, i18n } = useTranslation('pairs');
  const { id } = useParams();
  const pair = usePair(id);
  // Runs in another tab or on another device change the dashboard history; keep this browser's copy in step.
  useGateEvent('syncHistory', refreshHistory);
  const title = shell === 'loveMobile' ? t('titleLove') : t('title');
  const loadFailed = pair.error instanceof ApiError && pair.error.code !== 'compatibility_not_found' && pair.error.code !== 'network_error';
  return (
    <Stack gap="md" data-testid="pair-page">
      <Title order={1} size={shell === 'owner' ? 'h1' : 'h2'}>
        {title}
      </Title>
      {id && pair.isPending ? <Loader label={t('loading')} /> : null}
      {pair.isError ? (
        <Alert color="red" role="alert" title={loadFailed ? errorMessage('pair_load_error', localeOf(i18n.language)) : undefined} data-testid="pair-load-error">
          {pair.error.message}
        </Alert>
      ) : null}
      {!id || pair.data ? <PairSetup key={pair.data?._id ?? 'new'} shell={shell} pair={pair.data} /> : null}
      {pair.data?.warnings.length ? (
        <Alert color="yellow" data-testid="pair-warning">
          {t('warning')}
        </Alert>
      ) : null}
      {pair.data?.result ? <PairResultView pair={pair.data} shell={shell} /> : null}
    </Stack>
  );
}

export const OwnerPairScreen = () => <PairPage shell="owner" />;
export const OwnerMobilePairScreen = () => <PairPage shell="ownerMobile" />;
export const LovePairScreen = () => <PairPage shell="loveMobile" />;
