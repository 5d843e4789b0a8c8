import { startTransition, useCallback, useEffect, useState } from 'react';
import { errorMessage, type GateServerMessage, type Locale, type Scene } from '@teamcast/contracts';
import { ApiError } from '../api/client.ts';
import { gate, useGateEvent, useGateStatus } from '../gate/gate.ts';
import { runScene } from './scene-run.ts';

export type RunState<T> =
  | { status: 'idle' }
  | { status: 'running'; sceneId: string; ruid: string; phase: number }
  | { status: 'loading'; sceneId: string; ruid: string; phase: 5 }
  | { status: 'done'; ruid: string; dataset: T }
  | { status: 'error'; message: string };

type PhaseMessage = Extract<GateServerMessage, { type: 'sceneComputePhase' }>;
type CheckMessage = Extract<GateServerMessage, { type: 'renderCheckTeam' }>;

const follows = (state: RunState<unknown>, ruid: string) => state.status === 'running' && state.ruid === ruid;

/**
 * The computation of one scene as a screen follows it (the team check and the simulator): starts a run, moves the
 * phase up as the gate reports it (never down), fetches the dataset with `fetchDataset` (a module-level function)
 * when the run is done, and picks up the scene's fresh last run when the screen opens: its data when it finished,
 * its error when it failed (the screen offers to run again), its phases while it runs (asking the server with
 * teamCheck after a (re)connect, in case phase messages were missed).
 */
export function useSceneRun<T>(scene: Scene | undefined, locale: Locale, fetchDataset: (sceneId: string, ruid: string, locale: Locale) => Promise<T>) {
  const [state, setState] = useState<RunState<T>>({ status: 'idle' });
  const [pickedRun, setPickedRun] = useState<string | null>(null);
  const gateStatus = useGateStatus();

  // A run the scene already has (adjusted while rendering, once per run): show it, or follow it.
  const lastRun = scene?.lastRun;
  if (scene && lastRun?.fresh && lastRun.ruid !== pickedRun) {
    setPickedRun(lastRun.ruid);
    const alreadyFollowed =
      (state.status === 'running' || state.status === 'loading' || state.status === 'done') && (state.ruid === lastRun.ruid || state.ruid === '');
    if (!alreadyFollowed) {
      if (lastRun.status === 'done') setState({ status: 'loading', sceneId: scene._id, ruid: lastRun.ruid, phase: 5 });
      else if (lastRun.status === 'failed') setState({ status: 'error', message: errorMessage('unstable_connection', locale) });
      else setState({ status: 'running', sceneId: scene._id, ruid: lastRun.ruid, phase: lastRun.phase });
    }
  }

  // A finished run: fetch its dataset.
  const loading = state.status === 'loading' ? state : null;
  useEffect(() => {
    if (!loading) return;
    let cancelled = false;
    fetchDataset(loading.sceneId, loading.ruid, locale).then(
      // A transition: the forecast of a large team is drawn in slices between the browser's other work, not in one long
      // task; the loading state stays on screen until it is ready.
      (dataset) => !cancelled && startTransition(() => setState({ status: 'done', ruid: loading.ruid, dataset })),
      (error: unknown) =>
        !cancelled && setState({ status: 'error', message: error instanceof ApiError ? error.message : errorMessage('unstable_connection', locale) }),
    );
    return () => {
      cancelled = true;
    };
  }, [loading?.sceneId, loading?.ruid, locale]); // eslint-disable-line react-hooks/exhaustive-deps

  useGateEvent(
    'sceneComputePhase',
    useCallback(
      ({ payload }: PhaseMessage) =>
        setState((current) => {
          if (current.status !== 'running' || !follows(current, payload.ruid)) return current;
          if (payload.error) return { status: 'error', message: errorMessage(payload.error, locale) };
          if (payload.phase >= 5) return { status: 'loading', sceneId: current.sceneId, ruid: current.ruid, phase: 5 };
          return payload.phase > current.phase ? { ...current, phase: payload.phase } : current;
        }),
      [locale],
    ),
  );
  useGateEvent(
    'renderCheckTeam',
    useCallback(
      ({ payload }: CheckMessage) =>
        setState((current) => {
          if (current.status !== 'running' || payload.ruid === null || !follows(current, payload.ruid)) return current;
          if (payload.status === 'done') return { status: 'loading', sceneId: current.sceneId, ruid: current.ruid, phase: 5 };
          if (payload.status === 'failed') return { status: 'error', message: errorMessage(payload.error ?? 'unstable_connection', locale) };
          return (payload.phase ?? 0) > current.phase ? { ...current, phase: payload.phase ?? 0 } : current;
        }),
      [locale],
    ),
  );

  // After (re)connecting, ask where a followed run stands.
  const followed = state.status === 'running' && state.ruid !== '' ? state.sceneId : undefined;
  useEffect(() => {
    if (gateStatus === 'OPEN' && followed) gate.send({ type: 'teamCheck', payload: { sceneId: followed } });
  }, [gateStatus, followed]);

  const start = useCallback(
    async (sceneId: string) => {
      setState({ status: 'running', sceneId, ruid: '', phase: 0 });
      try {
        // The picked run is left as it is: a scene read before the server saw this run still names the older one,
        // which must not take the new run's place.
        const ruid = await runScene(sceneId);
        setState((current) => (current.status === 'running' && current.ruid === '' ? { ...current, ruid } : current));
      } catch (error) {
        setState({ status: 'error', message: error instanceof ApiError ? error.message : errorMessage('unexpected_error', locale) });
      }
    },
    [locale],
  );

  /** Forgets the shown result (the simulator does when its team is emptied). */
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
