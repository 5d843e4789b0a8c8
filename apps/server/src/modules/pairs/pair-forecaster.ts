import os from 'node:os';
import { Piscina } from 'piscina';
import type { PairForecast } from '@teamcast/engine';
import { forecastOf, pairForecast, type PairForecastOutcome, type PairForecastTask } from './pair-forecast.ts';

/**
 * Where pair forecasts run. The engine takes 4-7 ms of CPU a forecast (with its band); in the request it held the event
 * loop, so every other request waited, and on the embedded database (which runs on the same thread) the database and
 * the engine took turns. In worker threads the forecasts run beside the event loop: one thread is kept started, up to
 * one per core but the event loop's. `threads: 0` runs them inline (the unit tests, where a thread's start would cost
 * more than the forecasts). Measured in docs/PERFORMANCE.md ("Pair forecasts off the event loop").
 */
export type PairForecaster = {
  run(task: PairForecastTask): Promise<PairForecast>;
  stop(): Promise<void>;
};

export const inlineForecaster: PairForecaster = {
  run: async (task) => forecastOf(pairForecast(task)),
  stop: async () => {},
};

export function createPairForecaster({ threads }: { threads: 0 | 'cores' }): PairForecaster {
  if (threads === 0) return inlineForecaster;
  const pool = new Piscina({
    filename: new URL('./pair-forecast.worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: Math.max(1, os.availableParallelism() - 1),
    idleTimeout: 30_000,
  });
  return {
    run: async (task) => forecastOf((await pool.run(task)) as PairForecastOutcome),
    stop: () => pool.destroy(),
  };
}
