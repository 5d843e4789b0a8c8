import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GateClientMessage, GateServerMessage, Scene } from '@teamcast/contracts';
import { renderAt, sceneOf, stubApi } from '../components/teams-test-support.tsx';
import { useSceneRun } from '../../../shared/scene/use-scene-run.ts';
import { fetchDataset } from '../api/scene-run.ts';

// A fake gate: the test delivers server messages and sees what the hook sends.
const fake = vi.hoisted(() => ({ handlers: new Map<string, (message: unknown) => void>(), sent: [] as unknown[] }));
vi.mock('../../../shared/gate/gate.ts', async () => {
  const { useEffect } = await import('react');
  return {
    gate: { send: (message: GateClientMessage) => fake.sent.push(message) },
    useGateStatus: () => 'OPEN',
    useGateEvent: (type: string, handler: (message: unknown) => void) =>
      useEffect(() => {
        fake.handlers.set(type, handler);
        return () => void fake.handlers.delete(type);
      }, [type, handler]),
  };
});

const deliver = (message: GateServerMessage) => act(() => fake.handlers.get(message.type)?.(message));
const phase = (ruid: string, value: number): GateServerMessage => ({ type: 'sceneComputePhase', payload: { sceneId: 's1', ruid, phase: value } });

function Probe({ scene }: { scene: Scene }) {
  const { state } = useSceneRun(scene, 'en', fetchDataset);
  return (
    <div data-testid="probe" data-status={state.status}>
      {state.status === 'running' ? state.phase : state.status === 'done' ? state.dataset.summary.atmosphere : state.status === 'error' ? state.message : ''}
    </div>
  );
}

const running: Scene = { ...sceneOf('s1', 'Team', null), lastRun: { ruid: 'r1', status: 'running', phase: 1, fresh: true, error: null } };
const dataset = { summary: sceneOf('x', 'x', { atmosphere: 'excellent' }).summary, renderDays: [0, 30], firstDay: 0, teamColumns: { microclimate: [10, 20] } };

afterEach(() => {
  vi.unstubAllGlobals();
  fake.sent.length = 0;
});

describe('useSceneRun', () => {
  it('follows a run under way: phases only move up, other runs are ignored, and the dataset is fetched when done', async () => {
    stubApi([
      [/\/api\/scene\/scene\/snapshot\/s1\?ruid=r1$/, () => [200, { result: { url: '/api/scene/dataset/token', expiresAt: '2026-11-01T00:15:00.000Z' } }]],
      [/\/api\/scene\/dataset\/token$/, () => [200, dataset]],
    ]);
    renderAt('/', '/', <Probe scene={running} />);
    expect(screen.getByTestId('probe').textContent).toBe('1');
    // After connecting, the hook asks where the run stands.
    expect(fake.sent).toContainEqual({ type: 'teamCheck', payload: { sceneId: 's1' } });
    deliver(phase('r1', 3));
    expect(screen.getByTestId('probe').textContent).toBe('3');
    deliver(phase('r1', 2));
    deliver(phase('other-run', 4));
    expect(screen.getByTestId('probe').textContent).toBe('3');
    deliver(phase('r1', 5));
    await waitFor(() => expect(screen.getByTestId('probe').getAttribute('data-status')).toBe('done'));
    expect(screen.getByTestId('probe').textContent).toBe('excellent');
  });

  it('shows the error a failed run reports, and unstable connection for an empty dataset', async () => {
    renderAt('/', '/', <Probe scene={running} />);
    deliver({ type: 'sceneComputePhase', payload: { sceneId: 's1', ruid: 'r1', phase: 2, error: 'actors_ineligible' } });
    expect(screen.getByTestId('probe').textContent).toBe('Every slot needs a filled profile');

    stubApi([
      [/\/snapshot\//, () => [200, { result: { url: '/api/scene/dataset/t2', expiresAt: '2026-11-01T00:15:00.000Z' } }]],
      [/\/dataset\/t2$/, () => [200, {}]],
    ]);
    const done: Scene = { ...running, lastRun: { ruid: 'r2', status: 'done', phase: 5, fresh: true, error: null } };
    renderAt('/', '/', <Probe scene={done} />);
    await waitFor(() => expect(screen.getAllByTestId('probe')[1]!.textContent).toBe('Unstable connection, refresh page'));
  });
});
