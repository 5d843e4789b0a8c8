import { CapabilityLock } from '../../../shared/access/capability-lock.tsx';
import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMPARE_INDICATOR_META,
  COMPARE_KEYS,
  COMPARE_SLOTS,
  COMPARE_WINNER_RULE,
  PERIOD_TEXT,
  RANKED_KEYS,
  errorMessage,
  type CompareIndicators,
  type CompareKey,
  type Comparison,
  type GateServerMessage,
  type Locale,
  type RankedKey,
} from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { useGateEvent } from '../../../shared/gate/gate.ts';
import { track } from '../../../shared/ui/analytics.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { comparisonKey, useComparison, useCreateComparison } from '../api/comparison.ts';
import { useScenes } from '../api/scenes.ts';
import { ComparisonCharts } from './comparison-charts.tsx';
import { formatIndicator, formatOrientation, formatProbability, localeOf } from '../../../shared/format/number.ts';

/** Chooses 2-4 teams and starts the comparison. */
function ScenePicker() {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const list = useScenes('');
  const create = useCreateComparison();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    try {
      const comparison = await create.mutateAsync(chosen);
      track('team', 'comparison_run');
      await navigate(`/owner/dashboard/compare-teams/${comparison._id}`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.generic'));
    }
  };
  if (list.isPending) return <Loader />;
  const items = list.data?.items ?? [];
  return (
    <Stack gap="md" data-testid="compare-picker">
      <CapabilityLock capability="comparison" />
      <Text c="dimmed">{t('compare.choose', { count: COMPARE_SLOTS })}</Text>
      {items.length < 2 ? (
        <Alert color="blue">
          {t('compare.needTeams')} <Link to="/owner/dashboard/team">{t('list.add')}</Link>
        </Alert>
      ) : (
        <Stack gap="xs">
          {items.map((scene) => (
            <Checkbox
              key={scene._id}
              label={scene.title}
              checked={chosen.includes(scene._id)}
              disabled={!chosen.includes(scene._id) && chosen.length >= COMPARE_SLOTS}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChosen((current) => (on ? [...current, scene._id] : current.filter((id) => id !== scene._id)));
              }}
              data-testid="compare-choice"
            />
          ))}
        </Stack>
      )}
      <Group>
        <Button disabled={chosen.length < 2} loading={create.isPending} onClick={() => void start()} data-testid="compare-start">
          {t('compare.start')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" data-testid="compare-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

function cell(key: CompareKey, indicators: CompareIndicators, t: (key: string) => string, locale: Locale): string {
  const value = indicators[key];
  if (value === null) return t('compare.none');
  if (key === 'teamType') return t(`teamTypes.${String(value)}`);
  if (key === 'profile') return formatOrientation(String(value), locale);
  return formatIndicator(COMPARE_INDICATOR_META[key], value as number, locale);
}

const isRanked = (key: CompareKey): key is RankedKey => (RANKED_KEYS as readonly string[]).includes(key);

/**
 * The indicator table of spec section 3, one column per team: first the ranked indicators (per member or on a
 * team-level scale, after a year) with the best value marked and the probability that each team is the best, then
 * what describes the teams (totals, counts, shares, types: never ranked). The winner rule is stated below.
 */
function ComparisonTable({ comparison }: { comparison: Comparison }) {
  const { t, i18n } = useTranslation('teams');
  const locale = localeOf(i18n.language);
  const groups: Array<[string, CompareKey[]]> = [
    ['ranked', COMPARE_KEYS.filter(isRanked)],
    ['described', COMPARE_KEYS.filter((key) => !isRanked(key))],
  ];
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder data-testid="compare-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('compare.indicator')}</Table.Th>
              {comparison.scenes.map((scene) => (
                <Table.Th key={scene._id}>{scene.title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {groups.map(([group, keys]) => (
            <Table.Tbody key={group}>
              <Table.Tr>
                <Table.Th colSpan={comparison.scenes.length + 1}>{t(`compare.groups.${group}`)}</Table.Th>
              </Table.Tr>
              {keys.map((key) => {
                const meta = COMPARE_INDICATOR_META[key];
                const probabilities = isRanked(key) ? comparison.probabilityBest[key] : undefined;
                return (
                  <Table.Tr key={key} data-testid={`compare-row-${key}`}>
                    <Table.Td>
                      <Text size="sm">
                        {meta.text[locale].label} · {PERIOD_TEXT[locale][meta.period === 'year' ? 'year' : 'afterYear']}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {meta.text[locale].caption}
                      </Text>
                    </Table.Td>
                    {comparison.scenes.map((scene) => {
                      const best = comparison.best[key]?.includes(scene._id) ?? false;
                      const probability = probabilities?.[scene._id];
                      return (
                        <Table.Td key={scene._id} data-best={best || undefined} fw={best ? 700 : undefined} data-testid={`compare-cell-${key}-${scene._id}`}>
                          <span data-testid="compare-value">{scene.indicators ? cell(key, scene.indicators, t, locale) : '…'}</span>
                          {best ? (
                            <Badge ml="xs" size="xs" color="teal" variant="light">
                              {t('compare.best')}
                            </Badge>
                          ) : null}
                          {probability !== undefined ? (
                            <Text size="xs" c="dimmed" fw={400} data-testid="compare-probability">
                              {t('compare.probability', { value: formatProbability(probability, locale) })}
                            </Text>
                          ) : null}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          ))}
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed" data-testid="compare-rule">
        {COMPARE_WINNER_RULE[locale]}
      </Text>
    </Stack>
  );
}

/** A stored comparison: waits for teams still computing (the gate says when), then shows the table. */
function ComparisonView({ id }: { id: string }) {
  const { t, i18n } = useTranslation('teams');
  const client = useQueryClient();
  const comparison = useComparison(id);
  const refetch = useCallback(() => void client.invalidateQueries({ queryKey: comparisonKey(id) }), [client, id]);
  const pending = comparison.data?.pending;
  useGateEvent(
    'renderCompareTeam',
    useCallback((message: Extract<GateServerMessage, { type: 'renderCompareTeam' }>) => message.payload.compareId === id && refetch(), [id, refetch]),
  );
  useGateEvent(
    'sceneComputePhase',
    useCallback(
      (message: Extract<GateServerMessage, { type: 'sceneComputePhase' }>) => {
        if ((message.payload.phase === 5 || message.payload.error) && pending?.some((p) => p.ruid === message.payload.ruid)) refetch();
      },
      [pending, refetch],
    ),
  );

  if (comparison.isPending) return <Loader />;
  if (comparison.isError) {
    const code = comparison.error instanceof ApiError ? comparison.error.code : 'compare_teams_load_error';
    return (
      <Alert color="red" data-testid="compare-load-error">
        {code === 'comparison_not_found' || code === 'subscription_required' || code === 'verify_account'
          ? comparison.error.message
          : errorMessage('compare_teams_load_error', i18n.language === 'en' ? 'en' : 'ru')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {pending && pending.length > 0 ? (
        <Alert color="blue" data-testid="compare-pending">
          <Group gap="sm">
            <Loader label={t('compare.computing', { count: pending.length })} />
          </Group>
        </Alert>
      ) : null}
      <ComparisonCharts comparison={comparison.data} keys={COMPARE_KEYS} />
      <ComparisonTable comparison={comparison.data} />
    </Stack>
  );
}

/** Team comparison (spec section 2): choose teams, then the indicator table with the best of each row. */
export function CompareTeamsPage() {
  const { t } = useTranslation('teams');
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" data-testid="compare-teams-page">
      <Group justify="space-between">
        <Title order={1}>{t('compare.title')}</Title>
        {id ? (
          <Button variant="subtle" onClick={() => void navigate('/owner/dashboard/compare-teams')}>
            {t('compare.new')}
          </Button>
        ) : null}
      </Group>
      {id ? <ComparisonView id={id} /> : <ScenePicker />}
    </Stack>
  );
}
