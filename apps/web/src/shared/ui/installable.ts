/** Which installable app the page offers: the owner-mobile app, or the love-mobile app on love hosts and love pages. */
export function applyManifest(variant: 'owner' | 'love'): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/${variant}-mobile.webmanifest`;
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * Registers the service worker that keeps the app shell for offline starts (never API data). Only in built apps:
 * the Vite dev server has no service worker, so a stale cache can never hide code being edited.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.error('service worker registration failed', error));
  });
}
