import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** A read's state: waiting, failed with its error, or done with its data. */
export type RequestState<T> = { status: 'pending' } | { status: 'error'; error: Error } | { status: 'done'; data: T };

/**
 * Runs a read when its key changes and keeps its state, for the light public pages that do without TanStack Query
 * (their first load must stay small). An answer that arrives after the key changed is dropped. `replace` sets the
 * data from a later call's answer (a save that returns the updated object).
 */
export function useRequest<T>(key: string, read: () => Promise<T>): [RequestState<T>, (data: T) => void] {
  // The state remembers which key it belongs to: a new key reads as pending until its own answer arrives.
  const [state, setState] = useState<{ key: string; value: RequestState<T> }>({ key, value: { status: 'pending' } });
  const readRef = useRef(read);
  useLayoutEffect(() => {
    readRef.current = read;
  });
  useEffect(() => {
    let current = true;
    readRef.current().then(
      (data) => current && setState({ key, value: { status: 'done', data } }),
      (error: unknown) => current && setState({ key, value: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  const replace = useCallback((data: T) => setState({ key, value: { status: 'done', data } }), [key]);
  return [state.key === key ? state.value : { status: 'pending' }, replace];
}

/** A write's state: idle, running, failed or done; `run` starts it (a second run while one is going is ignored). */
export type ActionState<T> = { status: 'idle' | 'pending' } | { status: 'error'; error: Error } | { status: 'done'; data: T };

export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>): [ActionState<T>, (...args: A) => Promise<T | undefined>] {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return undefined;
      running.current = true;
      setState({ status: 'pending' });
      try {
        const data = await action(...args);
        if (mounted.current) setState({ status: 'done', data });
        return data;
      } catch (error) {
        if (mounted.current) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
        return undefined;
      } finally {
        running.current = false;
      }
    },
    [action],
  );
  return [state, run];
}
