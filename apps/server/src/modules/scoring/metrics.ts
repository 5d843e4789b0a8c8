import { OUTPUTS, type Output } from './outputs.ts';

/** Held-out quality of one output: mean absolute error in score points (0-100 scale) and the coefficient of determination. */
export type OutputMetrics = { mae: number; r2: number };
export type Metrics = Record<Output, OutputMetrics>;

/** MAE and R² per output of predictions against labels, both row-major n × 3 on the 0-100 scale. */
export function computeMetrics(predicted: ArrayLike<number>, labels: ArrayLike<number>, n: number): Metrics {
  const result = {} as Metrics;
  OUTPUTS.forEach((output, k) => {
    let absolute = 0;
    let mean = 0;
    for (let i = 0; i < n; i++) mean += labels[i * 3 + k]! / n;
    let residual = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const label = labels[i * 3 + k]!;
      const error = predicted[i * 3 + k]! - label;
      absolute += Math.abs(error);
      residual += error * error;
      total += (label - mean) ** 2;
    }
    result[output] = { mae: n ? absolute / n : 0, r2: total > 0 ? 1 - residual / total : 0 };
  });
  return result;
}

/** Mean of the three outputs' MAE. */
export const meanMae = (metrics: Metrics) => OUTPUTS.reduce((sum, output) => sum + metrics[output].mae, 0) / OUTPUTS.length;
