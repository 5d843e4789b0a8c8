/**
 * The 'more than {value} %' figure of an error on the 0-100 scale (an error in percent of the scale): floor(100 − error),
 * never below 0. Called with the upper end of the mean absolute error's 95 % interval, so the claim holds at that
 * confidence (docs/scoring-model.md, "Accuracy").
 */
export function accuracyFromError(meanAbsoluteError: number): number {
  return Math.max(0, Math.floor(100 - meanAbsoluteError));
}
