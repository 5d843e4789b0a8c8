import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from '@playwright/test';
import { mailSinkPorts } from './mail-message.ts';

const root = path.join(import.meta.dirname, '../..');
const preload = pathToFileURL(path.join(import.meta.dirname, 'clock-preload.mjs')).href;

/** An app server of its own whose clock the journey moves (clock-preload.ts), beside the run's shared one. */
export type ClockServer = {
  baseURL: string;
  /** Sets the server's clock to `at` from now on (its timers keep real time). */
  setClock(at: Date): void;
  stop(): Promise<void>;
};

/** Where the journey's own server listens: the next port after the shared server's (playwright.config.ts). */
export const clockServerPort = () => Number(process.env.E2E_PORT ?? 3210) + 1;

/**
 * Starts the built server (the run's shared server built apps/server/dist before any journey) with a fresh embedded
 * database, the test mailbox as its mail server, and the clock preload, its clock set to `at`. The shared server's
 * clock is never moved: the other journeys run beside this one. The server's output goes to `logFile`.
 */
export async function startClockServer(at: Date, logFile: string): Promise<ClockServer> {
  const port = clockServerPort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-e2e-clock-'));
  const clockFile = path.join(dir, 'clock');
  const setClock = (to: Date) => {
    // Written whole and renamed into place: the server never reads half an offset.
    fs.writeFileSync(`${clockFile}.next`, String(to.getTime() - Date.now()));
    fs.renameSync(`${clockFile}.next`, clockFile);
  };
  setClock(at);
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', '--import', preload, 'apps/server/dist/main.mjs'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      E2E_CLOCK_FILE: clockFile,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // No demo owner and team: seeding them would only slow the start of a server this journey alone uses.
      DEMO_DATA: 'false',
      SMTP_URL: `smtp://127.0.0.1:${mailSinkPorts(Number(process.env.E2E_PORT ?? 3210)).smtp}`,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A journey that times out while the server starts never gets it back to stop: it goes with the test worker.
  process.once('exit', () => child.kill('SIGTERM'));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.closeSync(log);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the clock server exited (${child.exitCode}): see ${logFile}`);
          return fetch(`${baseURL}/api/health`).then(
            (res) => res.ok,
            () => false,
          );
        },
        { message: 'the clock server answers', timeout: 180_000 },
      )
      .toBe(true);
  } catch (error) {
    // A server that never answered is not left behind for the next journey's port.
    await stop();
    throw error;
  }
  return {
    baseURL,
    setClock,
    stop,
  };
}

/** The first day of a UTC month `months` after the one `at` is in, at `hour`:`minute` UTC. */
export function monthStartAfter(at: Date, months: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1, hour, minute));
}
