import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes .br and .gz copies of every text asset next to it, so the server can send them pre-compressed
 * (no compression work per request) and the size script can read real transfer sizes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let forNode = false;
  return {
    name: 'teamcast-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      forNode = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (forNode) return; // the prerender's Node build (scripts/prerender.mjs) is not served
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Lets the browser fetch the landing screen's chunk, its stylesheet and its texts together with the entry instead of
 * after it: the landing is the page most visitors open first, and the files are about 7 KB.
 */
function preloadLanding(): Plugin {
  return {
    name: 'teamcast-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/features/site/components/landing-page.tsx'),
        );
        if (!chunk || chunk.type !== 'chunk') return [];
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        // The landing's own texts (landing), the frame's (site) and the notices', in Russian (the default language; an English page fetches its own).
        const texts = Object.values(context.bundle ?? {}).filter(
          (output) => output.type === 'chunk' && output.moduleIds.length === 1 && /\/locales\/ru\/(site|consent|landing)\.json$/.test(output.moduleIds[0]!),
        );
        return [
          ...[chunk, ...texts].map((output) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${output.fileName}` },
            injectTo: 'head' as const,
          })),
          // crossorigin as Vite's loader requests it, or the browser fetches the stylesheet a second time.
          ...css.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadLanding()],
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/bundle-size.mjs to follow each route's chunks.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The chart toolkit and its d3 modules as one chunk: each file a screen needs is named in the entry's preload
        // lists, and the entry counts towards every public page's first-load budget.
        codeSplitting: {
          groups: [
            {
              name: 'chart-kit',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /\/shared\/charts\/|\/locales\/(ru|en)\/charts\.json$|\/node_modules\/(d3-array|d3-shape|d3-path|internmap)\//,
            },
            // One chunk per translation catalogue, named after its language and namespace (locale-ru-site-<hash>.js), so
            // the size script counts the files one reader's language fetches.
            {
              name: (moduleId: string) => {
                const locale = /\/locales\/(ru|en)\/([\w-]+)\.json$/.exec(moduleId);
                return locale ? `locale-${locale[1]}-${locale[2]}` : null;
              },
              includeDependenciesRecursively: false,
              test: /\/locales\/(ru|en)\/[\w-]+\.json$/,
            },
          ],
        },
      },
    },
  },
});
