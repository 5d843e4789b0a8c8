import { meanMae, type Metrics } from './metrics.ts';

/**
 * The forecast accuracy shown to owners as 'more than {value}%'. Scores are on a 0-100 scale, so the mean absolute
 * error over K, P and L is an error in percent of the scale: value = floor(100 − mean MAE), never below 0.
 */
export function accuracyFromMetrics(metrics: Metrics): number {
  return Math.max(0, Math.floor(100 - meanMae(metrics)));
}
