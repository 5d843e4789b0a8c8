import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPUTE_PHASES } from '@teamcast/contracts';

const PHASES = Object.keys(COMPUTE_PHASES) as Array<keyof typeof COMPUTE_PHASES>;

/** A computation's phase (start 0 … done 5) as a progress bar with the phase named. */
export function PhaseProgress({ phase }: { phase: number }) {
  const { t } = useTranslation('teams');
  const name = PHASES[Math.min(Math.max(phase, 0), PHASES.length - 1)]!;
  return (
    <Stack gap={4} data-testid="phase-progress" data-phase={phase}>
      <Group justify="space-between">
        <Text size="sm">{t(`phases.${name}`)}</Text>
        <Text size="sm" c="dimmed">
          {t('phases.step', { step: phase + 1, total: PHASES.length })}
        </Text>
      </Group>
      <Progress value={((phase + 1) / PHASES.length) * 100} animated={phase < 5} aria-label={t(`phases.${name}`)} />
    </Stack>
  );
}
