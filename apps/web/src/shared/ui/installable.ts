/** Which installable app the page offers: the owner-mobile app, or the love-mobile app on love hosts and love pages. */
export function applyManifest(variant: 'owner' | 'love'): void {
  const set = (selector: string, attribute: string, value: string) => document.querySelector(selector)?.setAttribute(attribute, value);
  set('link[rel="manifest"]', 'href', `/${variant}-mobile.webmanifest`);
  set('link[rel="apple-touch-icon"]', 'href', `/icons/${variant}-apple-touch.png`);
  set('meta[name="theme-color"]', 'content', variant === 'love' ? '#c2255c' : '#1864ab');
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
