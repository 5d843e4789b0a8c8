import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SCALE_DEFAULT, SCALE_MAX, SCALE_MIN, setScale } from '../hooks/scale-store.ts';

const STEP = 0.25;

/** Timeline zoom: smaller, larger and back to 1.0; the value is remembered in this browser. */
export function ScaleControl({ scale }: { scale: number }) {
  const { t } = useTranslation('simulator');
  return (
    <Group gap={4} data-testid="scale">
      <ActionIcon variant="default" onClick={() => setScale(scale - STEP)} disabled={scale <= SCALE_MIN} aria-label={t('scale.out')} data-testid="scale-out">
        −
      </ActionIcon>
      <Text
        size="sm"
        data-testid="scale-value"
        style={{ minWidth: '4ch', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
        aria-label={t('scale.value', { scale: scale.toFixed(2) })}
      >
        {scale.toFixed(2)}
      </Text>
      <ActionIcon variant="default" onClick={() => setScale(scale + STEP)} disabled={scale >= SCALE_MAX} aria-label={t('scale.in')} data-testid="scale-in">
        +
      </ActionIcon>
      <ActionIcon variant="subtle" onClick={() => setScale(SCALE_DEFAULT)} aria-label={t('scale.reset')} data-testid="scale-reset">
        1:1
      </ActionIcon>
    </Group>
  );
}
