import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';
import { E2E_ADMIN } from './support/mail.ts';
import { mailSinkPorts } from './support/mail-message.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-e2e-'));
const sink = mailSinkPorts(port);
const launchOptions = { executablePath: chromiumPath(), args: CHROMIUM_ARGS };
const desktop = { ...devices['Desktop Chrome'], channel: undefined, launchOptions };
/** The journeys that sign in as the one e2e administrator or the demo estimator: never two at once. */
const SHARED_ACCOUNTS = ['**/admin.spec.ts', '**/auth.spec.ts', '**/estimator.spec.ts'];

/**
 * Browser journeys on the built app served by the real server with a fresh embedded database, in the system Chromium.
 * One server serves the whole run, on two workers, one file at a time each. Every journey makes its own owner accounts,
 * so any two may run at once, except the three that share the one administrator and the demo estimator (their mailed
 * one-time links, the estimator's password, the published model): those are the 'desktop-accounts' project, which
 * runs one file at a time. The rest of the desktop and the phone project fill both workers, so neither waits for the
 * other to finish (issue 31: the desktop's journeys alone took 17.6 of the stage's 18.5 minutes on one worker).
 * A journey that passes only on its retry is reported as flaky and counts as a failure (.ci/summary.mjs).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // Generous limits, set here once: a journey fails when something never happens, not when it happens slowly. The
  // stress run (`npm run test:stress`, docs/CONTRIBUTING.md) showed states that come in seconds on a quiet 2-core machine
  // taking 20-30 s at a load average of 20-30 (a sign-in by link, the API reference). A green run waits only as long as
  // each state takes; only a failing one waits the whole limit. A longer wait than these is written at its assertion,
  // with its reason.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../.ci-results/playwright.json' }]] : 'list',
  // A Russian browser, as most visitors have: pages open in Russian unless a journey chooses English (language.spec.ts
  // and the journeys that store the choice or use an en-US context).
  use: { baseURL: `http://127.0.0.1:${port}`, locale: 'ru-RU', trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  // The longest first (the administrator and estimator journeys train and publish a model), so the end of the run is
  // not one long journey on one worker while the other idles.
  projects: [
    { name: 'desktop-accounts', testMatch: SHARED_ACCOUNTS, workers: 1, use: desktop },
    { name: 'desktop', testIgnore: SHARED_ACCOUNTS, use: desktop },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined, launchOptions } },
  ],
  webServer: [
    {
      // The test mailbox first: the app sends every message to it over SMTP, as it would to a real mail server.
      command: 'node --import tsx support/mail-sink.ts',
      url: `http://127.0.0.1:${sink.http}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_PORT: String(port) },
    },
    {
      // The administrator the sign-in journeys use (e2e/support/mail.ts), created before the server takes the data directory.
      command: `npm run admin:create -w @teamcast/server -- --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} --totp-secret ${E2E_ADMIN.totpSecret} && npm run start -w @teamcast/server`,
      cwd: '..',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${sink.smtp}`,
      },
    },
  ],
});
