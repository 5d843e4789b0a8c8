#!/usr/bin/env node
// The production build of the server (`npm run build -w @teamcast/server`, and `npm start` before it starts): one
// esbuild bundle of src/main.ts with the workspace packages (@teamcast/contracts, @teamcast/engine, TypeScript source)
// inside, and the worker-thread entries beside it, into dist/, run with plain `node`. npm packages stay external (loaded
// from node_modules). Skipped when the inputs have not changed since the last build (dist/.build-stamp); `--force`
// always builds; `--outdir <dir>` builds elsewhere (a test's own folder). Development and tests keep running the source
// through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { inputsHash, stampMatches, writeStamp } from '../../../scripts/build-stamp.mjs';

const server = path.join(import.meta.dirname, '..');
const root = path.join(server, '../..');
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag > 0 ? path.resolve(process.argv[outdirFlag + 1]) : path.join(server, 'dist');
const stamp = path.join(outdir, '.build-stamp');
const hash = inputsHash(root, [
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/engine/src',
  'scripts/build-stamp.mjs',
  'package-lock.json',
]);

/**
 * Source files find their data beside them (migrations, the common-password list, package.json) through
 * `import.meta.dirname`; in the bundle that would be dist/, so each use becomes the source directory, relative to the
 * bundle file that holds it.
 */
const sourceDirs = {
  name: 'source-dirs',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.dirname', `__sourceDir(${JSON.stringify(relative)})`), loader: 'ts' };
    });
  },
};

/** npm packages (and node's own modules) load from node_modules at run time; only our workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    // The worker entries register tsx for the source; the bundle is plain JavaScript already.
    context.onResolve({ filter: /^tsx\/esm\/api$/ }, () => ({ path: 'tsx-register', namespace: 'no-tsx' }));
    context.onLoad({ filter: /.*/, namespace: 'no-tsx' }, () => ({ contents: 'export function register() {}', loader: 'js' }));
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@teamcast/') ? undefined : { path: args.path, external: true }));
  },
};

if (!process.argv.includes('--force') && stampMatches(stamp, hash)) {
  console.log('server: unchanged since its last build');
} else {
  const started = performance.now();
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'compute.worker': path.join(server, 'src/modules/compute/compute.worker.mjs'),
      'scoring.worker': path.join(server, 'src/modules/scoring/scoring.worker.mjs'),
      'scene-work.worker': path.join(server, 'src/modules/scenes/scene-work.worker.mjs'),
      'pair-forecast.worker': path.join(server, 'src/modules/pairs/pair-forecast.worker.mjs'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    banner: {
      js: "import { fileURLToPath as __fileURLToPath } from 'node:url';\nconst __sourceDir = (relative) => __fileURLToPath(new URL(`${relative}/`, import.meta.url));",
    },
    plugins: [sourceDirs, externalPackages],
  });
  writeStamp(stamp, hash);
  console.log(`server: built into dist/ in ${Math.round(performance.now() - started)} ms`);
}
