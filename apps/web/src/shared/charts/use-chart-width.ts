import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of a chart's box in CSS pixels, followed as it changes, so a chart is drawn at the size it is shown (text
 * stays readable on a phone instead of shrinking with a scaled viewBox). Where the browser cannot measure (tests,
 * prerendering) the fallback is used.
 */
export function useChartWidth<T extends HTMLElement>(fallback = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
