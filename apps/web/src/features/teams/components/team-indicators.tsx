import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamIndicators as Indicators } from '@teamcast/contracts';
import type { TeamDataset } from '../api/scene-run.ts';
import { formatNumber, signed } from '../hooks/team-format.ts';
import { AtmosphereChart, CompetenceScales } from './team-charts.tsx';

const BAND_COLOR: Record<Indicators['atmosphere'], string> = { depressed: 'red', bad: 'orange', anxious: 'yellow', good: 'teal', excellent: 'green' };

function Indicator({ id, label, value, tip, showTip }: { id: string; label: string; value: React.ReactNode; tip: string; showTip: boolean }) {
  return (
    <Card withBorder padding="sm" data-testid={`indicator-${id}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fz={22} fw={700}>
        {value}
      </Text>
      {showTip ? (
        <Text size="xs" c="dimmed" mt={4}>
          {tip}
        </Text>
      ) : null}
    </Card>
  );
}

/** The team indicators of spec section 3 after a year, each with its tip (when tips are on). */
export function TeamIndicators({ dataset, showTips }: { dataset: TeamDataset; showTips: boolean }) {
  const { t, i18n } = useTranslation('teams');
  const s = dataset.summary;
  const n = (value: number) => formatNumber(value, i18n.language);
  const item = (id: string, value: React.ReactNode) => <Indicator key={id} id={id} label={t(`indicators.${id}.label`)} tip={t(`indicators.${id}.tip`)} value={value} showTip={showTips} />;
  return (
    <Stack gap="md" data-testid="team-indicators">
      <Title order={2} size="h3">
        {t('indicators.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {item('basePower', n(s.basePower))}
        {item('peakPower', n(s.peakPower))}
        {item('totalStatisticPower', n(s.totalStatisticPower))}
        {item('cohesion', n(s.cohesion))}
        {item(
          'atmosphere',
          <Badge color={BAND_COLOR[s.atmosphere]} size="lg" variant="light">
            {t(`bands.${s.atmosphere}`)} · {n(s.microclimate)}
          </Badge>,
        )}
        {item('teamType', t(`teamTypes.${s.teamType}`))}
        {item('managerSuitability', s.managerSuitability === null ? t('indicators.managerSuitability.none') : n(s.managerSuitability))}
        {item('teamingEffect', `${signed(s.teamingEffect, i18n.language)} %`)}
        {item('orientation', s.orientation)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="sm" data-testid="indicator-competencies">
          <Text size="sm" c="dimmed">
            {t('indicators.competencies.label')}
          </Text>
          <CompetenceScales k={s.competencies.k} p={s.competencies.p} l={s.competencies.l} />
          {showTips ? (
            <Text size="xs" c="dimmed">
              {t('indicators.competencies.tip')}
            </Text>
          ) : null}
        </Card>
        <Card withBorder padding="sm">
          <Text size="sm" c="dimmed">
            {t('indicators.microclimateChart')}
          </Text>
          <AtmosphereChart dataset={dataset} title={t('indicators.microclimateChart')} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
