import { CapabilityLock, UnlockLink } from '../../../shared/access/capability-lock.tsx';
import { useCapability } from '../../../shared/access/access-rules.ts';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MIN_SPECIALISTS, TEAM_REQUEST_SLOTS, teamActors, type Locale, type SceneProfile } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { track } from '../../../shared/ui/analytics.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { usePickerSearch } from '../../../shared/ui/use-picker-search.ts';
import { useEligibleCount, useSceneProfiles, useSlotProfileName } from '../api/scene-profiles.ts';
import { useFixScene, useSaveScene, useScene } from '../api/scenes.ts';
import { useSceneRun } from '../../../shared/scene/use-scene-run.ts';
import { fetchDataset } from '../api/scene-run.ts';
import { PhaseProgress } from './phase-progress.tsx';
import { TeamIndicators } from './team-indicators.tsx';

type Slots = Array<string | null>;
const emptySlots = (): Slots => Array.from({ length: TEAM_REQUEST_SLOTS }, () => null);

type SlotPerson = { _id: string; label: string; eligible: boolean };

/** One actor slot: the owner's profiles searched on the server as one types, so anyone can be found however many there are. */
function SlotSelect({ index, value, onChange, taken }: { index: number; value: string | null; onChange: (id: string | null) => void; taken: Slots }) {
  const { t } = useTranslation('teams');
  const picker = usePickerSearch<SlotPerson>(null);
  const profiles = useSceneProfiles(picker.term);
  const personOf = (p: SceneProfile): SlotPerson => ({
    _id: p._id,
    label: `${p.name || t('check.unnamed')}${p.isDemo ? ` · ${t('check.demo')}` : ''}${p.eligible ? '' : ` · ${t('check.notFilled')}`}`,
    eligible: p.eligible,
  });
  const people = picker.optionsOf((profiles.data?.items ?? []).map(personOf), value);
  // A saved team's person whom no answer carried yet: his name is asked for once, so the slot says who is in it.
  const unknown = value !== null && profiles.data !== undefined && !people.some((p) => p._id === value);
  const name = useSlotProfileName(value, unknown);
  const shown = unknown && name.data !== undefined ? [{ _id: value, label: name.data || t('check.unnamed'), eligible: true }, ...people] : people;
  const data = shown.filter((p) => p._id === value || !taken.includes(p._id)).map((p) => ({ value: p._id, label: p.label, disabled: !p.eligible }));
  return (
    <Select
      label={t('check.slot', { number: index + 1 })}
      placeholder={t('check.pick')}
      searchable
      searchValue={picker.search}
      onSearchChange={picker.setSearch}
      // The server has searched already: every option it answered is shown.
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={profiles.isFetching ? t('check.searching') : t('check.nothingFound')}
      error={profiles.isError ? profiles.error.message : undefined}
      data={data}
      value={value}
      onChange={(id) => {
        picker.choose(shown, id);
        onChange(id);
      }}
      data-testid={`slot-${index}`}
    />
  );
}

/**
 * Fast team check (spec section 2): up to 4 people from completed profiles, all starting together and working with each
 * other; the team is saved as a scene, computed in the background with its phases shown, then its indicators appear.
 */
function TeamCheckPage({ basePath }: { basePath: string }) {
  const { t, i18n } = useTranslation('teams');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const { id } = useParams();
  const navigate = useNavigate();
  const scene = useScene(id);
  const eligible = useEligibleCount();
  const save = useSaveScene();
  const fix = useFixScene();
  const run = useSceneRun(scene.data, locale, fetchDataset);
  const [slots, setSlots] = useState<Slots>(emptySlots);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Opening a saved team fills the slots from it (once per team, adjusted while rendering).
  const [shownId, setShownId] = useState<string | null>(null);
  if (scene.data && scene.data._id !== shownId) {
    const ids = scene.data.actors.map((a) => a.id);
    setShownId(scene.data._id);
    setSlots(emptySlots().map((_, i) => ids[i] ?? null));
    setTitle(scene.data.title);
  }

  const chosen = slots.filter((s): s is string => s !== null);
  // Filled profiles (completed and scored) the owner can pick from; null while they load.
  const filled = eligible.data ?? null;
  const tooFewFilled = filled !== null && filled < MIN_SPECIALISTS;
  const teamCheck = useCapability('teamCheck');
  const canRun =
    teamCheck.allowed !== false && chosen.length >= MIN_SPECIALISTS && run.state.status !== 'running' && run.state.status !== 'loading' && !save.isPending;

  const check = async () => {
    setError(null);
    const actors = teamActors(chosen, { timestamp: Date.now() });
    const name = title.trim() || t('check.defaultTitle', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date()) });
    try {
      const saved = await save.mutateAsync({ id, create: { title: name, actors }, update: { title: name, actors } });
      if (!id) track('team', 'team_created');
      if (saved.scene._id !== id) await navigate(`${basePath}/${saved.scene._id}`, { replace: Boolean(id) });
      track('team', 'team_check_run');
      await run.start(saved.scene._id);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.generic'));
    }
  };

  if (id && scene.isPending) return <Loader />;
  if (id && scene.isError) {
    return (
      <Alert color="red" data-testid="team-error">
        {scene.error instanceof ApiError ? scene.error.message : t('errors.generic')}
      </Alert>
    );
  }
  const missing = scene.data?.missingActorIds ?? [];
  const showTips = scene.data?.settings.showSceneIndicatorTips ?? true;

  return (
    <Stack gap="lg" data-testid="team-check-page">
      <CapabilityLock capability="teamCheck" />
      <Group justify="space-between">
        <Title order={1}>{t('check.title')}</Title>
        {id && basePath.startsWith('/owner/dashboard') ? (
          <Button component={Link} to={`/owner/team/${id}`} variant="light" data-testid="open-simulator">
            {t('check.openSimulator')}
          </Button>
        ) : null}
        {id ? (
          <Button
            variant="subtle"
            onClick={() => {
              run.reset();
              setShownId(null);
              setSlots(emptySlots());
              setTitle('');
              void navigate(basePath);
            }}
            data-testid="new-check"
          >
            {t('check.new')}
          </Button>
        ) : null}
      </Group>
      <Text c="dimmed">{t('check.intro')}</Text>

      {missing.length > 0 ? (
        <Alert color="yellow" title={t('check.changedTitle')} data-testid="team-changed">
          <Stack gap="xs">
            <Text size="sm">{t('check.changedBody', { count: missing.length })}</Text>
            <Group>
              <Button size="xs" loading={fix.isPending} onClick={() => id && fix.mutate(id)} data-testid="confirm-changed">
                {t('check.changedConfirm')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      <TextInput
        label={t('check.teamTitle')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={120}
        data-testid="team-title"
        placeholder={t('check.titlePlaceholder')}
      />
      {eligible.isError ? <Alert color="red">{eligible.error.message}</Alert> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {slots.map((value, index) => (
          <SlotSelect
            key={index}
            index={index}
            value={value}
            taken={slots}
            onChange={(next) => setSlots((current) => current.map((s, i) => (i === index ? next : s)))}
          />
        ))}
      </SimpleGrid>
      {tooFewFilled ? (
        <Alert color="blue" data-testid="need-profiles">
          {t('check.needProfiles', { count: filled })}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => void check()} disabled={!canRun} loading={save.isPending} data-testid="run-check">
          {t('check.run')}
        </Button>
        {/* The one reason the check cannot run yet, said beside it: the plan first, then the people. */}
        {teamCheck.allowed === false ? (
          <UnlockLink product={teamCheck.unlockedBy} />
        ) : !tooFewFilled && chosen.length < MIN_SPECIALISTS ? (
          <Text size="sm" c="dimmed" data-testid="choose-more">
            {t('check.chooseMore', { count: MIN_SPECIALISTS })}
          </Text>
        ) : null}
      </Group>

      {error ? (
        <Alert color="red" data-testid="check-error">
          {error}
        </Alert>
      ) : null}
      {run.state.status === 'running' || run.state.status === 'loading' ? <PhaseProgress phase={run.state.phase} /> : null}
      {run.state.status === 'error' ? (
        <Alert color="red" data-testid="run-error">
          {run.state.message}
        </Alert>
      ) : null}
      {run.state.status === 'done' ? (
        <>
          <Badge variant="light" color="teal" data-testid="run-done">
            {t('phases.done')}
          </Badge>
          <TeamIndicators dataset={run.state.dataset} showTips={showTips} />
        </>
      ) : null}
    </Stack>
  );
}

export function OwnerTeamCheckScreen() {
  return <TeamCheckPage basePath="/owner/dashboard/team" />;
}

export function OwnerMobileTeamCheckScreen() {
  return <TeamCheckPage basePath="/owner-mobile/team" />;
}
