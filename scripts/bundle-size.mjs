#!/usr/bin/env node
// First-load JavaScript of the public routes, read from the web build (apps/web/dist): the entry chunk, the route's
// screen chunk, and every chunk they import statically, measured gzip -9 and brotli -11 as the server sends them.
// Usage: npm run bundle-size [-- --json] [-- --dist <dir>] (after npm run build; WEB_DIST=<dir> works too, for a
// build made elsewhere with vite build --outDir). Exits 1 when a budgeted route exceeds its budget (npm run test:e2e
// runs it, so a change that pushes a public page over fails the checks); with --enforce <route,route> only those
// routes count. BUNDLE_DEBUG=<route> lists that route's files and their gzip sizes on stderr.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const distArg = process.argv.indexOf('--dist');
const dist = path.resolve(distArg > 0 ? process.argv[distArg + 1] : (process.env.WEB_DIST ?? path.join(root, 'apps/web/dist')));
const manifestFile = path.join(dist, '.vite/manifest.json');
const pagesFile = path.join(root, 'apps/web/src/app/pages.tsx');
const BUDGET_KB = 150;
/** Routes whose first load is budgeted (issue: landing, FAQ, questionnaire, shared result) and others shown for information. */
const routes = [
  { name: 'landing', budget: true },
  { name: 'faq', budget: true },
  { name: 'profile-questionnaire', budget: true },
  { name: 'couple-questionnaire', budget: true },
  { name: 'result', budget: true },
  { name: 'help', budget: false },
  { name: 'enterprise', budget: false },
  { name: 'owner-dashboard', budget: false },
];

if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run npm run build first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const pagesSource = fs.readFileSync(pagesFile, 'utf8');

/** Route name → manifest key of its screen and whether it brings Mantine's stylesheet. */
function screenOf(name) {
  // The entry runs to the next entry (or the end of the table): the formatter may put its options on lines of their own.
  const pattern = new RegExp(
    `^\\s*'?${name.replace(/-/g, '\\-')}'?:\\s*lazyScreen\\(\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)[\\s\\S]*?(?=\\n\\s*'?[\\w-]+'?:\\s*lazyScreen|\\n\\};|$(?![\\s\\S]))`,
    'm',
  );
  const match = pattern.exec(pagesSource);
  if (!match) return { key: 'src/shared/ui/pending-page.tsx', mantine: true, pending: true };
  const key = path.posix.normalize(path.posix.join('src/app', match[1]));
  const namespaces = /namespaces:\s*\[([^\]]*)\]/.exec(match[0])?.[1].match(/[\w-]+/g) ?? undefined;
  return { key, mantine: !/light:\s*true/.test(match[0]), namespaces, pending: false };
}

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const content = fs.readFileSync(path.join(dist, file));
    sizeCache.set(file, {
      raw: content.length,
      gzip: zlib.gzipSync(content, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizeCache.get(file);
}

const sum = (files) =>
  files.reduce(
    (total, file) => {
      const size = sizes(file);
      return { raw: total.raw + size.raw, gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );

const mantineCss = Object.keys(manifest).filter((key) => /@mantine\/(core|notifications)\/styles\.css$/.test(key));
// Translation chunks a Russian reader (the default language) fetches before a screen shows: the frame's (common, site,
// consent) and those the screen names (`namespaces` in pages.tsx); every namespace for a Mantine screen that names
// none. A page fetches its own language only (shared/i18n/i18n.ts); the vite config names each such chunk
// locale-<language>-<namespace>-<hash>.js.
const namespaces = fs.readdirSync(path.join(root, 'apps/web/src/locales/en')).map((file) => file.replace(/\.json$/, ''));
const localeKeys = (all, own = []) =>
  Object.keys(manifest).filter((key) => {
    const match = /^_locale-ru-([\w-]+)-[\w-]{8}\.js$/.exec(key);
    return match && namespaces.includes(match[1]) && (all || ['common', 'site', 'consent', ...own].includes(match[1]));
  });

const DEBUG = process.env.BUNDLE_DEBUG;
const results = routes.map(({ name, budget }) => {
  const screen = screenOf(name);
  // Mantine screens are also wrapped in Mantine's and TanStack Query's providers, which the router loads with them.
  const keys = closure([
    'index.html',
    screen.key,
    ...localeKeys(screen.mantine && !screen.namespaces, screen.namespaces),
    ...(screen.mantine ? [...mantineCss, 'src/app/providers.tsx'] : []),
  ]);
  const chunks = [...keys].map((key) => manifest[key]);
  const js = [...new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))];
  const css = [...new Set(chunks.flatMap((chunk) => [...(chunk.css ?? []), ...(chunk.file.endsWith('.css') ? [chunk.file] : [])]))];
  const total = sum(js);
  if (DEBUG === name) for (const file of js) console.error(file, sizes(file).gzip);
  return {
    route: name,
    screen: screen.pending ? 'not built yet (pending page)' : screen.key,
    mantine: screen.mantine,
    budget,
    js: total,
    css: sum(css),
    files: js.length,
  };
});

const kb = (bytes) => (bytes / 1024).toFixed(1);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budgetKb: BUDGET_KB, results }, null, 2));
} else {
  console.log(`First-load JavaScript per route (budget ${BUDGET_KB} KB gzip for budgeted routes)\n`);
  console.log('route                   JS raw KB  JS gzip KB  JS brotli KB  CSS gzip KB  chunks  screen');
  for (const result of results) {
    const flag = result.budget ? (result.js.gzip / 1024 > BUDGET_KB ? ' OVER' : ' ok') : '';
    console.log(
      `${result.route.padEnd(22)}  ${kb(result.js.raw).padStart(9)}  ${kb(result.js.gzip).padStart(10)}  ${kb(result.js.brotli).padStart(12)}  ${kb(result.css.gzip).padStart(11)}  ${String(result.files).padStart(6)}  ${result.screen}${flag}`,
    );
  }
}
const enforceArg = process.argv.indexOf('--enforce');
const enforced = enforceArg > 0 ? process.argv[enforceArg + 1].split(',') : null;
for (const name of enforced ?? []) {
  if (!results.some((result) => result.route === name && result.budget)) {
    console.error(`--enforce: ${name} is not a budgeted route`);
    process.exit(2);
  }
}
const over = results.filter((result) => result.budget && (!enforced || enforced.includes(result.route)) && result.js.gzip / 1024 > BUDGET_KB);
if (over.length) {
  console.error(`\nOver the ${BUDGET_KB} KB budget: ${over.map((result) => result.route).join(', ')}`);
  process.exit(1);
}
