import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPUTE_PHASES, TEAM_INDICATOR_META } from '@teamcast/contracts';
import { formatIndicator, localeOf } from '../../../shared/format/number.ts';
import { bandOf, type Actor, type Band } from '@teamcast/engine';
import type { SceneDataset } from '../api/dataset.ts';
import { dayIndex, pairsOn, teamOn } from '../hooks/dataset-view.ts';
import { displayName } from './actor-name.ts';

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

const BAND_COLOR: Record<Band, string> = { depressed: '#c92a2a', bad: '#f76707', anxious: '#fab005', good: '#74b816', excellent: '#2b8a3e' };
const round = (value: number) => Math.round(value).toString();

/** The team's power over the forecast year: total power as a line, base and peak as a shaded range; the selected day marked. */
export function PowerCurve({ dataset, day }: { dataset: SceneDataset; day: number }) {
  const { t } = useTranslation('simulator');
  const from = dayIndex(dataset, 0);
  const to = dataset.days;
  if (from < 0 || to - from < 2) return null;
  const c = dataset.teamColumns;
  const values = [c.basePower, c.peakPower, c.totalStatisticPower].flatMap((col) => col.slice(from, to).map((v) => v ?? 0));
  const max = Math.max(1, ...values);
  const W = 360;
  const H = 100;
  const x = (d: number) => ((d - from) / (to - from - 1)) * W;
  const y = (v: number | null) => H - ((v ?? 0) / max) * H;
  const line = (col: Array<number | null>) => col.slice(from, to).map((v, i) => `${i === 0 ? 'M' : 'L'}${x(from + i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const band =
    c.peakPower.slice(from, to).map((v, i) => `${i === 0 ? 'M' : 'L'}${x(from + i).toFixed(1)},${y(v).toFixed(1)}`).join('') +
    c.basePower
      .slice(from, to)
      .map((v, i) => [i, v] as const)
      .reverse()
      .map(([i, v]) => `L${x(from + i).toFixed(1)},${y(v).toFixed(1)}`)
      .join('') +
    'Z';
  const selected = dayIndex(dataset, day);
  return (
    <svg width="100%" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('forecast.powerCurve')} data-testid="power-curve" style={{ maxWidth: W, display: 'block' }}>
      <path d={band} fill="#d0ebff" />
      <path d={line(c.totalStatisticPower)} fill="none" stroke="#1971c2" strokeWidth={1.5} />
      {selected >= from && <line x1={x(selected)} x2={x(selected)} y1={0} y2={H} stroke="#f08c00" />}
    </svg>
  );
}

/** Pairs' ratings on the day as a small network: actors on a circle, each pair's link coloured by its condition band. */
export function PairNetwork({ dataset, day, actors }: { dataset: SceneDataset; day: number; actors: Actor[] }) {
  const { t } = useTranslation('simulator');
  const pairs = pairsOn(dataset, day);
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  if (ids.length < 2) return null;
  const R = 60;
  const at = (id: string) => {
    const angle = (ids.indexOf(id) / ids.length) * 2 * Math.PI - Math.PI / 2;
    return { x: 80 + R * Math.cos(angle), y: 80 + R * Math.sin(angle) };
  };
  const name = (id: string) => {
    const actor = actors.find((a) => a.id === id);
    return actor ? displayName(actor, t('card.unnamed')) : t('card.unnamed');
  };
  return (
    <svg width={160} height={160} viewBox="0 0 160 160" role="img" aria-label={t('forecast.network')} data-testid="pair-network">
      {pairs.map((p) => {
        const a = at(p.a);
        const b = at(p.b);
        const band = bandOf(p.rating);
        return (
          <line key={`${p.a}-${p.b}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={BAND_COLOR[band]} strokeWidth={3} data-band={band}>
            <title>{t('forecast.pair', { a: name(p.a), b: name(p.b), rating: round(p.rating), band: t(`moods.${band}`) })}</title>
          </line>
        );
      })}
      {ids.map((id) => (
        <circle key={id} cx={at(id).x} cy={at(id).y} r={6} fill="#495057">
          <title>{name(id)}</title>
        </circle>
      ))}
    </svg>
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
    ['managerSuitability', 'managerSuitability', team.managerSuitability === null ? t('forecast.noManager') : fmt('managerSuitability', team.managerSuitability)],
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
