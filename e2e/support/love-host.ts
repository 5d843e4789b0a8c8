import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Browser, type TestInfo } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { mailSinkPorts } from './mail-message.ts';

/** The love host name the journeys use; the browser's resolver maps it to this machine (`loveBrowser`). */
export const LOVE_HOST = 'love.test';

/** A second server of the built app whose LOVE_HOSTS is the love host, its links and mails addressed to that host. */
export type LoveServer = { port: number; origin: string; stop: () => void };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });

/**
 * Starts the love-host server on a free port with a fresh embedded database and no demo data. Its mail goes to the same
 * test mailbox as the main server's (support/mail-sink.ts), so `mailedLink` reads the love host's links too. A cold start
 * (migrations on a fresh database) on a busy machine can take minutes: the wait is as long as a hook may take.
 */
export async function startLoveServer(): Promise<LoveServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-e2e-love-'));
  const smtp = mailSinkPorts(Number(process.env.E2E_PORT ?? 3210)).smtp;
  const origin = `http://${LOVE_HOST}:${port}`;
  // The server build the main server runs (its start command builds it before the journeys begin): no TypeScript to
  // compile at start, which took more than 90 s through tsx at a load average of 30 in the stress run.
  const server: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      LOVE_HOSTS: LOVE_HOST,
      SMTP_URL: `smtp://127.0.0.1:${smtp}`,
    },
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok ?? false, { timeout: 240_000 }).toBe(true);
  } catch (error) {
    // A server that never answered is not left behind.
    stop();
    throw error;
  }
  return { port, origin, stop };
}

/** A Chromium whose resolver maps the love host to this machine, so requests carry the love host name as in production. */
export function loveBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${LOVE_HOST} 127.0.0.1`] });
}

/** The test project's device (viewport, touch, user agent) for a context of a browser launched by hand. */
export function deviceOf(testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch };
}
