import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ForecastAccuracy } from '@teamcast/contracts';
import { localeOf } from '../hooks/pair-format.ts';

/**
 * What is known of the forecast's accuracy, in words that stay true (docs/scoring-model.md, "Accuracy"): 'more than
 * N %' only for a figure measured on real labels of enough people; a demo figure as a demonstration; otherwise that the
 * forecast is not yet validated on this installation's data, and what its band accounts for.
 */
export function AccuracyNote({ accuracy }: { accuracy: ForecastAccuracy }) {
  const { t, i18n } = useTranslation('pairs');
  const locale = localeOf(i18n.language);
  const points = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale);
  const evaluation = accuracy.evaluation;
  const figures = evaluation
    ? {
        mae: points.format(evaluation.mae.value),
        low: points.format(evaluation.mae.low),
        high: points.format(evaluation.mae.high),
        persons: count.format(evaluation.persons),
        count: evaluation.persons,
        min: count.format(accuracy.minPersons),
      }
    : null;
  let text: string;
  if (accuracy.value !== null && figures) text = t('accuracy.validated', { value: count.format(accuracy.value), ...figures });
  else if (accuracy.reason === 'demo_labels' && figures) text = t('accuracy.demo', figures);
  else if (accuracy.reason === 'too_few' && figures) text = t('accuracy.tooFew', figures);
  else text = t('accuracy.notValidated');
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="accuracy" data-reason={accuracy.reason ?? 'validated'}>
        {text}
      </Text>
      <Text size="sm" c="dimmed" data-testid="decision-note">
        {t('decisionNote')}
      </Text>
    </>
  );
}
