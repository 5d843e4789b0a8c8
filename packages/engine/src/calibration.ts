import { clamp } from './bands.ts';
import { forecastPair } from './forecast-pair.ts';
import { sampleParams } from './param-priors.ts';
import { coreOf, DAYS, run } from './pair-dynamics.ts';
import { GRADES, toUnit } from './pair-model.ts';
import { DEFAULT_PARAMS, type Params } from './params.ts';
import { createRng, type Rng } from './prng.ts';
import type { InteractionMode, PairKind, Specialist } from './types.ts';
import { residualPath } from './uncertainty.ts';

/** Horizons (day index of the forecast) at which coverage and error are reported. */
export const CALIBRATION_DAYS = [0, 30, 91, 182, 273, 364] as const;

export type CalibrationReport = {
  worlds: number;
  samples: number;
  seed: number;
  /** Share of (world, horizon) checks where the truth lies in the 80 % band, all horizons together. */
  coverage: number;
  /** Per horizon: coverage, mean absolute error of the point forecast against the truth, mean band width. */
  byDay: Array<{ day: number; coverage: number; meanAbsError: number; meanWidth: number }>;
  /** The yearly mean rating (compatibility) and the settled level beyond the year. */
  compatibility: { coverage: number; meanAbsError: number; meanWidth: number };
};

const KINDS: readonly PairKind[] = ['work', 'LOVE', 'FRIEND'];

function truePerson(id: string, rng: Rng): Specialist {
  const score = (): number => clamp(50 + 18 * rng.normal(), 0, 100);
  return {
    id,
    k: score(),
    p: score(),
    l: score(),
    age: 20 + Math.floor(40 * rng.next()),
    grade: GRADES[Math.floor(GRADES.length * rng.next())]!,
    traits: { managerialExperience: rng.next(), workExperience: rng.next(), entrepreneurship: rng.next(), relocation: rng.next(), familyStability: rng.next() },
  };
}

/** What the scoring would show: the true scores plus the person's score error (widened for missing answers). */
function observed(truth: Specialist, rng: Rng, params: Params): Specialist {
  // Half the people carry a stated model error, half leave it to the default; some answered only part of the form.
  const scoreError = rng.next() < 0.5 ? 3 + 9 * rng.next() : undefined;
  const completeness = rng.next() < 0.3 ? 0.4 + 0.6 * rng.next() : undefined;
  const err = toUnit({ ...truth, scoreError, completeness }, params.band.defaultScoreError, params.band.minCompleteness).scoreError;
  const noisy = (x: number): number => clamp(x + err * rng.normal(), 0, 100);
  const out: Specialist = { ...truth, k: noisy(truth.k), p: noisy(truth.p), l: noisy(truth.l) };
  if (scoreError !== undefined) out.scoreError = scoreError;
  if (completeness !== undefined) out.completeness = completeness;
  return out;
}

/**
 * Calibration study (docs section 7.4): draws synthetic worlds from the model's own generative assumptions (true scores
 * from the population, observed scores with the stated errors, true parameters from their priors, a true pair residual
 * path), forecasts each world from what would be observed, and measures how often the truth falls inside the 80 % band.
 * Deterministic for a given seed.
 */
export function runCalibration(options: { worlds: number; samples: number; seed: number; params?: Params; forecastParams?: Params }): CalibrationReport {
  // `params` generate the worlds; `forecastParams` (default: the same) make the forecast, to test a mis-stated band.
  const params = options.params ?? DEFAULT_PARAMS;
  const forecastParams = options.forecastParams ?? params;
  const rng = createRng(options.seed);
  const hits = CALIBRATION_DAYS.map(() => 0);
  const abs = CALIBRATION_DAYS.map(() => 0);
  const widths = CALIBRATION_DAYS.map(() => 0);
  const compat = { hits: 0, abs: 0, width: 0 };
  const shared = new Float64Array(DAYS);
  const residual = new Float64Array(DAYS);
  for (let w = 0; w < options.worlds; w++) {
    const kind = KINDS[Math.floor(KINDS.length * rng.next())]!;
    const mode: InteractionMode = rng.next() < 0.3 ? 1 : 0;
    const hours = [0.5, 1, 2, 5, 10][Math.floor(5 * rng.next())]!;
    const a = truePerson(`a${w}`, rng);
    const b = truePerson(`b${w}`, rng);
    const truthParams = params.band.parameterUncertainty ? sampleParams(params, rng) : params;
    residualPath(residual, rng, params);
    const unit = (s: Specialist) => toUnit(s, 0, params.band.minCompleteness);
    run(coreOf(truthParams.kinds[kind], unit(a), unit(b), null, mode, hours, truthParams).core, shared, null, null, truthParams);
    let truthMean = 0;
    for (let t = 0; t < DAYS; t++) {
      shared[t] = clamp(shared[t]! + residual[t]!, -100, 100);
      truthMean += shared[t]! / DAYS;
    }
    const f = forecastPair({ a: observed(a, rng, params), b: observed(b, rng, params), kind, mode, intensity: hours }, forecastParams, {
      band: { samples: options.samples },
      explainTop: 0,
    });
    const band = f.band!;
    CALIBRATION_DAYS.forEach((day, i) => {
      const truth = shared[day]!;
      if (band.daily.p10[day]! <= truth && truth <= band.daily.p90[day]!) hits[i]! += 1;
      abs[i]! += Math.abs(f.daily[day]! - truth);
      widths[i]! += band.daily.p90[day]! - band.daily.p10[day]!;
    });
    if (band.compatibility.p10 <= truthMean && truthMean <= band.compatibility.p90) compat.hits += 1;
    compat.abs += Math.abs(f.compatibility.value - truthMean);
    compat.width += band.compatibility.p90 - band.compatibility.p10;
  }
  const n = options.worlds;
  return {
    worlds: n,
    samples: options.samples,
    seed: options.seed,
    coverage: hits.reduce((x, y) => x + y, 0) / (n * CALIBRATION_DAYS.length),
    byDay: CALIBRATION_DAYS.map((day, i) => ({ day, coverage: hits[i]! / n, meanAbsError: abs[i]! / n, meanWidth: widths[i]! / n })),
    compatibility: { coverage: compat.hits / n, meanAbsError: compat.abs / n, meanWidth: compat.width / n },
  };
}
