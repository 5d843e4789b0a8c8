import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import WebSocket from 'ws';
import { GateServerMessageSchema, type GateServerMessage } from '@teamcast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { revokeSession } from '../../core/session.repository.ts';
import { MAX_SOCKETS_PER_SESSION } from './gate.hub.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../core/db.ts';

let t: TestApp;
let base: string;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/gate`;
  owner = await createOwner(t);
});
afterAll(() => t.close());

/** A real websocket client that records every message it receives. */
async function connect(token?: string) {
  const socket = new WebSocket(token === undefined ? base : `${base}?token=${encodeURIComponent(token)}`, { headers: { 'accept-language': 'en' } });
  const received: GateServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    received.push(GateServerMessageSchema.parse(JSON.parse(raw.toString())));
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = async (type: GateServerMessage['type']) => {
    for (;;) {
      const found = received.findIndex((message) => message.type === type);
      if (found >= 0) return received.splice(found, 1)[0]!;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, received, next, closed };
}

describe('websocket gate', () => {
  it('refuses a connection without a valid token', async () => {
    const client = await connect();
    const error = await client.next('error');
    expect(error.payload).toEqual({ code: 'unauthorized', message: 'Please sign in' });
    expect(await client.closed).toBe(4401);
    const forged = await connect('not-a-token');
    expect(await forged.closed).toBe(4401);
  });

  it('answers reflectState with the upstream id and ping with ping', async () => {
    const client = await connect(owner.token);
    client.socket.send(JSON.stringify({ type: 'reflectState' }));
    const state = await client.next('reflectState');
    expect(state.payload).toMatchObject({ status: 'OPEN' });
    expect((state.payload as { upstreamId: string }).upstreamId).toMatch(/^[\w-]{16}$/);
    client.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await client.next('ping')).type).toBe('ping');
    client.socket.close();
  });

  it('answers malformed messages with an error and keeps the connection open', async () => {
    const client = await connect(owner.token);
    for (const bad of [
      '{not json',
      JSON.stringify({ type: 'nope' }),
      JSON.stringify({ type: 'syncTutorial', payload: { step: -1 } }),
      JSON.stringify([1, 2]),
    ]) {
      client.socket.send(bad);
      expect((await client.next('error')).payload).toMatchObject({ code: 'bad_request' });
    }
    client.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await client.next('ping')).type).toBe('ping');
    client.socket.close();
  });

  it("delivers a published message to every socket of that user and nobody else's", async () => {
    const first = await connect(owner.token);
    const second = await connect(owner.token);
    const stranger = await createOwner(t);
    const other = await connect(stranger.token);
    await t.app.gate.publish({ role: 'owner', subjectId: owner.id }, { type: 'sceneComputePhase', payload: { sceneId: 's1', ruid: 'r1', phase: 3 } });
    expect((await first.next('sceneComputePhase')).payload).toEqual({ sceneId: 's1', ruid: 'r1', phase: 3 });
    expect((await second.next('sceneComputePhase')).payload).toMatchObject({ phase: 3 });
    other.socket.send(JSON.stringify({ type: 'ping' }));
    await other.next('ping');
    expect(other.received.filter((message) => message.type === 'sceneComputePhase')).toEqual([]);
    for (const client of [first, second, other]) client.socket.close();
  });

  it('closes the socket as soon as its session is revoked, without waiting for a ping', async () => {
    const session = await createOwner(t);
    const client = await connect(session.token);
    client.socket.send(JSON.stringify({ type: 'ping' }));
    await client.next('ping');
    const { auth } = await t.app.authenticator.verify(session.token);
    await revokeSession(t.database.db, auth.sessionId);
    expect(await client.closed).toBe(4401);
  });

  it('refuses a session revoked between its check and its attach, at the re-check', async () => {
    const session = await createOwner(t);
    const { auth } = await t.app.authenticator.verify(session.token);
    await revokeSession(t.database.db, auth.sessionId);
    const client = await connect(session.token);
    expect(await client.closed).toBe(4401);
  });

  it('answers hostile messages of any shape with an error or a reply, and stays open', async () => {
    const client = await connect(owner.token);
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.anything({ maxDepth: 5 }).map((value) => JSON.stringify(value) ?? 'undefined'),
      fc
        .record({ type: fc.constantFrom('ping', 'reflectState', 'syncTutorial', 'teamCheck', '__proto__', ''), payload: fc.anything({ maxDepth: 3 }) })
        .map((value) => JSON.stringify(value)),
      fc.integer({ min: 1_000, max: 60_000 }).map((length) => JSON.stringify({ type: 'syncTutorial', payload: { step: 'x'.repeat(length) } })),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (text) => {
        client.socket.send(text);
        client.socket.send(JSON.stringify({ type: 'ping' }));
        await client.next('ping');
        expect(client.socket.readyState).toBe(WebSocket.OPEN);
      }),
      { numRuns: 60, seed: 20261122 },
    );
    client.socket.close();
  });
});

describe('websocket gate: sockets end with their session', () => {
  const signedInOwner = async () => {
    const password = 'calm-river-gate-42';
    const created = await createOwner(t, { password });
    return { ...created, password };
  };

  it('closes the sockets of a session when it signs out, and leaves the other sessions open', async () => {
    const first = await signedInOwner();
    const { token: otherToken } = await t.app.authenticator.signIn('owner', first.id);
    const client = await connect(first.token);
    const other = await connect(otherToken);
    const logout = await t.app.inject({ method: 'POST', url: '/api/passport/owner/logout', headers: first.headers });
    expect(logout.statusCode).toBe(200);
    expect(await client.closed).toBe(4401);
    other.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await other.next('ping')).type).toBe('ping');
    other.socket.close();
  });

  it('closes every socket of an owner who deletes his account', async () => {
    const owner = await signedInOwner();
    const { token: otherToken } = await t.app.authenticator.signIn('owner', owner.id);
    const clients = [await connect(owner.token), await connect(otherToken)];
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/owner/self', headers: owner.headers, payload: { confirmation: 'Delete' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await Promise.all(clients.map((client) => client.closed))).toEqual([4401, 4401]);
  });

  it('closes the other sessions\u2019 sockets when the password changes, and keeps the one in use', async () => {
    const owner = await signedInOwner();
    const { token: otherToken } = await t.app.authenticator.signIn('owner', owner.id);
    const mine = await connect(owner.token);
    const other = await connect(otherToken);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/owner/self',
      headers: owner.headers,
      payload: { currentPassword: owner.password, password: 'new-calm-river-43', repeatPassword: 'new-calm-river-43' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await other.closed).toBe(4401);
    mine.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await mine.next('ping')).type).toBe('ping');
    mine.socket.close();
  });

  it('refuses a socket beyond the cap of one session, and takes one again when a socket closes', async () => {
    const owner = await signedInOwner();
    const open = [];
    for (let index = 0; index < MAX_SOCKETS_PER_SESSION; index++) {
      const client = await connect(owner.token);
      client.socket.send(JSON.stringify({ type: 'ping' }));
      await client.next('ping');
      open.push(client);
    }
    const refused = await connect(owner.token);
    expect((await refused.next('error')).payload).toMatchObject({ code: 'rate_limited' });
    expect(await refused.closed).toBe(4429);
    const { token: otherSession } = await t.app.authenticator.signIn('owner', owner.id);
    const elsewhere = await connect(otherSession);
    elsewhere.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await elsewhere.next('ping')).type).toBe('ping');
    open[0]!.socket.close();
    await open[0]!.closed;
    await expect.poll(() => t.app.gate.localConnections()).toBe(MAX_SOCKETS_PER_SESSION);
    const again = await connect(owner.token);
    again.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await again.next('ping')).type).toBe('ping');
    for (const client of [...open.slice(1), elsewhere, again]) client.socket.close();
  });
});

describe('websocket gate: across processes', () => {
  it('closes a socket held by another server process when the session ends through this one', async () => {
    // A second process on the same database: its own connections on PostgreSQL (LISTEN on its own), the same PGlite otherwise.
    const url = (t.database as { url?: string }).url;
    const database = url ? await openDatabase({ url }) : t.database;
    const other = await buildApp({ config: t.config, database, secret: crypto.randomBytes(32) });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const owner = await createOwner(t, { password: 'calm-river-gate-42' });
      // Tokens are signed per process secret here, so the other process signs its own session in for the same owner.
      const { token } = await other.authenticator.signIn('owner', owner.id);
      const socket = new WebSocket(`ws://127.0.0.1:${(other.server.address() as AddressInfo).port}/api/gate?token=${encodeURIComponent(token)}`);
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      const pinged = new Promise<void>((resolve) => socket.on('message', (raw) => (JSON.parse(raw.toString()).type === 'ping' ? resolve() : undefined)));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'ping' }));
      await pinged;
      expect(other.gate.localConnections()).toBe(1);
      // Deleting the account through the first process ends every session of the owner.
      const deleted = await t.app.inject({ method: 'DELETE', url: '/api/owner/self', headers: owner.headers, payload: { confirmation: 'Delete' } });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await closed).toBe(4401);
    } finally {
      await other.close();
      if (database !== t.database) await database.close();
    }
  });
});
