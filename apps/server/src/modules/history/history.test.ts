import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DashboardHistorySchema, GateServerMessageSchema, type DashboardHistory, type GateServerMessage } from '@teamcast/contracts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { filledPair } from '../pairs/pairs.fixtures.ts';
import { recordHistory, type NewHistoryEntry } from './history.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

async function historyOf(who: SignedIn): Promise<DashboardHistory> {
  const response = await t.app.inject({ method: 'GET', url: '/api/owner/history', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return DashboardHistorySchema.parse(response.json().result);
}

const pairEntry = (id: string, a = `a-${id}`, b = `b-${id}`): NewHistoryEntry => ({
  type: 'pair',
  id,
  title: `Pair ${id}`,
  actors: [
    { id: a, name: `A ${id}` },
    { id: b, name: `B ${id}` },
  ],
  scenes: [],
});
const teamEntry = (id: string): NewHistoryEntry => ({ type: 'team', id, title: `Team ${id}`, actors: [], scenes: [id] });

describe('dashboard history rules', () => {
  it('keeps at most 15 entries, newest first', async () => {
    const owner = await createOwner(t);
    for (let i = 1; i <= 18; i++) await recordHistory(t.database.db, owner.id, pairEntry(`p${i}`));
    const history = await historyOf(owner);
    expect(history.entries.map((entry) => entry.id)).toEqual(Array.from({ length: 15 }, (_, i) => `p${18 - i}`));
    const times = history.entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(history.counters).toEqual({ p2p: 18, team: 0 });
  });

  it('moves a repeated run to the top instead of adding a duplicate, also for the same two people in another pair', async () => {
    const owner = await createOwner(t);
    await recordHistory(t.database.db, owner.id, pairEntry('x', 'anna', 'boris'));
    await recordHistory(t.database.db, owner.id, pairEntry('y'));
    await recordHistory(t.database.db, owner.id, pairEntry('x', 'anna', 'boris'));
    expect((await historyOf(owner)).entries.map((entry) => entry.id)).toEqual(['x', 'y']);
    await recordHistory(t.database.db, owner.id, pairEntry('z', 'boris', 'anna'));
    const history = await historyOf(owner);
    expect(history.entries.map((entry) => entry.id)).toEqual(['z', 'y']);
    expect(history.counters.p2p).toBe(4);
  });

  it('takes concurrent runs of the same pair one after another: no failure, one entry, every run counted', async () => {
    const owner = await createOwner(t);
    const runs = await Promise.allSettled(Array.from({ length: 20 }, () => recordHistory(t.database.db, owner.id, pairEntry('same', 'anna', 'boris'))));
    expect(runs.filter((run) => run.status === 'rejected')).toEqual([]);
    const history = await historyOf(owner);
    expect(history.entries.map((entry) => entry.id)).toEqual(['same']);
    expect(history.counters.p2p).toBe(20);
  });

  it('keeps a single team entry while team comparisons and pairs stay', async () => {
    const owner = await createOwner(t);
    await recordHistory(t.database.db, owner.id, teamEntry('t1'));
    await recordHistory(t.database.db, owner.id, pairEntry('p1'));
    await recordHistory(t.database.db, owner.id, { type: 'compare-teams', id: 'c1', title: 'T1 vs T2', actors: [], scenes: ['t1', 't2'] });
    await recordHistory(t.database.db, owner.id, teamEntry('t2'));
    const history = await historyOf(owner);
    expect(history.entries.map((entry) => `${entry.type}:${entry.id}`)).toEqual(['team:t2', 'compare-teams:c1', 'pair:p1']);
    expect(history.entries[1]?.scenes).toEqual(['t1', 't2']);
    expect(history.counters).toEqual({ p2p: 1, team: 2 });
  });

  it('shows each owner only their own history', async () => {
    const one = await createOwner(t);
    const two = await createOwner(t);
    await recordHistory(t.database.db, one.id, pairEntry('mine'));
    expect((await historyOf(two)).entries).toEqual([]);
    const counters = await t.app.inject({ method: 'GET', url: '/api/owner/history/counters', headers: two.headers });
    expect(counters.json()).toEqual({ result: { p2p: 0, team: 0 } });
  });

  it('records each pair run, and forgets the entry when the pair is deleted', async () => {
    const owner = await createOwner(t);
    const [a, b] = await filledPair(t, owner.id);
    const created = await t.app.inject({ method: 'POST', url: '/api/scene/p2p', headers: owner.headers, payload: { actors: [a, b] } });
    const pairId = created.json().result._id as string;
    await t.app.inject({ method: 'PUT', url: `/api/scene/p2p/${pairId}/run`, headers: owner.headers, payload: {} });
    // Run again (a FRIEND forecast would need love profiles: docs/love-model.md).
    const again = await t.app.inject({ method: 'PUT', url: `/api/scene/p2p/${pairId}/run`, headers: owner.headers, payload: { mode: 1 } });
    expect(again.statusCode).toBe(200);
    const history = await historyOf(owner);
    expect(history.entries).toEqual([
      expect.objectContaining({
        type: 'pair',
        id: pairId,
        title: 'Anna Ivanova & Boris Petrov',
        actors: [
          { id: a, name: 'Anna Ivanova' },
          { id: b, name: 'Boris Petrov' },
        ],
      }),
    ]);
    expect(history.counters.p2p).toBe(2);
    await t.app.inject({ method: 'DELETE', url: `/api/scene/p2p/${pairId}`, headers: owner.headers });
    expect((await historyOf(owner)).entries).toEqual([]);
  });

  it("pushes syncHistory to the owner's open tabs when a run is recorded", async () => {
    const owner = await createOwner(t);
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/gate?token=${encodeURIComponent(owner.token)}`);
    const received = new Promise<GateServerMessage>((resolve) => {
      socket.on('message', (raw) => {
        const message = GateServerMessageSchema.parse(JSON.parse(raw.toString()));
        if (message.type === 'syncHistory') resolve(message);
      });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    // The hub attaches the socket after checking its token; ask for state so we know it is attached.
    socket.send(JSON.stringify({ type: 'reflectState' }));
    await new Promise<void>((resolve) => socket.once('message', () => resolve()));
    await recordHistory(t.database.db, owner.id, pairEntry('pushed'), t.app.gate);
    const message = await received;
    expect(message.type).toBe('syncHistory');
    socket.close();
  });
});
