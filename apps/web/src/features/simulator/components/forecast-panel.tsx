import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPUTE_PHASES, TEAM_INDICATOR_META } from '@teamcast/contracts';
import { formatIndicator, localeOf } from '../../../shared/format/number.ts';
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

/**
 * The team's indicators on the selected day (fixed-width figures, so nothing moves while playing): the same columns,
 * labels, captions and decimals as the team check (contracts TEAM_INDICATOR_META), so on the last day they read the
 * same values; the heading says the day they belong to.
 */
export function TeamDayIndicators({ dataset, day, showTips }: { dataset: SceneDataset; day: number; showTips: boolean }) {
  const { t, i18n } = useTranslation('simulator');
  const locale = localeOf(i18n.language);
  const team = teamOn(dataset, day);
  if (!team) {
    return (
      <Text size="sm" c="dimmed">
        {t('forecast.outside')}
      </Text>
    );
  }
  const fmt = (key: keyof typeof TEAM_INDICATOR_META, value: number) => formatIndicator(TEAM_INDICATOR_META[key], value, locale);
  const rows: Array<[string, keyof typeof TEAM_INDICATOR_META, string]> = [
    ['power', 'totalStatisticPower', fmt('totalStatisticPower', team.power)],
    ['basePower', 'basePower', fmt('basePower', team.basePower)],
    ['peakPower', 'peakPower', fmt('peakPower', team.peakPower)],
    ['cohesion', 'cohesion', fmt('cohesion', team.cohesion)],
    ['atmosphere', 'microclimate', `${fmt('microclimate', team.microclimate)} · ${t(`moods.${bandOf(team.microclimate)}`)}`],
    [
      'managerSuitability',
      'managerSuitability',
      team.managerSuitability === null ? t('forecast.noManager') : fmt('managerSuitability', team.managerSuitability),
    ],
    ['teamingEffect', 'teamingEffect', fmt('teamingEffect', team.teamingEffect)],
  ];
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} data-testid="day-indicators-period">
        {t('forecast.onDay', { day })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="day-indicators" data-day={day}>
        {rows.map(([id, key, value]) => (
          <Stack key={id} gap={0}>
            <Text size="xs" c="dimmed">
              {TEAM_INDICATOR_META[key].text[locale].label}
            </Text>
            <Text fw={600} data-testid={`indicator-${id}`} style={{ fontVariantNumeric: 'tabular-nums', minWidth: '6ch' }}>
              {value}
            </Text>
            {showTips && (
              <Text size="xs" c="dimmed">
                {TEAM_INDICATOR_META[key].text[locale].caption}
              </Text>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
