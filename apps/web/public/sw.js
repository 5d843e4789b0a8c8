/*
 * Teamcast service worker: keeps the app shell so the installed app starts without a network.
 * - Pages (navigations): network first, so a new release is picked up at once; the cached shell only when offline.
 *   The shell is index.html; `/` itself comes with the landing rendered into it, so it is never kept as the shell.
 * - Hashed files under /assets/: cache first (their names change with their content), trimmed to the newest ones.
 * - Icons, manifests, help pictures: stale while revalidate.
 * - /api/ and anything not from this origin: never touched, so no API data is ever cached.
 */
const SHELL = 'teamcast-shell-v2';
const ASSETS = 'teamcast-assets-v1';
const KEEP = [SHELL, ASSETS];
const MAX_ASSETS = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      const response = await fetch('/index.html', { cache: 'no-cache' });
      if (!response.ok) return;
      await cache.put('/', response.clone());
      // The shell's own scripts and styles, so an offline start has them too.
      const html = await response.text();
      const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
      const assets = await caches.open(ASSETS);
      await Promise.all(files.map((file) => assets.add(file).catch(() => undefined)));
    })(),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KEEP.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(request);
}

async function networkFirstPage(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    const shell = new URL(request.url).pathname !== '/' && response.headers.get('content-type')?.includes('text/html');
    if (response.ok && shell) await cache.put('/', response.clone());
    return response;
  } catch (error) {
    return (await cache.match('/')) ?? Promise.reject(error);
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  const fresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached ?? fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/api') return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  } else if (/^\/(icons|help)\/|\.webmanifest$|^\/favicon\.svg$/.test(url.pathname)) {
    event.respondWith(staleWhileRevalidate(request));
  }
});
