import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { decideLocale } from '@teamcast/contracts';
import { sendError } from './error-handler.ts';

/** Where a love host's visitors start (route love-mobile). */
const LOVE_START = '/love-mobile';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated; client routes get
 * index.html (the SPA fallback), while unknown /api paths answer the JSON not-found envelope. A love host's `/` is
 * redirected to the love app here (spec section 1), so the landing never waits in the browser to learn the host.
 * Other hosts' `/` gets the landing rendered at build time (`landing.<locale>.html`, apps/web/scripts/prerender.mjs)
 * in the language `decideLocale` gives the host and the browser's Accept-Language (Russian when neither says); the
 * browser hydrates it, or renders anew for a visitor who chose the other language.
 */
export async function registerWeb(app: FastifyInstance, distDir: string, isLoveHost: (host: string) => boolean = () => false): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const prerendered = new Set(hasWeb ? fs.readdirSync(distDir).filter((file) => /^landing\.(ru|en)\.html$/.test(file)) : []);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of text files; send those to clients that accept them.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!hasWeb || !wantsPage) return sendError(reply, request, 'not_found');
    if (pathname === '/' && isLoveHost(request.host)) return reply.header('cache-control', 'no-cache').redirect(LOVE_START, 302);
    const landing = `landing.${decideLocale({ host: request.host, accepted: request.headers['accept-language'] })}.html`;
    const file = pathname === '/' && prerendered.has(landing) ? landing : 'index.html';
    return reply.header('cache-control', 'no-cache').header('vary', 'host, accept-language').type('text/html; charset=utf-8').sendFile(file);
  });
}
