#!/usr/bin/env node
// Lighthouse on the built landing page with mobile emulation, in the system Chromium, against the real server on a
// fresh embedded database. Usage: npm run lighthouse [-- --path /faq] [-- --min 95]. Run npm run build first (the npm
// script does; WEB_DIST=<dir> serves a build made elsewhere). Prints the four category scores, writes the full report to
// .lighthouse/, exits 1 below --min.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const pagePath = argument('path', '/');
const minimum = Number(argument('min', '0'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

if (!fs.existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}: apt-get install chromium, or set CHROMIUM_PATH.`);
  process.exit(2);
}
if (!fs.existsSync(path.join(path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist'), 'index.html'))) {
  console.error('No web build: run npm run build first.');
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitForHealth(url, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-lighthouse-'));
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

let exitCode = 0;
try {
  await waitForHealth(`${origin}/api/health`, Date.now() + 60_000);
  const outDir = path.join(root, '.lighthouse');
  fs.mkdirSync(outDir, { recursive: true });
  const report = path.join(outDir, `landing${pagePath === '/' ? '' : pagePath.replace(/\//g, '-')}.json`);
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      `${origin}${pagePath}`,
      '--output=json',
      `--output-path=${report}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--quiet',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chromium }, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  console.log(
    `Lighthouse ${result.lighthouseVersion}, ${result.configSettings.formFactor} emulation, ${pagePath}, ${new Date(result.fetchTime).toISOString()}`,
  );
  for (const category of Object.values(result.categories)) {
    const score = Math.round(category.score * 100);
    console.log(`  ${category.title.padEnd(16)} ${String(score).padStart(3)}${minimum && score < minimum ? `  (below ${minimum})` : ''}`);
    if (minimum && score < minimum) exitCode = 1;
  }
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  console.log(`  ${metrics.map((id) => `${result.audits[id].title}: ${result.audits[id].displayValue}`).join(' · ')}`);
  const failing = Object.values(result.audits).filter(
    (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual',
  );
  if (failing.length) console.log(`  Audits below 90: ${failing.map((audit) => `${audit.id} (${Math.round(audit.score * 100)})`).join(', ')}`);
  console.log(`  Full report: ${path.relative(root, report)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  stop();
}
process.exit(exitCode);
