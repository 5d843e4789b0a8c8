import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { STATE_WAIT_MS } from './waits.ts';

// findBy… and waitFor wait for a state, never for a time: the 1 s default gave up on screens that were merely slow.
configure({ asyncUtilTimeout: STATE_WAIT_MS });

// Mantine reads these browser APIs that jsdom lacks.
const noop = () => {};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = noop as typeof window.scrollTo;
class ResizeObserverStub {
  observe = noop;
  unobserve = noop;
  disconnect = noop;
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
