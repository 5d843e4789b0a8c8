import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import type { GateStatus } from '@teamcast/contracts';
import { createGateClient, type GateClientOptions } from './gate-client.ts';
import { STATE_WAIT_MS } from '../../test/waits.ts';

const untilState = { timeout: STATE_WAIT_MS };

let server: WebSocketServer;
let received: Array<{ url: string; message: unknown }>;
let port: number;

beforeEach(async () => {
  received = [];
  // A real websocket server on loopback plays the gate.
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
  server.on('connection', (socket, request) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      received.push({ url: request.url ?? '', message });
      if (message.type === 'reflectState') socket.send(JSON.stringify({ type: 'reflectState', payload: { upstreamId: 'up-1', status: 'OPEN' } }));
    });
  });
});
afterEach(() => {
  vi.useRealTimers();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(overrides: Partial<GateClientOptions> = {}) {
  const statuses: GateStatus[] = [];
  const upstream: Array<string | null> = [];
  const gate = createGateClient({
    url: (token) => `ws://127.0.0.1:${port}/api/gate?token=${token}`,
    token: () => 'tok',
    onUpstreamId: (id) => upstream.push(id),
    createSocket: (url) => new NodeWebSocket(url) as never,
    pingMs: 50,
    reconnectMs: 50,
    ...overrides,
  });
  gate.onStatus(() => statuses.push(gate.status()));
  return { gate, statuses, upstream };
}

describe('gate client', () => {
  it('defers connecting while there is no token', () => {
    const { gate } = client({ token: () => undefined });
    gate.connect();
    expect(gate.status()).toBe('CLOSED');
    expect(server.clients.size).toBe(0);
  });

  it('connects with the token, sends reflectState on open and stores the upstream id', async () => {
    const { gate, statuses, upstream } = client();
    gate.connect();
    await vi.waitFor(() => expect(upstream).toEqual(['up-1']), untilState);
    expect(statuses).toEqual(['CONNECTING', 'OPEN']);
    expect(received[0]).toEqual({ url: '/api/gate?token=tok', message: { type: 'reflectState' } });
    gate.disconnect();
  });

  it('pings at the interval', async () => {
    const { gate } = client();
    gate.connect();
    await vi.waitFor(
      () => expect(received.filter((entry) => (entry.message as { type: string }).type === 'ping').length).toBeGreaterThanOrEqual(2),
      untilState,
    );
    gate.disconnect();
  });

  it('delivers typed messages to subscribers and ignores malformed ones', async () => {
    const { gate } = client();
    const phases: number[] = [];
    gate.on('sceneComputePhase', (message) => phases.push(message.payload.phase));
    gate.connect();
    await vi.waitFor(() => expect(gate.status()).toBe('OPEN'), untilState);
    for (const socket of server.clients) {
      socket.send('{broken');
      socket.send(JSON.stringify({ type: 'sceneComputePhase', payload: { sceneId: 's', ruid: 'r', phase: 9 } }));
      socket.send(JSON.stringify({ type: 'sceneComputePhase', payload: { sceneId: 's', ruid: 'r', phase: 4 } }));
    }
    await vi.waitFor(() => expect(phases).toEqual([4]), untilState);
    gate.disconnect();
  });

  it('sets CLOSED when the server drops it, then reconnects after the delay', async () => {
    const { gate, statuses } = client();
    gate.connect();
    await vi.waitFor(() => expect(gate.status()).toBe('OPEN'), untilState);
    for (const socket of server.clients) socket.terminate();
    await vi.waitFor(() => expect(statuses).toContain('RECONNECTING'), untilState);
    await vi.waitFor(() => expect(gate.status()).toBe('OPEN'), untilState);
    expect(statuses.slice(0, 5)).toEqual(['CONNECTING', 'OPEN', 'CLOSED', 'RECONNECTING', 'OPEN']);
    gate.disconnect();
  });

  it('stops and reports when the server refuses the token', async () => {
    server.removeAllListeners('connection');
    server.on('connection', (socket) => socket.close(4401, 'unauthorized'));
    // A reconnect would be a timer: with the clock under the test's control, running it far past the delay proves none
    // was set, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onUnauthorized = vi.fn();
    const { gate, statuses } = client({ onUnauthorized });
    gate.connect();
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalled(), untilState);
    await vi.advanceTimersByTimeAsync(50 * 20);
    expect(statuses.filter((status) => status === 'RECONNECTING')).toEqual([]);
    expect(gate.status()).toBe('CLOSED');
  });
});
