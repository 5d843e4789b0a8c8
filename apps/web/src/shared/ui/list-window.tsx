import { Fragment, useRef, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * Lists longer than this draw only the rows in view of their own scrolling box (and a few around them); shorter ones
 * draw every row in the page's flow, as before. A 300-person team's 300 cards and 300 timeline rows took the simulator
 * over a second to draw, and every later layout as long (docs/PERFORMANCE.md, "The simulator of a large team").
 */
export const WINDOWED_FROM = 40;

/** Rows drawn beyond each edge of the view, so that a quick scroll or a Tab to the next row finds it drawn. */
const OVERSCAN = 6;

export type ListRow = { index: number; start: number };

export type ListWindow = {
  /** True: only `rows` are drawn, each placed at its `start` inside a box `totalSize` tall that scrolls in `scrollRef`. */
  windowed: boolean;
  rows: ListRow[];
  totalSize: number;
  /** For rows of varying height: given each drawn row's element (with `data-index`), so its real height is used. */
  measure: (element: Element | null) => void;
};

const noMeasure = () => {};

/**
 * The rows of a list to draw. `rowSize` is a row's height (its estimate when rows are measured); `scrollRef` is the box
 * that scrolls the list once it is windowed (it must then have a bounded height).
 */
export function useListWindow({ count, rowSize, scrollRef }: { count: number; rowSize: number; scrollRef: RefObject<HTMLElement | null> }): ListWindow {
  const windowed = count > WINDOWED_FROM;
  // The rows are read from the virtualizer at every render and handed to no memoized component (the app is not built
  // with the React Compiler), which is what this rule warns of.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: windowed ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowSize,
    overscan: OVERSCAN,
    enabled: windowed,
  });
  if (!windowed) return { windowed, rows: Array.from({ length: count }, (_, index) => ({ index, start: 0 })), totalSize: 0, measure: noMeasure };
  return {
    windowed,
    rows: virtualizer.getVirtualItems().map(({ index, start }) => ({ index, start })),
    totalSize: virtualizer.getTotalSize(),
    measure: virtualizer.measureElement,
  };
}

/**
 * A list that draws every item in the page's flow while short, and once longer than WINDOWED_FROM scrolls in a box
 * `maxHeight` tall that draws the items in view; items may differ in height (each is measured), `gap` apart.
 */
export function WindowedList<T>({
  items,
  itemKey,
  rowSize,
  maxHeight,
  gap,
  testId,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  rowSize: number;
  maxHeight: string;
  gap: string;
  testId?: string;
  children: (item: T) => ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = useListWindow({ count: items.length, rowSize, scrollRef });
  if (!list.windowed) return items.map((item) => <Fragment key={itemKey(item)}>{children(item)}</Fragment>);
  return (
    <div ref={scrollRef} style={{ maxHeight, overflowY: 'auto', flex: 'none' }} data-testid={testId}>
      <div style={{ height: list.totalSize, position: 'relative' }}>
        {list.rows.map(({ index, start }) => (
          <div
            key={itemKey(items[index]!)}
            data-index={index}
            ref={list.measure}
            style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${start}px)`, paddingBottom: gap }}
          >
            {children(items[index]!)}
          </div>
        ))}
      </div>
    </div>
  );
}
