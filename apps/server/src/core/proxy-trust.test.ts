import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { parseProxyTrust, trustFunction } from './proxy-trust.ts';

const enterpriseRequest = {
  name: 'Anna Petrova',
  email: 'anna@example.com',
  company: 'Romashka',
  privacyPolicy: true,
  personalData: true,
};

/** Six enterprise requests (a limit of 5 per 10 minutes per client), each claiming another address. */
async function rotatingForwardedFor(t: TestApp, remoteAddress = '127.0.0.1'): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site/enterprise-requests',
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      payload: enterpriseRequest,
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY values', () => {
  it('trusts nobody by default and for false, off, no and 0', () => {
    for (const value of [undefined, '', 'false', 'off', 'no', '0', 'FALSE']) expect(parseProxyTrust(value), String(value)).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual({
      addresses: ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true (every peer trusted) and anything that is not an address, naming the setting', () => {
    for (const value of ['true', 'yes', 'proxy.example.com', '10.0.0.1/33', '10.0.0', '1.2.3.4/8/1', '101']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('trusts the nearest hops of a count, and only listed peers of a list', () => {
    const hops = trustFunction({ hops: 1 });
    expect(hops && [hops('203.0.113.1', 0), hops('203.0.113.1', 1)]).toEqual([true, false]);
    const listed = trustFunction({ addresses: ['10.0.0.0/8'] });
    expect(listed && [listed('10.1.2.3', 0), listed('10.1.2.3', 3), listed('11.0.0.1', 0)]).toEqual([true, true, false]);
    expect(trustFunction(false)).toBe(false);
  });
});

describe('PUBLIC_URL default', () => {
  it('follows PORT', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://teamcast.example' }).PUBLIC_URL).toBe('https://teamcast.example');
  });
});

describe('with no trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:3999', LOVE_HOSTS: 'love.example.com' });
  });
  afterAll(() => t.close());

  it('keeps the per-client rate limit however X-Forwarded-For rotates', async () => {
    expect(await rotatingForwardedFor(t)).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto: the love host and mail links follow the Host header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/site/host',
      headers: { host: 'teamcast.example', 'x-forwarded-host': 'love.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(res.json().result.variant).toBe('default');
  });

  it('makes its own request id instead of taking the client one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-id-1' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id-1');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets the pages connect only to their own origin (and its websocket form)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const connect = /connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');
    expect(connect).toEqual(["'self'", 'http://localhost:3999', 'ws://localhost:3999']);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'https://teamcast.example',
      LOVE_HOSTS: 'love.example.com',
      VITE_API_BASE_SCENE: 'https://scene.teamcast.example/base',
      VITE_API_BASE: '/api-relative',
    });
  });
  afterAll(() => t.close());

  it('counts each forwarded client on its own', async () => {
    expect(await rotatingForwardedFor(t)).toEqual([201, 201, 201, 201, 201, 201]);
  });

  it('still ignores the forwarding headers of a peer that is not the proxy', async () => {
    expect(await rotatingForwardedFor(t, '203.0.113.50')).toEqual([201, 201, 201, 201, 201, 429]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/site/host',
      remoteAddress: '203.0.113.50',
      headers: { host: 'teamcast.example', 'x-forwarded-host': 'love.example.com' },
    });
    expect(res.json().result.variant).toBe('default');
  });

  it('follows the forwarded host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/host', headers: { host: 'internal:3000', 'x-forwarded-host': 'love.example.com' } });
    expect(res.json().result.variant).toBe('love');
  });

  it("keeps the proxy's request id when it is well formed, and makes its own otherwise or for other peers", async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-42.a:b' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.a:b');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\u0001' } });
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const stranger = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.50', headers: { 'x-request-id': 'edge-43' } });
    expect(stranger.headers['x-request-id']).not.toBe('edge-43');
  });

  it('lets the pages connect to their origin and the absolute API bases, each with its websocket form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const connect = /connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');
    expect(connect).toEqual(["'self'", 'https://teamcast.example', 'wss://teamcast.example', 'https://scene.teamcast.example', 'wss://scene.teamcast.example']);
  });
});
