import { CapabilityLock } from '../../../shared/access/capability-lock.tsx';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPARE_SLOTS, type IntegralStats, type Scene } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { gate, useGateEvent, useGateStatus } from '../../../shared/gate/gate.ts';
import { track } from '../../../shared/ui/analytics.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useCreateComparison } from '../api/comparison.ts';
import { useDeleteScenes, useScenes } from '../api/scenes.ts';
import { orderTeams, type TeamOrder as Order } from '../hooks/team-format.ts';
import { TEAM_INDICATOR_META } from '@teamcast/contracts';
import { formatIndicator, localeOf } from '../../../shared/format/number.ts';

function TeamCard({ scene, selected, onSelect }: { scene: Scene; selected: boolean; onSelect: (on: boolean) => void }) {
  const { t, i18n } = useTranslation('teams');
  const s = scene.summary;
  return (
    <Card withBorder padding="md" data-testid="team-card" data-team={scene.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Checkbox
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
          aria-label={t('list.select', { title: scene.title })}
          data-testid="team-select"
        />
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={600} component={Link} to={`/owner/team/${scene._id}`} data-testid="team-open">
            {scene.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t('list.members', { count: scene.actors.length })}
          </Text>
        </Stack>
        {scene.missingActorIds.length > 0 ? <Badge color="yellow">{t('list.changed')}</Badge> : null}
      </Group>
      <Group gap="md" mt="xs">
        <Anchor component={Link} to={`/owner/team/${scene._id}`} size="sm" data-testid="team-open-simulator">
          {t('list.openSimulator')}
        </Anchor>
        <Anchor component={Link} to={`/owner/dashboard/team/${scene._id}`} size="sm" data-testid="team-open-check">
          {t('list.openCheck')}
        </Anchor>
      </Group>
      {s ? (
        <SimpleGrid cols={3} mt="sm" data-testid="team-card-indicators">
          <div>
            <Text size="xs" c="dimmed">
              {t('list.rating')}
            </Text>
            <Text fw={600}>{formatIndicator(TEAM_INDICATOR_META.totalStatisticPower, s.totalStatisticPower, localeOf(i18n.language))}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('list.percent')}
            </Text>
            <Text fw={600}>{formatIndicator(TEAM_INDICATOR_META.teamingEffect, s.teamingEffect, localeOf(i18n.language))}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {TEAM_INDICATOR_META.microclimate.text[localeOf(i18n.language)].label}
            </Text>
            <Text fw={600}>{t(`bands.${s.atmosphere}`)}</Text>
          </div>
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed" mt="sm">
          {t('list.notComputed')}
        </Text>
      )}
    </Card>
  );
}

/**
 * The owner's teams, the simulator's entry (spec section 2): each opens in the simulator or the team check; a new team
 * starts in either; select, compare the selected, delete, ordered by rating or percent.
 */
export function TeamListPage() {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<Order>('rating');
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmAll, setConfirmAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useScenes(search);
  const remove = useDeleteScenes();
  const compare = useCreateComparison();

  // The owner's team counters come over the gate, asked for on opening and pushed when teams are added or deleted.
  const [stats, setStats] = useState<IntegralStats | null>(null);
  const gateStatus = useGateStatus();
  useEffect(() => {
    if (gateStatus === 'OPEN') gate.send({ type: 'integralStats' });
  }, [gateStatus]);
  useGateEvent(
    'integralStats',
    useCallback((message: { payload: IntegralStats }) => setStats(message.payload), []),
  );

  // Teams deleted in another tab disappear here too.
  useGateEvent(
    'rejectScene',
    useCallback(() => void client.invalidateQueries({ queryKey: ['teams', 'list'] }), [client]),
  );

  const fail = (failure: unknown) => setError(failure instanceof ApiError ? failure.message : t('errors.generic'));
  const compareSelected = async () => {
    setError(null);
    try {
      const comparison = await compare.mutateAsync(selected);
      track('team', 'comparison_run');
      await navigate(`/owner/dashboard/compare-teams/${comparison._id}`);
    } catch (failure) {
      fail(failure);
    }
  };
  const deleteSelected = async (ids: string[] | 'all') => {
    setError(null);
    try {
      await remove.mutateAsync(ids);
      setSelected([]);
      setConfirmAll(false);
    } catch (failure) {
      fail(failure);
    }
  };

  const items = orderTeams(list.data?.items ?? [], order);
  return (
    <Stack gap="lg" data-testid="team-list-page">
      <CapabilityLock capability="teams" />
      <Group justify="space-between">
        <Title order={1}>{t('list.title')}</Title>
        <Group gap="xs">
          <Button component={Link} to="/owner/team/new" data-testid="add-team-simulator">
            {t('list.addSimulator')}
          </Button>
          <Button component={Link} to="/owner/dashboard/team" variant="light" data-testid="add-team">
            {t('list.add')}
          </Button>
        </Group>
      </Group>
      {stats ? (
        <Text size="sm" c="dimmed" data-testid="team-stats">
          {stats.teamCap === null ? t('list.statsUnlimited', { teams: stats.teams }) : t('list.stats', { teams: stats.teams, cap: stats.teamCap })} ·{' '}
          {t('list.eligible', { count: stats.eligibleProfiles })}
        </Text>
      ) : null}
      <Group>
        <TextInput placeholder={t('list.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label={t('list.search')} />
        <SegmentedControl
          value={order}
          onChange={(value) => setOrder(value as Order)}
          data={[
            { value: 'rating', label: t('list.byRating') },
            { value: 'percent', label: t('list.byPercent') },
          ]}
          aria-label={t('list.order')}
        />
      </Group>
      <Group>
        <Button
          variant="light"
          disabled={selected.length < 2 || selected.length > COMPARE_SLOTS}
          loading={compare.isPending}
          onClick={() => void compareSelected()}
          data-testid="compare-selected"
        >
          {t('list.compare', { count: selected.length })}
        </Button>
        <Button
          variant="light"
          color="red"
          disabled={selected.length === 0}
          loading={remove.isPending}
          onClick={() => void deleteSelected(selected)}
          data-testid="delete-selected"
        >
          {t('list.deleteSelected')}
        </Button>
        <Button variant="subtle" color="red" disabled={items.length === 0} onClick={() => setConfirmAll(true)} data-testid="delete-all">
          {t('list.deleteAll')}
        </Button>
      </Group>
      {selected.length > COMPARE_SLOTS ? (
        <Text size="sm" c="dimmed">
          {t('list.compareLimit', { count: COMPARE_SLOTS })}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" data-testid="list-error">
          {error}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="teams-empty">
          {t('list.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((scene) => (
            <TeamCard
              key={scene._id}
              scene={scene}
              selected={selected.includes(scene._id)}
              onSelect={(on) => setSelected((current) => (on ? [...current, scene._id] : current.filter((id) => id !== scene._id)))}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={confirmAll} onClose={() => setConfirmAll(false)} title={t('list.deleteAllTitle')}>
        <Stack>
          <Text>{t('list.deleteAllBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmAll(false)}>
              {t('list.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void deleteSelected('all')} data-testid="confirm-delete-all">
              {t('list.deleteAll')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
