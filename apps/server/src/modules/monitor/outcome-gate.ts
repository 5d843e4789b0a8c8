import { OUTCOME_GATE_MIN_MONITORS, OUTCOME_GATE_MIN_OBSERVATIONS, type OutcomeGate } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { calibrationOf, type CalibrationPoint } from './monitor-arithmetic.ts';

/*
 * The real-outcome gate, pure (docs/forecast-model.md, section 10.1, "The real-outcome gate"): the same labelled
 * months forecast by the published scoring model and by a candidate, and the rule that says when the candidate is
 * worse beyond what the sample size can tell apart.
 */

/** The coverage the 80 % band should reach. */
const NOMINAL = 0.8;
/** Two-sided 95 % normal quantile. */
const Z95 = 1.96;
/**
 * Smallest growth of the mean error that counts, rating points on −100…100: forecasts are stored to 0.1 point and an
 * answer's choices lie 40–50 points apart, so a change below one point is no change an owner could see.
 */
export const MIN_ERROR_TOLERANCE = 1;

/** One labelled month as each version forecast it; the observation is the same. */
export type OutcomePair = { published: CalibrationPoint; candidate: CalibrationPoint };

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
function spread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
}

/**
 * The verdict over `pairs` from `monitors` monitors.
 * - Judged only from OUTCOME_GATE_MIN_OBSERVATIONS observations over OUTCOME_GATE_MIN_MONITORS monitors (months of one
 *   team are correlated, so the count of teams matters as well); below that: not_enough, and the publish goes through.
 * - Coverage: worse when the candidate's distance from 0.8 exceeds the published one's by more than the 95 % sampling
 *   error of a proportion near 0.8 over n observations, 1.96·√(0.8·0.2/n) (±10 points at n = 60, ±5 at n = 250).
 * - Mean absolute error: worse when the mean of the paired differences |e_candidate| − |e_published| exceeds its 95 %
 *   sampling error, 1.96·sd/√n, and at least MIN_ERROR_TOLERANCE.
 * Coverage is checked first: it is the figure the band promises.
 */
export function outcomeGate(pairs: readonly OutcomePair[], monitors: number): OutcomeGate {
  const published = calibrationOf(pairs.map((p) => p.published));
  const candidate = calibrationOf(pairs.map((p) => p.candidate));
  const base = { published, candidate, monitors, minObservations: OUTCOME_GATE_MIN_OBSERVATIONS, minMonitors: OUTCOME_GATE_MIN_MONITORS };
  const n = pairs.length;
  if (n < OUTCOME_GATE_MIN_OBSERVATIONS || monitors < OUTCOME_GATE_MIN_MONITORS)
    return { ...base, verdict: 'not_enough', worse: null, coverageTolerance: null, errorTolerance: null };
  const coverageTolerance = Z95 * Math.sqrt((NOMINAL * (1 - NOMINAL)) / n);
  const differences = pairs.map((p) => Math.abs(p.candidate.observed - p.candidate.forecast) - Math.abs(p.published.observed - p.published.forecast));
  const errorTolerance = Math.max(MIN_ERROR_TOLERANCE, (Z95 * spread(differences)) / Math.sqrt(n));
  const judged = { ...base, coverageTolerance, errorTolerance };
  if (Math.abs(candidate.coverage! - NOMINAL) - Math.abs(published.coverage! - NOMINAL) > coverageTolerance)
    return { ...judged, verdict: 'worse', worse: 'coverage' };
  if (mean(differences) > errorTolerance) return { ...judged, verdict: 'worse', worse: 'error' };
  return { ...judged, verdict: 'pass', worse: null };
}

const FIGURES = {
  coverage: { en: 'the share of observations inside the 80 % band is', ru: 'доля наблюдений внутри 80-процентного коридора —' },
  error: { en: 'the mean error of the monthly forecast is', ru: 'средняя ошибка месячного прогноза —' },
} as const;

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const points = (value: number) => value.toFixed(1);

/** The refusal of a worse verdict (409 outcomes_worse_than_published), naming the figure; null otherwise. */
export function outcomeRefusal(gate: OutcomeGate): AppError | null {
  if (gate.verdict !== 'worse' || !gate.worse) return null;
  const coverage = gate.worse === 'coverage';
  const show = coverage ? percent : points;
  const figure = FIGURES[gate.worse];
  return new AppError('outcomes_worse_than_published', {
    n: gate.candidate.n,
    figureEn: figure.en,
    figureRu: figure.ru,
    candidate: show(coverage ? gate.candidate.coverage! : gate.candidate.meanAbsoluteError!),
    published: show(coverage ? gate.published.coverage! : gate.published.meanAbsoluteError!),
    tolerance: coverage ? `±${percent(gate.coverageTolerance!)}` : `+${points(gate.errorTolerance!)}`,
  });
}
