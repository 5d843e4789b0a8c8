import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Calibration } from '@teamcast/contracts';
import { chartLocale, formatChartNumber } from '../../../shared/charts/format.ts';

/** The band's coverage with what it should be and the sample size, and the forecast's mean error; or that none is observed yet. */
export function CalibrationLine({ calibration, testId }: { calibration: Calibration; testId: string }) {
  const { t, i18n } = useTranslation('monitor');
  const locale = chartLocale(i18n.language);
  if (calibration.n === 0 || calibration.coverage === null) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('calibration.none')}
      </Text>
    );
  }
  return (
    <Text size="sm" data-testid={testId}>
      {t('calibration.line', {
        coverage: formatChartNumber(calibration.coverage * 100, locale),
        count: calibration.n,
        error: formatChartNumber(calibration.meanAbsoluteError ?? 0, locale, 1),
        bias: formatChartNumber(calibration.bias ?? 0, locale, 1),
      })}
    </Text>
  );
}
