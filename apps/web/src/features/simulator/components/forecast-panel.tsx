import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPUTE_PHASES } from '@teamcast/contracts';
import { bandOf } from '@teamcast/engine';
import type { SceneDataset } from '../api/dataset.ts';
import { teamOn } from '../hooks/dataset-view.ts';

const PHASES = Object.keys(COMPUTE_PHASES) as Array<keyof typeof COMPUTE_PHASES>;

/** A computation's phase (start 0 … done 5) as a progress bar with the phase named. */
export function PhaseBar({ phase }: { phase: number }) {
  const { t } = useTranslation('simulator');
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

const round = (value: number) => Math.round(value).toString();

/** The team's indicators on the selected day (fixed-width figures, so nothing moves while playing). */
export function TeamDayIndicators({ dataset, day, showTips }: { dataset: SceneDataset; day: number; showTips: boolean }) {
  const { t } = useTranslation('simulator');
  const team = teamOn(dataset, day);
  if (!team) {
    return (
      <Text size="sm" c="dimmed">
        {t('forecast.outside')}
      </Text>
    );
  }
  const rows: Array<[string, string]> = [
    ['power', round(team.power)],
    ['basePower', round(team.basePower)],
    ['peakPower', round(team.peakPower)],
    ['cohesion', round(team.cohesion)],
    ['atmosphere', `${round(team.microclimate)} · ${t(`moods.${bandOf(team.microclimate)}`)}`],
    ['managerSuitability', team.managerSuitability === null ? t('forecast.noManager') : round(team.managerSuitability)],
    ['teamingEffect', `${round(team.teamingEffect)} %`],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="day-indicators" data-day={day}>
      {rows.map(([key, value]) => (
        <Stack key={key} gap={0}>
          <Text size="xs" c="dimmed">
            {t(`indicators.${key}`)}
          </Text>
          <Text fw={600} data-testid={`indicator-${key}`} style={{ fontVariantNumeric: 'tabular-nums', minWidth: '6ch' }}>
            {value}
          </Text>
          {showTips && (
            <Text size="xs" c="dimmed">
              {t(`tips.${key}`)}
            </Text>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
