/**
 * Renders the landing into copies of the built index.html, one per language (`landing.ru.html`, `landing.en.html`),
 * for the server to send at `/` (apps/server/src/core/web.ts). Runs after `vite build`:
 *
 *   node scripts/prerender.mjs [--dist <built app>]     (default: dist)
 *
 * The landing's component tree is built for Node by Vite (the same config, so CSS-module class names match the
 * browser build), rendered with React's server renderer, and checked: every class in the markup must exist in the
 * built stylesheets, or the build fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distArg = process.argv.indexOf('--dist');
const dist = path.resolve(webRoot, distArg > 0 ? process.argv[distArg + 1] : 'dist');
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

// Inside the workspace, so the Node build's imports of react and the rest resolve from node_modules.
const serverDir = path.join(webRoot, 'node_modules', '.teamcast-prerender');
try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: {
        // i18n.ts reads the catalogues both ways (bundled in unit tests, on demand in browsers); in Node that is moot.
        onLog(level, log, handler) {
          if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
        },
      },
    },
  });
  const { renderLanding } = await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href);

  const stylesheets = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8'))
    .join('\n');

  for (const locale of ['ru', 'en']) {
    const { markup, title } = await renderLanding(locale);
    const missing = [...new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1].split(/\s+/)).filter(Boolean))].filter(
      (name) => !stylesheets.includes(`.${name}`),
    );
    if (missing.length) throw new Error(`prerendered classes missing from the built stylesheets: ${missing.join(', ')}`);
    if (!markup.includes('data-testid="landing-page"')) throw new Error('the prerendered markup holds no landing page');

    const html = template
      .replace('<html lang="ru">', `<html lang="${locale}">`)
      .replace('<title>Teamcast</title>', () => `<title>${escapeHtml(title)}</title>`)
      .replace(/<div id="root">[\s\S]*?<\/div>\s*<noscript>/, () => `<div id="root" data-prerendered="${locale}">${markup}</div>\n    <noscript>`)
      // The landing's stylesheet is needed for the first paint now, not only preloaded for the script's render.
      .replace(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g, '<link rel="stylesheet" crossorigin href="$1">');
    if (!html.includes(`data-prerendered="${locale}"`)) throw new Error('index.html has no #root to render into');
    const file = path.join(dist, `landing.${locale}.html`);
    fs.writeFileSync(file, html);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
    console.log(`prerendered / in ${locale}: ${path.relative(webRoot, file)} (${(html.length / 1024).toFixed(1)} KB)`);
  }
} finally {
  fs.rmSync(serverDir, { recursive: true, force: true });
}
