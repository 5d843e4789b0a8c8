import { CapabilityLock } from '../../../shared/access/capability-lock.tsx';
import { useCapability } from '../../../shared/access/access-rules.ts';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Alert, Anchor, Box, Button, Grid, Group, Modal, Slider, Stack, Text, Title } from '@mantine/core';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale, Scene } from '@teamcast/contracts';
import { diffActors, type Actor } from '@teamcast/engine';
import { ApiError } from '../../../shared/api/client.ts';
import { track, useTrackShown } from '../../../shared/ui/analytics.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useEligibleProfiles, useSaveSimulatorScene, useSimulatorScene } from '../api/scene.ts';
import { addActor, addEvent, applyRules, moveEvent, removeActor, setPair, type Applied } from '../hooks/actor-actions.ts';
import { canRedo, canUndo, currentActors, emptyMemory, redo, remember, undo, type ActorMemory } from '../hooks/actor-memory.ts';
import { useSceneRun } from '../../../shared/scene/use-scene-run.ts';
import { fetchDataset } from '../api/dataset.ts';
import { usePlayback } from '../hooks/use-playback.ts';
import { displayName } from './actor-name.ts';
import { DiffList } from './diff-list.tsx';
import { PhaseBar, TeamDayIndicators } from './forecast-panel.tsx';
import { ScaleControl } from './scale-control.tsx';
import { TeamCurve, TeamNetwork } from './team-charts.tsx';
import { SettingsSidebar, type SceneDraft } from './settings-sidebar.tsx';
import { TeamSidebar, type SceneSort, type TeamAction } from './team-sidebar.tsx';
import { TeamChanged } from './team-changed.tsx';
import { Timeline } from './timeline.tsx';
import { scaleStore } from '../hooks/scale-store.ts';

/** Actors-updated flag (spec section 4): none since the last computation; positive when a change went through as asked; negative when the event rules had to turn part of it down. */
export type ActorsUpdated = 'none' | 'positive' | 'negative';

const EVENT_OF: Record<Exclude<TeamAction['type'], 'add' | 'remove'>, 'm_rank' | 'l_rank' | 'm_disrank' | 'l_disrank' | 'dismiss' | 'rejoin'> = {
  manager: 'm_rank',
  lead: 'l_rank',
  unmanager: 'm_disrank',
  unlead: 'l_disrank',
  dismiss: 'dismiss',
  rejoin: 'rejoin',
};

const draftOf = (scene: Scene): SceneDraft => ({
  title: scene.title,
  startDay: scene.startDay,
  lifespan: scene.lifespan,
  showSceneCardTips: scene.settings.showSceneCardTips,
  showSceneIndicatorTips: scene.settings.showSceneIndicatorTips,
});

const clampDay = (day: number, lifespan: 1 | 2) => Math.min(365 * lifespan - 1, Math.max(-730, day));

/** A team not saved yet: the workspace of /owner/team/new, created on its first save. */
function blankScene(title: string): Scene {
  const now = new Date().toISOString();
  return {
    _id: '',
    title,
    startDay: `${now.slice(0, 7)}-01`,
    summonDay: 0,
    lifespan: 1,
    actors: [],
    settings: { sceneSort: 'addedDate', showSceneCardTips: true, showSceneIndicatorTips: true },
    p2pRequests: [],
    status: 'ok',
    missingActorIds: [],
    summary: null,
    summaryBand: null,
    lastRun: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Asks before leaving the workspace with unsaved changes: in the app (React Router's blocker) and on closing the tab. */
function LeaveGuard({ dirty, bypass }: { dirty: boolean; bypass: RefObject<boolean> }) {
  const { t } = useTranslation('simulator');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !bypass.current && dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('leave.title')} data-testid="leave-dialog">
      <Stack>
        <Text>{t('leave.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-testid="leave-stay">
            {t('leave.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()} data-testid="leave-discard">
            {t('leave.discard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type SavedScene = { actors: Actor[]; draft: SceneDraft; sort: SceneSort };

/**
 * Whether the workspace holds what was saved. The same list (undo returns it) is the same without a look inside; another
 * list is compared as JSON, once per change: a 300-person team's full pair mesh is megabytes of it, which the opening
 * of the page and every day played used to write out.
 */
function sameScene(now: SavedScene, saved: SavedScene): boolean {
  if (now.sort !== saved.sort || JSON.stringify(now.draft) !== JSON.stringify(saved.draft)) return false;
  return now.actors === saved.actors || JSON.stringify(now.actors) === JSON.stringify(saved.actors);
}

function Workspace({ scene }: { scene: Scene }) {
  const { t, i18n } = useTranslation('simulator');
  const navigate = useNavigate();
  const isNew = scene._id === '';
  // Set while the workspace moves a just-created team to its own address: that is no leaving.
  const bypass = useRef(false);
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const profiles = useEligibleProfiles();
  const save = useSaveSimulatorScene(scene._id);
  const simulator = useCapability('simulator');
  const run = useSceneRun(scene, locale, fetchDataset);
  const scale = scaleStore.use();
  useTrackShown('team', 'simulator_opened');

  const [memory, setMemory] = useState<ActorMemory>(() => emptyMemory(scene.actors as Actor[]));
  const [change, setChange] = useState<Applied | null>(null);
  const [updated, setUpdated] = useState<ActorsUpdated>('none');
  const [draft, setDraft] = useState<SceneDraft>(() => draftOf(scene));
  const [sort, setSort] = useState<SceneSort>(scene.settings.sceneSort);
  const [day, setDay] = useState(() => clampDay(scene.summonDay, scene.lifespan));
  const [playing, setPlaying] = useState(false);
  const [brokenLocally, setBrokenLocally] = useState(scene.status === 'broken');
  const [saved, setSaved] = useState<SavedScene>(() => ({ actors: scene.actors as Actor[], draft: draftOf(scene), sort: scene.settings.sceneSort }));
  const [error, setError] = useState<string | null>(null);
  // The list the forecast on screen was computed from (at opening, the stored team's): a step back to it is no change.
  const computedFrom = useRef(scene.actors as Actor[]);

  const actors = currentActors(memory);
  const dataset = run.state.status === 'done' ? run.state.dataset : null;
  const broken = brokenLocally || run.state.status === 'error';
  const dirty = useMemo(() => !sameScene({ actors, draft, sort }, saved), [actors, draft, sort, saved]);
  const lastDay = dataset ? Math.min(365 * draft.lifespan - 1, dataset.firstDay + dataset.days - 1) : 365 * draft.lifespan - 1;
  const name = (id: string) => {
    const actor = actors.find((a) => a.id === id) ?? memory.lists[0]!.find((a) => a.id === id) ?? memory.redo?.find((a) => a.id === id);
    return actor ? displayName(actor, t('card.unnamed')) : id;
  };

  usePlayback(playing, day, lastDay, setDay, () => setPlaying(false));

  const commit = (next: Applied) => {
    setMemory((m) => remember(m, next.actors));
    setChange(next);
    setUpdated(next.corrections.some((c) => c.change === 'removed') ? 'negative' : 'positive');
    if (next.actors.length === 0) {
      // Emptying the team starts over: day 0, no forecast shown.
      setDay(0);
      setPlaying(false);
      run.reset();
    }
  };
  const edit = (change: (list: Actor[]) => Actor[]) => commit(applyRules(actors, change(actors)));

  const onAction = (action: TeamAction) => {
    const now = Date.now();
    if (action.type === 'add') {
      const p = action.profile;
      edit((list) =>
        addActor(
          list,
          { id: p._id, firstName: p.firstName ?? '', lastName: p.lastName ?? '', position: p.position ?? undefined, gender: p.gender ?? undefined },
          day,
          now,
        ),
      );
    } else if (action.type === 'remove') edit((list) => removeActor(list, action.actorId));
    else {
      const type = EVENT_OF[action.type];
      edit((list) => addEvent(list, action.actorId, type, day, now));
    }
  };

  const step = (next: ActorMemory) => {
    const after = currentActors(next);
    setMemory(next);
    setChange({ actors: after, diff: diffActors(actors, after), corrections: [] });
    setUpdated(after === computedFrom.current ? 'none' : 'positive');
  };

  /** Saves the workspace; answers the team as stored (the server's rules may have changed it), null when it failed. */
  const persist = async (): Promise<Actor[] | null> => {
    setError(null);
    try {
      const result = await save.mutateAsync({
        title: draft.title,
        startDay: draft.startDay,
        lifespan: draft.lifespan,
        summonDay: day,
        actors,
        settings: { sceneSort: sort, showSceneCardTips: draft.showSceneCardTips, showSceneIndicatorTips: draft.showSceneIndicatorTips },
      });
      let stored = actors;
      if (result.diff.length > 0) {
        // The server's rules changed something more: show it and hold the server's list from now on.
        stored = result.scene.actors as Actor[];
        setMemory((m) => remember(m, stored));
        setChange({ actors: stored, diff: result.diff, corrections: result.diff.filter((d) => d.reason) });
      }
      setSaved({ actors: stored, draft, sort });
      track('team', 'simulator_changed');
      // A new team has its address once saved.
      if (isNew) {
        bypass.current = true;
        await navigate(`/owner/team/${result.scene._id}`, { replace: true });
      }
      return stored;
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.save'));
      return null;
    }
  };

  const compute = async () => {
    setPlaying(false);
    const team = dirty ? await persist() : actors;
    if (!team) return;
    computedFrom.current = team;
    setBrokenLocally(false);
    setUpdated('none');
    track('team', 'simulator_run');
    await run.start(scene._id);
  };

  const running = run.state.status === 'running' || run.state.status === 'loading';
  // The plan says before any work whether the simulator is included (the lock banner is at the page's top).
  const locked = simulator.allowed === false;
  return (
    <Stack p="md" gap="md" data-testid="simulator">
      <LeaveGuard dirty={dirty} bypass={bypass} />
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{draft.title || t('title')}</Title>
        <Group gap="xs">
          {!isNew ? (
            <Anchor component={Link} to={`/owner/dashboard/team/${scene._id}`} size="sm" data-testid="open-team-check">
              {t('actions.teamCheck')}
            </Anchor>
          ) : null}
          <Button variant="default" onClick={() => step(undo(memory))} disabled={!canUndo(memory)} data-testid="undo">
            {t('actions.undo')}
          </Button>
          <Button variant="default" onClick={() => step(redo(memory))} disabled={!canRedo(memory)} data-testid="redo">
            {t('actions.redo')}
          </Button>
          <Button
            variant="default"
            onClick={() => void persist()}
            loading={save.isPending}
            disabled={locked || !dirty || !draft.title.trim()}
            data-testid="save"
          >
            {t('actions.save')}
          </Button>
          <Button onClick={() => void compute()} loading={running} disabled={locked || isNew || actors.length < 2 || !draft.title.trim()} data-testid="run">
            {dataset ? t('actions.recompute') : t('actions.run')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" data-testid="save-error">
          {error}
        </Alert>
      )}
      {updated !== 'none' && (
        <Alert color={updated === 'negative' ? 'orange' : 'blue'} data-testid="recompute-hint" data-updated={updated}>
          {t(`hint.${updated}`)}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TeamSidebar
            actors={actors}
            day={day}
            sort={sort}
            onSort={setSort}
            profiles={profiles.data?.items ?? []}
            dataset={dataset}
            showTips={draft.showSceneCardTips}
            onAction={onAction}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text size="sm" data-testid="selected-day" data-day={day}>
                {day < 0 ? t('timeline.pastDay', { day }) : t('timeline.dayText', { day })}
              </Text>
              <ScaleControl scale={scale} />
            </Group>
            <Timeline
              actors={actors}
              day={day}
              onDay={setDay}
              lifespan={draft.lifespan}
              startDay={draft.startDay}
              scale={scale}
              onMoveEvent={(id, index, to) => edit((list) => moveEvent(list, id, index, to))}
            />
            {change && <DiffList diff={change.diff} corrections={change.corrections} name={name} />}
            <Box data-testid="forecast">
              {broken && (
                <Alert color="red" data-testid="broken" title={t('forecast.brokenTitle')}>
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{run.state.status === 'error' ? run.state.message : t('forecast.broken')}</Text>
                    <Button size="xs" onClick={() => void compute()} data-testid="retry">
                      {t('actions.retry')}
                    </Button>
                  </Stack>
                </Alert>
              )}
              {running && <PhaseBar phase={run.state.status === 'running' || run.state.status === 'loading' ? run.state.phase : 0} />}
              {!broken && !running && !dataset && (
                <Text size="sm" c="dimmed" data-testid="no-forecast">
                  {t('forecast.none')}
                </Text>
              )}
              {dataset && (
                <Stack gap="sm">
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" onClick={() => setPlaying((p) => !p)} data-testid={playing ? 'pause' : 'play'} style={{ minWidth: 90 }}>
                      {playing ? t('actions.pause') : t('actions.play')}
                    </Button>
                    <Slider
                      style={{ flex: 1 }}
                      min={Math.max(dataset.firstDay, -730)}
                      max={lastDay}
                      value={Math.min(day, lastDay)}
                      onChange={(value) => {
                        setPlaying(false);
                        setDay(value);
                      }}
                      label={(value) => t('timeline.dayText', { day: value })}
                      thumbLabel={t('timeline.day')}
                      data-testid="scrub"
                    />
                  </Group>
                  <TeamDayIndicators dataset={dataset} day={day} showTips={draft.showSceneIndicatorTips} />
                  <TeamCurve dataset={dataset} day={day} onDay={setDay} lifespan={draft.lifespan} />
                  <TeamNetwork dataset={dataset} day={day} actors={actors} />
                </Stack>
              )}
            </Box>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <SettingsSidebar
            draft={draft}
            onDraft={setDraft}
            actors={actors}
            day={day}
            onPair={(a, b, list, value) => edit((l) => setPair(l, a, b, list, value, day))}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The team scene workspace at /owner/team/:id (spec section 2): timeline, team and settings sidebars, forecast. */
export function SimulatorPage() {
  const { t } = useTranslation('simulator');
  const { id } = useParams();
  const scene = useSimulatorScene(id === 'new' ? undefined : id);
  const shown = useDeferredValue(scene.data);
  const lock = (
    <Box px="md" pt="md">
      <CapabilityLock capability="simulator" />
    </Box>
  );
  if (id === 'new') {
    return (
      <>
        {lock}
        <Workspace key="new" scene={blankScene(t('newTitle'))} />
      </>
    );
  }
  if (scene.isPending) return <Loader />;
  if (scene.isError || !scene.data) {
    return (
      <>
        {lock}
        <Alert color="red" m="md" data-testid="load-error">
          {scene.error instanceof ApiError ? scene.error.message : t('errors.load')}
        </Alert>
      </>
    );
  }
  // A large team's workspace is drawn in the background, in slices (a deferred value), the loader shown until it is.
  if (!shown) return <Loader />;
  return (
    <>
      {lock}
      {shown.missingActorIds.length > 0 ? <TeamChanged scene={shown} /> : <Workspace key={shown._id} scene={shown} />}
    </>
  );
}
