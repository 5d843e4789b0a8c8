import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEAM_INDICATOR_META, type IndicatorMeta, type Interval, type TeamIndicators as Indicators } from '@teamcast/contracts';
import type { TeamDataset } from '../api/scene-run.ts';
import { formatIndicator, formatInterval, formatNumber, formatOrientation, kplLetters, localeOf } from '../../../shared/format/number.ts';

const BAND_COLOR: Record<Indicators['atmosphere'], string> = { depressed: 'red', bad: 'orange', anxious: 'yellow', good: 'teal', excellent: 'green' };

function Indicator({ id, label, value, tip, showTip, band }: { id: string; label: string; value: React.ReactNode; tip: string; showTip: boolean; band?: string | undefined }) {
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

/** The team's K, P and L (members' means, 0-100 each) as three bars, letters and values in the reader's language. */
function CompetenceBars({ k, p, l, title, letters, format }: { k: number; p: number; l: number; title: string; letters: { k: string; p: string; l: string }; format: (v: number) => string }) {
  const bars = [
    [letters.k, k, '#228be6'],
    [letters.p, p, '#12b886'],
    [letters.l, l, '#fab005'],
  ] as const;
  const scale = 100;
  return (
    <svg viewBox="0 0 220 90" width="100%" style={{ maxWidth: 260 }} role="img" aria-label={title} data-testid="competence-bars">
      <title>{title}</title>
      {bars.map(([name, value, color], i) => {
        const width = (160 * Math.max(0, value)) / scale;
        return (
          <g key={name} transform={`translate(0, ${i * 28 + 4})`}>
            <text x={0} y={15} fontSize={13} fontWeight={600}>
              {name}
            </text>
            <rect x={20} y={2} width={160} height={18} fill="#f1f3f5" rx={3} />
            <rect x={20} y={2} width={width} height={18} fill={color} rx={3} />
            <text x={186} y={15} fontSize={12}>
              {format(value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The team's monthly microclimate (−100 to 100) over the forecast year, as a line on the zero axis. */
function MicroclimateChart({ dataset, title }: { dataset: TeamDataset; title: string }) {
  const points = dataset.renderDays
    .filter((day) => day >= 0)
    .map((day) => dataset.teamColumns.microclimate[day - dataset.firstDay])
    .filter((v): v is number => typeof v === 'number');
  if (points.length < 2) return null;
  const W = 320;
  const H = 100;
  const x = (i: number) => 10 + ((W - 20) * i) / (points.length - 1);
  const y = (v: number) => 10 + ((H - 20) * (100 - v)) / 200;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W }} role="img" aria-label={title} data-testid="microclimate-chart">
      <title>{title}</title>
      <line x1={10} x2={W - 10} y1={y(0)} y2={y(0)} stroke="#adb5bd" strokeDasharray="3 3" />
      <polyline points={points.map((v, i) => `${x(i)},${y(v)}`).join(' ')} fill="none" stroke="#228be6" strokeWidth={2} />
      {points.map((v, i) => (
        <circle key={i} cx={x(i)} cy={y(v)} r={2.5} fill="#228be6" />
      ))}
    </svg>
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
  const band = dataset.band;
  const last = band ? band.microclimate.p10.length - 1 : -1;
  const bands: Partial<Record<Key, Interval>> = band
    ? {
        basePower: band.basePower,
        totalStatisticPower: band.totalStatisticPower,
        cohesion: band.cohesion,
        performance: band.performance,
        teamingEffect: band.teamingEffect,
        microclimate: { p10: band.microclimate.p10[last]!, p90: band.microclimate.p90[last]! },
      }
    : {};
  const meta = (id: Key): IndicatorMeta => TEAM_INDICATOR_META[id];
  const fmt = (id: Key, value: number | null) => formatIndicator(meta(id), value, locale);
  const bandText = (id: Key) => {
    const interval = bands[id];
    return interval ? t('indicators.band', { range: formatInterval(interval, meta(id), locale) }) : undefined;
  };
  const item = (id: Key, value: React.ReactNode, testId: string = id) => (
    <Indicator key={id} id={testId} label={meta(id).text[locale].label} tip={meta(id).text[locale].caption} value={value} showTip={showTips} band={bandText(id)} />
  );
  return (
    <Stack gap="md" data-testid="team-indicators">
      <Title order={2} size="h3">
        {t('indicators.title')}
      </Title>
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
          <CompetenceBars
            k={s.competencies.k}
            p={s.competencies.p}
            l={s.competencies.l}
            title={meta('competencies').text[locale].label}
            letters={kplLetters(locale)}
            format={(v) => formatNumber(v, locale, meta('competencies').decimals)}
          />
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
          <MicroclimateChart dataset={dataset} title={t('indicators.microclimateChart')} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
