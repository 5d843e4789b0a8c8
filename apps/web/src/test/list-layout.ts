import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom lays nothing out: every box is 0 px, so a windowed list (shared/ui/list-window.tsx) would see no room and draw
 * no row. This gives each scrolling box of a windowed list (`data-windowed` or a `*-list` test id) a height of
 * `viewport` px and each row (`data-index`) `row` px, as a browser would.
 */
export function layOutLists({ viewport, row }: { viewport: number; row: number }): void {
  const scroller = (element: HTMLElement) => element.dataset.windowed === 'true' || /-list$/.test(element.dataset.testid ?? '');
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return scroller(this) ? viewport : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return scroller(this) ? 800 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.index === undefined ? 0 : row;
  });
}

/** Scrolls a box to `top` px, as a reader would. */
export function scrollTo(element: HTMLElement, top: number): void {
  element.scrollTop = top;
  fireEvent.scroll(element);
}
