import { useMemo, useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEAM_INDICATOR_META } from '@teamcast/contracts';
import type { Actor } from '@teamcast/engine';
import { chartLocale, dayAfter, formatChartNumber, formatDay, formatMonth } from '../../../shared/charts/format.ts';
import { LineChart, type LineSeries } from '../../../shared/charts/line-chart.tsx';
import { NetworkGraph } from '../../../shared/charts/network-graph.tsx';
import { conditionZones, type ChartZone } from '../../../shared/charts/zones.ts';
import type { SceneDataset } from '../api/dataset.ts';
import { dayIndex, pairSlot, pairsAt } from '../hooks/dataset-view.ts';
import { displayName } from './actor-name.ts';
import { monthStarts } from './timeline.tsx';

type Indicator = 'atmosphere' | 'power' | 'cohesion';

/**
 * The team's indicator over the days the forecast plays (day 0 to the year's end): atmosphere with its 80 % band when
 * the computation sent one, power (statistical, with base and peak), or cohesion; month labels along the days, the
 * selected day marked, a click or Enter on a day selects it.
 */
export function TeamCurve({ dataset, day, onDay, lifespan }: { dataset: SceneDataset; day: number; onDay: (day: number) => void; lifespan: 1 | 2 }) {
  const { t, i18n } = useTranslation('simulator');
  const locale = chartLocale(i18n.language);
  // Names from the one indicator catalogue (contracts), as the team check and the day's indicators read them.
  const label = (key: 'microclimate' | 'totalStatisticPower' | 'basePower' | 'peakPower' | 'cohesion') => TEAM_INDICATOR_META[key].text[locale].label;
  const names = { atmosphere: label('microclimate'), power: label('totalStatisticPower'), cohesion: label('cohesion') };
  const [indicator, setIndicator] = useState<Indicator>('atmosphere');
  const from = dayIndex(dataset, 0);
  const count = dataset.days - from;
  // The day labels of a year or two, made once per dataset and language rather than at every day played.
  const { labels, longLabels } = useMemo(() => {
    const dates = Array.from({ length: Math.max(0, count) }, (_, offset) => dayAfter(dataset.startDay, offset));
    return {
      labels: dates.map((date) => formatMonth(date, locale, 'short')),
      longLabels: dates.map((date, offset) => t('curve.day', { date: formatDay(date, locale), day: offset })),
    };
  }, [dataset.startDay, count, locale, t]);
  if (from < 0 || count < 2) return null;
  const column = (values: Array<number | null>) => values.slice(from, from + count);
  const months = monthStarts(dataset.startDay, lifespan).filter((offset) => offset < count);
  const c = dataset.teamColumns;
  const band = dataset.band?.microclimate;
  const views: Record<Indicator, { series: LineSeries[]; axis: string; domain?: [number, number]; zones?: ChartZone[] }> = {
    atmosphere: {
      axis: t('curve.atmosphereAxis'),
      domain: [-100, 100],
      zones: conditionZones((name) => t(`moods.${name}`)),
      series: [
        {
          id: 'atmosphere',
          name: names.atmosphere,
          values: column(c.microclimate),
          color: '#1864ab',
          band: band ? { low: band.p10.slice(0, count), high: band.p90.slice(0, count) } : null,
        },
      ],
    },
    power: {
      axis: t('curve.powerAxis'),
      series: [
        { id: 'power', name: names.power, values: column(c.totalStatisticPower), color: '#1864ab' },
        { id: 'base', name: label('basePower'), values: column(c.basePower), color: '#d9480f', dashed: true },
        { id: 'peak', name: label('peakPower'), values: column(c.peakPower), color: '#2b8a3e', dashed: true },
      ],
    },
    cohesion: {
      axis: t('curve.cohesionAxis'),
      domain: [0, 100],
      series: [{ id: 'cohesion', name: names.cohesion, values: column(c.cohesion), color: '#1864ab' }],
    },
  };
  const view = views[indicator];
  return (
    <Stack gap={4} data-testid="team-curve" data-indicator={indicator}>
      <Text size="sm" fw={600}>
        {t('curve.title')}
      </Text>
      <SegmentedControl
        size="xs"
        value={indicator}
        onChange={(value) => setIndicator(value as Indicator)}
        data={(['atmosphere', 'power', 'cohesion'] as const).map((value) => ({ value, label: names[value] }))}
        aria-label={t('curve.choose')}
        data-testid="curve-indicator"
      />
      <LineChart
        testId="power-curve"
        title={`${t('curve.title')}: ${names[indicator]}`}
        labels={labels}
        longLabels={longLabels}
        xTicks={months}
        xTitle={t('curve.date')}
        yTitle={view.axis}
        domain={view.domain}
        zones={view.zones}
        series={view.series}
        digits={indicator === 'atmosphere' ? 0 : 1}
        selected={day >= 0 && day < count ? day : null}
        onSelect={onDay}
        tableIndices={months}
        height={240}
      />
    </Stack>
  );
}

/** Each end of the ratings a large team's network shows: its lowest and its highest this many pairs. */
export const NETWORK_EXTREMES = 15;

/**
 * All pairs while few enough to draw (2 × NETWORK_EXTREMES or fewer), else the `each` lowest and `each` highest rated:
 * a 300-person team has 44,850 pairs, which no one reads as lines on a circle, and which took the page seconds to draw.
 */
export function extremePairs<P extends { rating: number }>(pairs: readonly P[], each: number): readonly P[] {
  if (pairs.length <= 2 * each) return pairs;
  const sorted = [...pairs].sort((x, y) => x.rating - y.rating);
  return [...sorted.slice(0, each), ...sorted.slice(-each)];
}

/** Pairs' ratings on the selected day as a network: people named on a circle, each pair's line coloured by its band. */
export function TeamNetwork({ dataset, day, actors }: { dataset: SceneDataset; day: number; actors: Actor[] }) {
  const { t, i18n } = useTranslation('simulator');
  // A 300-person team has 44,850 pairs: read and sorted again only when the day moves to another stored rating day.
  const slot = pairSlot(dataset, day);
  const all = useMemo(() => pairsAt(dataset, slot), [dataset, slot]);
  const pairs = useMemo(() => extremePairs(all, NETWORK_EXTREMES), [all]);
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  if (ids.length < 2) return null;
  const byId = new Map(actors.map((a) => [a.id, a]));
  const name = (id: string) => {
    const actor = byId.get(id);
    return actor ? displayName(actor, t('card.unnamed')) : t('card.unnamed');
  };
  return (
    <Stack gap={4} data-testid="pair-network">
      <Text size="sm" fw={600}>
        {t('forecast.network')}
      </Text>
      {pairs.length < all.length && (
        <Text size="xs" c="dimmed" data-testid="network-extremes">
          {t('forecast.networkExtremes', { shown: NETWORK_EXTREMES, total: formatChartNumber(all.length, chartLocale(i18n.language), 0) })}
        </Text>
      )}
      <NetworkGraph
        title={t('forecast.network')}
        nodes={ids.map((id) => ({ id, name: name(id) }))}
        edges={pairs.map((pair) => ({ a: pair.a, b: pair.b, value: pair.rating }))}
        zones={conditionZones((band) => t(`moods.${band}`))}
        valueTitle={t('curve.pairAxis')}
        pairTitle={t('curve.pair')}
      />
    </Stack>
  );
}
