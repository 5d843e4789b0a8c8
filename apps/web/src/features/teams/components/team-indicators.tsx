import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEAM_INDICATOR_META, summaryBandOf, type IndicatorMeta, type Interval, type TeamIndicators as Indicators } from '@teamcast/contracts';
import type { TeamDataset } from '../api/scene-run.ts';
import { AtmosphereChart, CompetenceScales } from './team-charts.tsx';
import { formatIndicator, formatInterval, formatOrientation, localeOf } from '../../../shared/format/number.ts';

const BAND_COLOR: Record<Indicators['atmosphere'], string> = { depressed: 'red', bad: 'orange', anxious: 'yellow', good: 'teal', excellent: 'green' };

function Indicator({
  id,
  label,
  value,
  tip,
  showTip,
  band,
}: {
  id: string;
  label: string;
  value: React.ReactNode;
  tip: string;
  showTip: boolean;
  band?: string | undefined;
}) {
  return (
    <Card withBorder padding="sm" data-testid={`indicator-${id}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fz={22} fw={700} data-testid={`indicator-${id}-value`}>
        {value}
      </Text>
      {band ? (
        <Text size="xs" c="dimmed" data-testid={`indicator-${id}-band`}>
          {band}
        </Text>
      ) : null}
      {showTip ? (
        <Text size="xs" c="dimmed" mt={4}>
          {tip}
        </Text>
      ) : null}
    </Card>
  );
}

type Key = keyof typeof TEAM_INDICATOR_META;

/**
 * The team indicators of spec section 3 on the last forecast day ("after a year"), each with its label, caption and
 * decimals from the one catalogue (contracts TEAM_INDICATOR_META) and, where the run has one, its 80 % band.
 */
export function TeamIndicators({ dataset, showTips }: { dataset: TeamDataset; showTips: boolean }) {
  const { t, i18n } = useTranslation('teams');
  const locale = localeOf(i18n.language);
  const s = dataset.summary;
  const bands: Partial<Record<Key, Interval>> = dataset.band ? summaryBandOf(dataset.band) : {};
  const meta = (id: Key): IndicatorMeta => TEAM_INDICATOR_META[id];
  const fmt = (id: Key, value: number | null) => formatIndicator(meta(id), value, locale);
  const bandText = (id: Key) => {
    const interval = bands[id];
    return interval ? t('indicators.band', { range: formatInterval(interval, meta(id), locale) }) : undefined;
  };
  const item = (id: Key, value: React.ReactNode, testId: string = id) => (
    <Indicator
      key={id}
      id={testId}
      label={meta(id).text[locale].label}
      tip={meta(id).text[locale].caption}
      value={value}
      showTip={showTips}
      band={bandText(id)}
    />
  );
  return (
    <Stack gap="md" data-testid="team-indicators">
      <Title order={2} size="h3">
        {t('indicators.title')}
      </Title>
      <Text size="sm" c="dimmed" data-testid="decision-note">
        {t('decisionNote')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {item('basePower', fmt('basePower', s.basePower))}
        {item('peakPower', fmt('peakPower', s.peakPower))}
        {item('totalStatisticPower', fmt('totalStatisticPower', s.totalStatisticPower))}
        {item('cohesion', fmt('cohesion', s.cohesion))}
        {item(
          'microclimate',
          <Badge color={BAND_COLOR[s.atmosphere]} size="lg" variant="light">
            {t(`bands.${s.atmosphere}`)} · {fmt('microclimate', s.microclimate)}
          </Badge>,
          'atmosphere',
        )}
        {item('performance', fmt('performance', s.performance))}
        {item('teamType', t(`teamTypes.${s.teamType}`))}
        {item('managerSuitability', s.managerSuitability === null ? t('indicators.noManager') : fmt('managerSuitability', s.managerSuitability))}
        {item('teamingEffect', fmt('teamingEffect', s.teamingEffect))}
        {item('orientation', formatOrientation(s.orientation, locale))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="sm" data-testid="indicator-competencies">
          <Text size="sm" c="dimmed">
            {meta('competencies').text[locale].label}
          </Text>
          <CompetenceScales k={s.competencies.k} p={s.competencies.p} l={s.competencies.l} />
          {showTips ? (
            <Text size="xs" c="dimmed">
              {meta('competencies').text[locale].caption}
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
