import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Teamcast</title>');
  fs.writeFileSync(path.join(dist, 'landing.ru.html'), '<!doctype html><title>Teamcast</title><div id="root" data-prerendered="ru"></div>');
  fs.writeFileSync(path.join(dist, 'landing.en.html'), '<!doctype html><title>Teamcast</title><div id="root" data-prerendered="en"></div>');
  t = await createTestApp({ WEB_DIST: dist, LOVE_HOSTS: 'flame.example' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it("sends a love host's visitors from / to the love app, and serves the page to every other host", async () => {
    const love = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'flame.example:3000' } });
    expect(love.statusCode).toBe(302);
    expect(love.headers.location).toBe('/love-mobile');
    const other = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'teamcast.example' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<title>Teamcast</title>');
    // Only the landing moves: the love host's other pages are served as they are.
    const page = await t.app.inject({ method: 'GET', url: '/faq', headers: { host: 'flame.example' } });
    expect(page.statusCode).toBe(200);
  });

  it("sends / rendered at build time in the host's language (Russian where the host implies none), other paths the plain shell", async () => {
    const get = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': 'identity' } });
    expect((await get('/', 'teamcast.com')).body).toContain('data-prerendered="en"');
    expect((await get('/', 'teamcast.ru')).body).toContain('data-prerendered="ru"');
    expect((await get('/', 'localhost:3000')).body).toContain('data-prerendered="ru"');
    const landing = await get('/?from=mail', 'teamcast.com');
    expect(landing.body).toContain('data-prerendered="en"');
    expect(landing.headers.vary).toContain('host');
    for (const url of ['/faq', '/owner/dashboard', '/landing.ru']) expect((await get(url, 'teamcast.com')).body).not.toContain('data-prerendered');
  });
});
