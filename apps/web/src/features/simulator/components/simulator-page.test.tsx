import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { applyActorChanges } from '@teamcast/contracts';
import { datasetOf, renderWorkspace, sceneWith, stubApi, twoActors } from './simulator-test-support.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const profiles: [RegExp, () => [number, unknown]] = [/\/api\/scene\/profiles/, () => [200, { result: { items: [], total: 0 } }]];

// Whole-screen renders take seconds on a loaded machine.
describe('team scene workspace', () => {
  it('shows the team with no forecast yet, and applies a lead change at once with its diff, undo and redo', async () => {
    const calls = stubApi([
      profiles,
      [
        /\/api\/scene\/scene\/scene-1$/,
        (init) =>
          init?.method === 'PATCH'
            ? [200, { result: { scene: sceneWith(applyActorChanges(twoActors(), JSON.parse(String(init.body)).actorChanges)), diff: [] } }]
            : [200, { result: sceneWith(twoActors()) }],
      ],
    ]);
    renderWorkspace();
    await screen.findByTestId('card-p1');
    expect(screen.getByTestId('no-forecast').textContent).toContain('There is no forecast yet');
    expect(within(screen.getByTestId('card-p1')).getByText('No forecast yet: run it to see power and mood')).toBeTruthy();
    expect(screen.getByTestId('undo').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('make-lead-p1'));
    expect(screen.getByTestId('lead-p1')).toBeTruthy();
    expect(screen.getByTestId('diff').textContent).toContain('Anna Smirnova: Becomes lead on day 0');
    expect(screen.getByTestId('recompute-hint').getAttribute('data-updated')).toBe('positive');

    // A month later a second lead takes the role from the first: the rule shows in the diff.
    fireEvent.keyDown(screen.getByTestId('timeline-track'), { key: 'PageDown' });
    fireEvent.click(screen.getByTestId('make-lead-p2'));
    expect(screen.queryByTestId('lead-p1')).toBeNull();
    expect(screen.getByTestId('diff').textContent).toContain('Anna Smirnova: Stops being lead on day 30 (a team has one lead)');

    // Memory holds 2 lists: one undo brings back the earlier (Anna lead), a second is not allowed.
    fireEvent.click(screen.getByTestId('undo'));
    expect(screen.getByTestId('lead-p1')).toBeTruthy();
    expect(screen.queryByTestId('lead-p2')).toBeNull();
    expect(screen.getByTestId('undo').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('redo'));
    expect(screen.getByTestId('lead-p2')).toBeTruthy();

    expect(screen.getByTestId('save').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    // Saved: nothing left to save.
    await waitFor(() => expect(screen.getByTestId('save').hasAttribute('disabled')).toBe(true));
    // The save sends what changed: both members' events changed, so both are put, and no whole team goes.
    const saved = calls.find((c) => c.method === 'PATCH')!.body as {
      actors?: unknown;
      actorChanges: { put: Array<{ id: string; events: Array<{ type: string }> }> };
    };
    expect(saved.actors).toBeUndefined();
    expect(saved.actorChanges.put.find((a) => a.id === 'p2')!.events.map((e) => e.type)).toEqual(['start', 'l_rank']);
    expect(saved.actorChanges.put.find((a) => a.id === 'p1')!.events.map((e) => e.type)).toEqual(['start', 'l_rank', 'l_disrank']);
  });

  it('takes the "team has changed" hint away when undo brings back the team the forecast was computed from, and shows it again on redo', async () => {
    stubApi([profiles, [/\/api\/scene\/scene\/scene-1$/, () => [200, { result: sceneWith(twoActors()) }]]]);
    renderWorkspace();
    await screen.findByTestId('card-p1');
    expect(screen.queryByTestId('recompute-hint')).toBeNull();
    fireEvent.click(screen.getByTestId('make-lead-p1'));
    expect(screen.getByTestId('recompute-hint').getAttribute('data-updated')).toBe('positive');
    fireEvent.click(screen.getByTestId('undo'));
    expect(screen.queryByTestId('lead-p1')).toBeNull();
    expect(screen.queryByTestId('recompute-hint')).toBeNull();
    fireEvent.click(screen.getByTestId('redo'));
    expect(screen.getByTestId('recompute-hint').getAttribute('data-updated')).toBe('positive');
  });

  it('stops on "The team has changed!" and, on confirm, opens the workspace on the team without the deleted people', async () => {
    const [anna, boris] = twoActors();
    const gone = { ...boris!, id: 'p3', firstName: 'Gleb' };
    const changed = sceneWith([anna!, boris!, gone], { missingActorIds: ['p3'] });
    const calls = stubApi([
      profiles,
      [/\/api\/scene\/scene\/scene-1\/fix$/, () => [200, { result: { scene: sceneWith([anna!, boris!]), diff: [] } }]],
      [/\/api\/scene\/scene\/scene-1$/, () => [200, { result: changed }]],
    ]);
    renderWorkspace();
    const notice = await screen.findByTestId('team-changed');
    expect(notice.textContent).toContain('The team has changed!');
    expect(notice.textContent).toContain('1 profile of this team was deleted');
    // Nothing can be edited or run on a team that has people who no longer exist.
    expect(screen.queryByTestId('card-p1')).toBeNull();
    expect(screen.queryByTestId('save')).toBeNull();

    fireEvent.click(within(notice).getByTestId('confirm-changed'));
    await screen.findByTestId('card-p1');
    expect(screen.getByTestId('card-p2')).toBeTruthy();
    expect(screen.queryByTestId('card-p3')).toBeNull();
    expect(screen.queryByTestId('team-changed')).toBeNull();
    const fix = calls.find((c) => c.url.endsWith('/fix'))!;
    expect(fix).toMatchObject({ method: 'PATCH', body: { status: 'ok' } });
  });

  it('reads the forecast of the selected day, and emptying the team resets the day and clears it', async () => {
    const scene = sceneWith(twoActors(), { summonDay: 100, lastRun: { ruid: 'run-1', status: 'done', phase: 5, fresh: true, error: null } });
    stubApi([
      profiles,
      [/snapshot\/scene-1/, () => [200, { result: { url: '/api/scene/dataset/tok', expiresAt: '2026-01-01T00:15:00.000Z' } }]],
      [/dataset\/tok/, () => [200, datasetOf()]],
      [/\/api\/scene\/scene\/scene-1$/, () => [200, { result: scene }]],
    ]);
    renderWorkspace();
    expect((await screen.findByTestId('indicator-power')).textContent).toContain('105');
    expect(screen.getByTestId('indicator-cohesion').textContent).toContain('50');
    expect(screen.getByTestId('metrics-p1').textContent).toContain('Power 100');
    expect(screen.getByTestId('metrics-p2').textContent).toContain('Power 50');
    expect(screen.getByTestId('pair-network').querySelector('[data-testid="network-edge"]')?.getAttribute('data-zone')).toBe('excellent');

    // Keyboard: a month forward on the timeline.
    fireEvent.keyDown(screen.getByTestId('timeline-track'), { key: 'PageDown' });
    expect(screen.getByTestId('selected-day').getAttribute('data-day')).toBe('130');
    expect(screen.getByTestId('indicator-power').textContent).toContain('135');

    fireEvent.click(screen.getByTestId('remove-p1'));
    fireEvent.click(screen.getByTestId('remove-p2'));
    expect(screen.getByTestId('selected-day').getAttribute('data-day')).toBe('0');
    expect(screen.queryByTestId('day-indicators')).toBeNull();
    expect(screen.getByTestId('no-forecast')).toBeTruthy();
  });

  it('sorts cards by power of the selected day, and by added date (newest first) by default', async () => {
    const scene = sceneWith(twoActors(), { summonDay: 10, lastRun: { ruid: 'run-1', status: 'done', phase: 5, fresh: true, error: null } });
    stubApi([
      profiles,
      [/snapshot\/scene-1/, () => [200, { result: { url: '/api/scene/dataset/tok', expiresAt: '2026-01-01T00:15:00.000Z' } }]],
      [/dataset\/tok/, () => [200, datasetOf()]],
      [/\/api\/scene\/scene\/scene-1$/, () => [200, { result: scene }]],
    ]);
    renderWorkspace();
    await screen.findByTestId('indicator-power');
    const order = () => screen.getAllByTestId(/^card-p/).map((el) => el.getAttribute('data-testid'));
    expect(order()).toEqual(['card-p2', 'card-p1']);
    fireEvent.change(screen.getByTestId('card-sort'), { target: { value: 'power' } });
    expect(order()).toEqual(['card-p1', 'card-p2']);
  });

  it('marks the scene broken when its computation fails, and offers a retry', async () => {
    let runs = 0;
    stubApi([
      profiles,
      [/snapshot\/scene-1/, () => [200, { result: { url: '/api/scene/dataset/tok', expiresAt: '2026-01-01T00:15:00.000Z' } }]],
      [/dataset\/tok/, () => [200, {}]],
      [/\/api\/scene\/scene\/scene-1\/run$/, () => ((runs += 1), [200, { result: { ruid: 'run-2' } }])],
      [
        /\/api\/scene\/scene\/scene-1$/,
        () => [200, { result: sceneWith(twoActors(), { lastRun: { ruid: 'run-1', status: 'done', phase: 5, fresh: true, error: null } }) }],
      ],
    ]);
    renderWorkspace();
    expect(await screen.findByTestId('broken')).toBeTruthy();
    fireEvent.click(screen.getByTestId('retry'));
    await waitFor(() => expect(runs).toBe(1));
    expect((await screen.findByTestId('phase-progress')).getAttribute('data-phase')).toBe('0');
  });

  it('opens on a failed last run with its error and the retry, as the team check does', async () => {
    let runs = 0;
    stubApi([
      profiles,
      [/\/api\/scene\/scene\/scene-1\/run$/, () => ((runs += 1), [200, { result: { ruid: 'run-2' } }])],
      [
        /\/api\/scene\/scene\/scene-1$/,
        () => [200, { result: sceneWith(twoActors(), { lastRun: { ruid: 'run-1', status: 'failed', phase: 2, fresh: true, error: 'unstable_connection' } }) }],
      ],
    ]);
    renderWorkspace();
    expect((await screen.findByTestId('broken')).textContent).toContain('connection');
    fireEvent.click(screen.getByTestId('retry'));
    await waitFor(() => expect(runs).toBe(1));
    expect((await screen.findByTestId('phase-progress')).getAttribute('data-phase')).toBe('0');
  });

  it('moves an event marker a day with the arrow keys (the keyboard way of dragging it), through the event rules', async () => {
    stubApi([profiles, [/\/api\/scene\/scene\/scene-1$/, () => [200, { result: sceneWith(twoActors()) }]]]);
    renderWorkspace();
    const marker = await screen.findByTestId('marker-p2-start');
    marker.focus();
    fireEvent.keyDown(marker, { key: 'ArrowRight' });
    expect(screen.getByTestId('marker-p2-start').getAttribute('data-day')).toBe('1');
    // The moved marker keeps the focus, so the next arrow moves it on.
    expect(document.activeElement).toBe(screen.getByTestId('marker-p2-start'));
    expect(screen.getByTestId('diff').textContent).toContain('Boris Orlov: In the team from the start on day 1');
    // On day 0 Boris is not in the team yet.
    expect(screen.getByTestId('away-p2')).toBeTruthy();
  });

  it('takes a click on a marker, pressed and let go on its own day, for no change of the team', async () => {
    stubApi([profiles, [/\/api\/scene\/scene\/scene-1$/, () => [200, { result: sceneWith(twoActors()) }]]]);
    renderWorkspace();
    const marker = await screen.findByTestId('marker-p1-start');
    // jsdom lays nothing out: the pointer at x 0 of the row is the row's first day, the marker's own (day 0).
    Object.assign(marker, { setPointerCapture: () => {} });
    fireEvent.pointerDown(marker, { clientX: 0, pointerId: 1 });
    fireEvent.pointerUp(marker, { clientX: 0, pointerId: 1 });
    fireEvent.click(marker);
    expect(marker.getAttribute('data-day')).toBe('0');
    expect(screen.getByTestId('undo').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('recompute-hint')).toBeNull();
  });

  it('changes the timeline scale with its buttons and remembers it', async () => {
    stubApi([profiles, [/\/api\/scene\/scene\/scene-1$/, () => [200, { result: sceneWith(twoActors()) }]]]);
    renderWorkspace();
    await screen.findByTestId('card-p1');
    expect(screen.getByTestId('scale-value').textContent).toContain('1.00');
    fireEvent.click(screen.getByTestId('scale-in'));
    expect(screen.getByTestId('scale-value').textContent).toContain('1.25');
    expect(localStorage.getItem('teamcast.simulator.scale')).toBe('1.25');
  });

  it('asks before leaving with unsaved changes: stay keeps the edit, leave goes; saved changes leave freely', async () => {
    stubApi([
      profiles,
      [
        /\/api\/scene\/scene\/scene-1$/,
        (init) =>
          init?.method === 'PATCH'
            ? [200, { result: { scene: sceneWith(twoActors(), { title: 'Renamed' }), diff: [] } }]
            : [200, { result: sceneWith(twoActors()) }],
      ],
    ]);
    renderWorkspace();
    await screen.findByTestId('card-p1');
    fireEvent.change(screen.getByTestId('scene-title'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByTestId('open-team-check'));
    await screen.findByTestId('leave-stay');
    expect(screen.getByText('The team has unsaved changes. They will be lost if you leave.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('leave-stay'));
    await waitFor(() => expect(screen.queryByTestId('leave-stay')).toBeNull());
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect((screen.getByTestId('scene-title') as HTMLInputElement).value).toBe('Renamed');

    fireEvent.click(screen.getByTestId('open-team-check'));
    fireEvent.click(await screen.findByTestId('leave-discard'));
    await screen.findByTestId('elsewhere');
  });

  it('lets a saved team leave without asking', async () => {
    const calls = stubApi([
      profiles,
      [
        /\/api\/scene\/scene\/scene-1$/,
        (init) =>
          init?.method === 'PATCH'
            ? [200, { result: { scene: sceneWith(twoActors(), { title: 'Renamed' }), diff: [] } }]
            : [200, { result: sceneWith(twoActors()) }],
      ],
    ]);
    renderWorkspace();
    await screen.findByTestId('card-p1');
    fireEvent.change(screen.getByTestId('scene-title'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(screen.getByTestId('save').hasAttribute('disabled')).toBe(true));
    // A new title with the same people sends no member at all.
    const body = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Renamed', actorChanges: { put: [], remove: [] } });
    expect(body.actors).toBeUndefined();
    fireEvent.click(screen.getByTestId('open-team-check'));
    await screen.findByTestId('elsewhere');
    expect(screen.queryByTestId('leave-stay')).toBeNull();
  });
});
