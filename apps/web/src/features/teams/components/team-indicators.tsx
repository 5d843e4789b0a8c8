import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamIndicators as Indicators } from '@teamcast/contracts';
import type { TeamDataset } from '../api/scene-run.ts';
import { formatNumber, signed } from '../hooks/team-format.ts';

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

/** K, P and L totals as three bars (0-100 each). */
function CompetenceBars({ k, p, l, title }: { k: number; p: number; l: number; title: string }) {
  const bars = [
    ['K', k, '#228be6'],
    ['P', p, '#12b886'],
    ['L', l, '#fab005'],
  ] as const;
  const scale = Math.max(100, k, p, l);
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
              {Math.round(value)}
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
          <CompetenceBars k={s.competencies.k} p={s.competencies.p} l={s.competencies.l} title={t('indicators.competencies.label')} />
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
          <MicroclimateChart dataset={dataset} title={t('indicators.microclimateChart')} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
