import { useEffect, useRef } from 'react';

/** Days per second while playing: a month a second. */
const DAYS_PER_SECOND = 30;

/**
 * Moves the day forward on animation frames while `playing`, from `day` to `last`, then calls `onEnd`. Whole days only,
 * so a 60 fps screen redraws at most once per day passed.
 */
export function usePlayback(playing: boolean, day: number, last: number, onDay: (day: number) => void, onEnd: () => void) {
  const origin = useRef<{ time: number; day: number } | null>(null);
  const latest = useRef({ day, last, onDay, onEnd });
  useEffect(() => {
    latest.current = { day, last, onDay, onEnd };
  });
  useEffect(() => {
    if (!playing) return;
    origin.current = null;
    let frame = requestAnimationFrame(function tick(time) {
      const { day: current, last: end, onDay: move, onEnd: stop } = latest.current;
      origin.current ??= { time, day: current >= end ? 0 : current };
      const next = Math.min(end, origin.current.day + Math.floor(((time - origin.current.time) / 1000) * DAYS_PER_SECOND));
      if (next !== current) move(next);
      if (next >= end) stop();
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);
}
