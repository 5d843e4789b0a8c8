import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompareKey, Comparison } from '@teamcast/contracts';
import { BarChart, type BarSeries } from '../../../shared/charts/bar-chart.tsx';
import { ChartLegend } from '../../../shared/charts/legend.tsx';
import { SERIES_COLORS } from '../../../shared/charts/zones.ts';

/** Indicators on a bounded scale keep it, so two teams' bars are read against the whole scale, not each other. */
const DOMAINS: Partial<Record<CompareKey, [number, number]>> = {
  atmosphere: [-100, 100],
  cohesion: [0, 100],
  managementFit: [0, 100],
  launch: [0, 100],
  growth: [0, 100],
  support: [0, 100],
};
const PERCENT: ReadonlySet<CompareKey> = new Set(['launch', 'growth', 'support', 'unitingEffect']);

/**
 * The comparison as charts: one small bar chart per numeric indicator, a bar per team in the team's colour (legend
 * above), the best team of an indicator with a direction marked; the table below keeps every value.
 */
export function ComparisonCharts({ comparison, keys }: { comparison: Comparison; keys: readonly CompareKey[] }) {
  const { t } = useTranslation('teams');
  const series: BarSeries[] = comparison.scenes.map((scene, index) => ({
    id: scene._id,
    name: scene.title,
    color: SERIES_COLORS[index % SERIES_COLORS.length],
  }));
  // Indicators where every team has the same number have nothing to show side by side: the table lists them.
  const numeric = keys.filter(
    (key) => new Set(comparison.scenes.map((scene) => scene.indicators?.[key]).filter((value) => typeof value === 'number')).size > 1,
  );
  if (numeric.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="compare-charts">
      <Title order={2} size="h4">
        {t('charts.compareTitle')}
      </Title>
      <ChartLegend items={series.map((s) => ({ key: s.id, label: s.name, color: s.color!, kind: 'area' }))} label={t('charts.teams')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {numeric.map((key) => {
          const label = t(`compare.rows.${key}`);
          const unit = PERCENT.has(key) ? '%' : undefined;
          return (
            <div key={key} data-testid={`compare-chart-${key}`}>
              <BarChart
                title={label}
                valueTitle={DOMAINS[key] ? t('charts.scale', { min: DOMAINS[key][0], max: DOMAINS[key][1], unit: unit ?? '' }).trim() : undefined}
                groupTitle={t('compare.indicator')}
                series={series}
                groups={[
                  {
                    id: key,
                    label,
                    bars: comparison.scenes.map((scene) => {
                      const value = scene.indicators?.[key];
                      return { seriesId: scene._id, value: typeof value === 'number' ? value : null, best: comparison.best[key]?.includes(scene._id) ?? false };
                    }),
                  },
                ]}
                unit={unit}
                digits={1}
                domain={DOMAINS[key]}
                bestLabel={t('compare.best')}
                showLegend={false}
              />
            </div>
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('charts.tableBelow')}
      </Text>
    </Stack>
  );
}
