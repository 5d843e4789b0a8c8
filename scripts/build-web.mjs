#!/usr/bin/env node
// `npm start` (root): builds the web app only when its inputs changed since the last build (apps/web/dist/.build-stamp),
// `--force` always. The server's own build does the same (apps/server/scripts/build.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { inputsHash, stampMatches, writeStamp } from './build-stamp.mjs';

const root = path.join(import.meta.dirname, '..');
const stamp = path.join(root, 'apps/web/dist/.build-stamp');
// Vite bakes VITE_* variables into the bundle, so a change of them is a change of input.
const viteEnv = JSON.stringify(
  Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(),
);
const hash = inputsHash(
  root,
  [
    'apps/web/src',
    'apps/web/public',
    'apps/web/scripts',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/contracts/src',
    'packages/engine/src',
    'package-lock.json',
  ],
  viteEnv,
);
if (!process.argv.includes('--force') && stampMatches(stamp, hash)) {
  console.log('web app: unchanged since its last build');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', '@teamcast/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp(stamp, hash);
}
