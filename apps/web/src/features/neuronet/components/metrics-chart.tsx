import { useTranslation } from 'react-i18next';
import type { ScoringMetrics } from '@teamcast/contracts';

const OUTPUTS = ['competencies', 'professionalism', 'maturity'] as const;

/** Held-out mean absolute error per output, the model's bar beside the prior's (shorter is better). */
export function MetricsChart({ model, prior }: { model: ScoringMetrics; prior: ScoringMetrics }) {
  const { t } = useTranslation('neuronet');
  const largest = Math.max(1, ...OUTPUTS.flatMap((output) => [model[output].mae, prior[output].mae]));
  const width = 320;
  const label = 130;
  const scale = (value: number) => ((width - label - 40) * value) / largest;
  return (
    <svg width={width} height={OUTPUTS.length * 44 + 20} role="img" aria-label={t('metrics.chart')} data-testid="metrics-chart">
      {OUTPUTS.map((output, index) => {
        const y = index * 44;
        return (
          <g key={output}>
            <text x={0} y={y + 18} fontSize={12}>
              {t(`outputs.${output}`)}
            </text>
            <rect x={label} y={y + 6} width={scale(model[output].mae)} height={12} fill="var(--mantine-color-blue-6)" />
            <text x={label + scale(model[output].mae) + 4} y={y + 16} fontSize={11}>
              {model[output].mae.toFixed(1)}
            </text>
            <rect x={label} y={y + 22} width={scale(prior[output].mae)} height={12} fill="var(--mantine-color-gray-5)" />
            <text x={label + scale(prior[output].mae) + 4} y={y + 32} fontSize={11}>
              {prior[output].mae.toFixed(1)}
            </text>
          </g>
        );
      })}
      <g transform={`translate(0, ${OUTPUTS.length * 44 + 6})`}>
        <rect x={0} y={0} width={10} height={10} fill="var(--mantine-color-blue-6)" />
        <text x={14} y={9} fontSize={11}>
          {t('metrics.model')}
        </text>
        <rect x={110} y={0} width={10} height={10} fill="var(--mantine-color-gray-5)" />
        <text x={124} y={9} fontSize={11}>
          {t('metrics.prior')}
        </text>
      </g>
    </svg>
  );
}
