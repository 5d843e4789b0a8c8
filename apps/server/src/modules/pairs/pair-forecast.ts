import {
  EngineError,
  forecastLove,
  forecastPair,
  isEngineError,
  type EngineErrorCode,
  type LoveRequest,
  type PairForecast,
  type PairRequest,
} from '@teamcast/engine';

/** A pair forecast to run: the work model's input, or the love model's (LOVE and FRIEND). */
export type PairForecastTask = { model: 'work'; input: PairRequest } | { model: 'love'; input: LoveRequest };

/** A forecast, or the engine's refusal as plain data (an error's class and fields do not cross a thread). */
export type PairForecastOutcome = { ok: true; forecast: PairForecast } | { ok: false; code: EngineErrorCode; detail: string };

/** Runs one pair forecast with its band (pure: the same task gives the same forecast in any thread). */
export function pairForecast(task: PairForecastTask): PairForecastOutcome {
  try {
    const forecast = task.model === 'work' ? forecastPair(task.input, undefined, { band: true }) : forecastLove(task.input, { band: true });
    return { ok: true, forecast };
  } catch (error) {
    if (isEngineError(error)) return { ok: false, code: error.code, detail: error.detail };
    throw error;
  }
}

/** The forecast of an outcome, or its refusal thrown again as the engine's error. */
export function forecastOf(outcome: PairForecastOutcome): PairForecast {
  if (!outcome.ok) throw new EngineError(outcome.code, outcome.detail);
  return outcome.forecast;
}
