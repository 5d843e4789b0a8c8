import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The shaded band of the pair chart in one plain sentence: what 'in 8 cases out of 10' means and which sources of
 * error it accounts for (docs/forecast-model.md, section 7). Placed beside the chart, not inside it.
 */
export function BandNote() {
  const { t } = useTranslation('pairs');
  return (
    <Text size="xs" c="dimmed" data-testid="band-note">
      {t('result.bandNote')}
    </Text>
  );
}
