import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type GateServerMessage, type Locale, type Scene } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { gate, useGateEvent, useGateStatus } from '../../../shared/gate/gate.ts';
import { fetchDataset, runScene, type TeamDataset } from '../api/scene-run.ts';

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; sceneId: string; ruid: string; phase: number }
  | { status: 'loading'; sceneId: string; ruid: string; phase: 5 }
  | { status: 'done'; ruid: string; dataset: TeamDataset }
  | { status: 'error'; message: string };

type PhaseMessage = Extract<GateServerMessage, { type: 'sceneComputePhase' }>;
type CheckMessage = Extract<GateServerMessage, { type: 'renderCheckTeam' }>;

const follows = (state: RunState, ruid: string) => state.status === 'running' && state.ruid === ruid;

/**
 * The computation of one team as a screen follows it: starts a run, moves the phase up as the gate reports it (never
 * down), fetches the dataset when the run is done, and picks up a run already under way or finished when the screen
 * opens (asking the server with teamCheck after a (re)connect, in case phase messages were missed).
 */
export function useSceneRun(scene: Scene | undefined, locale: Locale) {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const [pickedRun, setPickedRun] = useState<string | null>(null);
  const gateStatus = useGateStatus();

  // A run the scene already has (adjusted while rendering, once per run): show it, or follow it.
  const lastRun = scene?.lastRun;
  if (scene && lastRun?.fresh && lastRun.ruid !== pickedRun) {
    setPickedRun(lastRun.ruid);
    const alreadyFollowed = (state.status === 'running' || state.status === 'loading' || state.status === 'done') && (state.ruid === lastRun.ruid || state.ruid === '');
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
      (dataset) => !cancelled && setState({ status: 'done', ruid: loading.ruid, dataset }),
      (error: unknown) => !cancelled && setState({ status: 'error', message: error instanceof ApiError ? error.message : errorMessage('unstable_connection', locale) }),
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
        const ruid = await runScene(sceneId);
        setPickedRun(ruid);
        setState((current) => (current.status === 'running' && current.ruid === '' ? { ...current, ruid } : current));
      } catch (error) {
        setState({ status: 'error', message: error instanceof ApiError ? error.message : errorMessage('unexpected_error', locale) });
      }
    },
    [locale],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
