import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type GateServerMessage, type Locale, type Scene } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { gate, useGateEvent, useGateStatus } from '../../../shared/gate/gate.ts';
import { fetchSceneDataset, runScene, type SceneDataset } from '../api/dataset.ts';

export type ForecastState =
  | { status: 'idle' }
  | { status: 'running'; sceneId: string; ruid: string; phase: number }
  | { status: 'loading'; sceneId: string; ruid: string; phase: 5 }
  | { status: 'done'; ruid: string; dataset: SceneDataset }
  | { status: 'error'; message: string };

type PhaseMessage = Extract<GateServerMessage, { type: 'sceneComputePhase' }>;
type CheckMessage = Extract<GateServerMessage, { type: 'renderCheckTeam' }>;

const follows = (state: ForecastState, ruid: string) => state.status === 'running' && state.ruid === ruid;

/**
 * The scene's computation as the workspace follows it: a fresh finished run is loaded on opening, a new run moves its
 * phase up as the gate reports it (never down), and the dataset is fetched once the run is done.
 */
export function useForecastRun(scene: Scene | undefined, locale: Locale) {
  const [state, setState] = useState<ForecastState>({ status: 'idle' });
  const [pickedRun, setPickedRun] = useState<string | null>(null);
  const gateStatus = useGateStatus();

  const lastRun = scene?.lastRun;
  if (scene && lastRun?.fresh && lastRun.ruid !== pickedRun) {
    setPickedRun(lastRun.ruid);
    const followed = state.status !== 'idle' && state.status !== 'error' && (state.ruid === lastRun.ruid || state.ruid === '');
    if (!followed) {
      if (lastRun.status === 'done') setState({ status: 'loading', sceneId: scene._id, ruid: lastRun.ruid, phase: 5 });
      else if (lastRun.status !== 'failed') setState({ status: 'running', sceneId: scene._id, ruid: lastRun.ruid, phase: lastRun.phase });
    }
  }

  const loading = state.status === 'loading' ? state : null;
  useEffect(() => {
    if (!loading) return;
    let cancelled = false;
    fetchSceneDataset(loading.sceneId, loading.ruid, locale).then(
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

  // After (re)connecting, ask where a followed run stands, in case phase messages were missed.
  const followedScene = state.status === 'running' && state.ruid !== '' ? state.sceneId : undefined;
  useEffect(() => {
    if (gateStatus === 'OPEN' && followedScene) gate.send({ type: 'teamCheck', payload: { sceneId: followedScene } });
  }, [gateStatus, followedScene]);

  const start = useCallback(
    async (sceneId: string) => {
      setState({ status: 'running', sceneId, ruid: '', phase: 0 });
      try {
        const ruid = await runScene(sceneId);
        setState((current) => (current.status === 'running' && current.ruid === '' ? { ...current, ruid } : current));
      } catch (error) {
        setState({ status: 'error', message: error instanceof ApiError ? error.message : errorMessage('unexpected_error', locale) });
      }
    },
    [locale],
  );

  /** Forgets the shown result (emptying the actors clears the render data). */
  const clear = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, clear };
}
