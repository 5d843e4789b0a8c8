import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConditionBand } from '@teamcast/contracts';

const COLORS: Record<ConditionBand, string> = { depressed: 'red', bad: 'orange', anxious: 'yellow', good: 'teal', excellent: 'green' };

export function BandBadge({ band }: { band: ConditionBand }) {
  const { t } = useTranslation('pairs');
  return (
    <Badge color={COLORS[band]} variant="light" data-testid="band">
      {t(`bands.${band}`)}
    </Badge>
  );
}
