#!/usr/bin/env node
// How long the server takes to start: from spawning the command to the first 200 of /api/health (issue 23's
// "restart without a rebuild under 2 s"). The first start makes a new embedded database in a temporary DATA_DIR
// (initialised and migrated; with DATABASE_URL set, it migrates that PostgreSQL database instead); the starts after it
// are restarts on that data. Prints every start and the median.
//
//   node scripts/start-time.mjs                 # `node apps/server/dist/main.mjs` (build first: npm run build -w @teamcast/server)
//   node scripts/start-time.mjs --npm-start     # `npm start` (checks both builds' stamps, rebuilds what changed)
//   node scripts/start-time.mjs --runs 7
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 5) || 5;
const command = args.includes('--npm-start') ? ['npm', ['start']] : [process.execPath, ['apps/server/dist/main.mjs']];
if (!args.includes('--npm-start') && !fs.existsSync(path.join(root, 'apps/server/dist/main.mjs')))
  throw new Error('no server build: run npm run build -w @teamcast/server first');

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command[1], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error('the server exited during start-up');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 180_000) throw new Error('no answer within 3 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    // The whole group: npm start runs the server as a grandchild.
    if (!exited) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await ended;
    }
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-start-'));
try {
  const times = [];
  for (let run = 0; run <= runs; run += 1) {
    const ms = await startOnce(dataDir);
    console.log(`${run === 0 ? 'first start (new database)' : `restart ${run}`}: ${(ms / 1000).toFixed(2)} s`);
    if (run > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${command.flat().join(' ')}: restart median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s over ${times.length}; load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
