import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The shaded band of the pair chart in one plain sentence: what 'in 8 cases out of 10' means and which sources of
 * error it accounts for (docs/forecast-model.md, section 7; a love forecast's wider band: docs/love-model.md). Placed
 * beside the chart, not inside it.
 */
export function BandNote({ love = false }: { love?: boolean }) {
  const { t } = useTranslation('pairs');
  return (
    <Text size="xs" c="dimmed" data-testid="band-note">
      {love ? t('result.loveBandNote') : t('result.bandNote')}
    </Text>
  );
}
