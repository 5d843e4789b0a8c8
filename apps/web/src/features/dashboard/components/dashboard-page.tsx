import { Alert, Anchor, Badge, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HistoryEntryType } from '@teamcast/contracts';
import { useDashboardHistory } from '../api/dashboard-history.ts';

/** Ways to start each kind of check, in the order of the owner menu. */
const shortcuts = [
  { key: 'pair', to: '/owner/dashboard/p2p' },
  { key: 'team', to: '/owner/dashboard/team' },
  { key: 'simulator', to: '/owner/teams' },
  { key: 'compare', to: '/owner/dashboard/compare-teams' },
  { key: 'profiles', to: '/owner/profiles' },
] as const;

/** Where a history entry's result reopens. */
const resultPath: Record<HistoryEntryType, string> = {
  pair: '/owner/dashboard/p2p',
  team: '/owner/dashboard/team',
  'compare-teams': '/owner/dashboard/compare-teams',
};

/** The owner's home: counters, the latest runs (at most 15, newest first) each reopening its result, and shortcuts to start a check. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const history = useDashboardHistory();
  const counters = history.shown?.counters;
  const entries = history.shown?.entries ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="lg" data-testid="dashboard-page">
      <Title order={1}>{t('title')}</Title>

      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
        <Card withBorder padding="md" data-testid="counter-p2p">
          <Text size="sm" c="dimmed">
            {t('counters.p2p')}
          </Text>
          <Text component="div" fz={32} fw={700}>
            {counters ? counters.p2p : <Skeleton h={32} w={48} />}
          </Text>
        </Card>
        <Card withBorder padding="md" data-testid="counter-team">
          <Text size="sm" c="dimmed">
            {t('counters.team')}
          </Text>
          <Text component="div" fz={32} fw={700}>
            {counters ? counters.team : <Skeleton h={32} w={48} />}
          </Text>
        </Card>
      </SimpleGrid>

      <section aria-labelledby="dashboard-start">
        <Title order={2} size="h3" mb="sm" id="dashboard-start">
          {t('start.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shortcuts.map((shortcut) => (
            <Card key={shortcut.key} withBorder padding="md" component={Link} to={shortcut.to} data-testid={`shortcut-${shortcut.key}`}>
              <Text fw={600}>{t(`start.${shortcut.key}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`start.${shortcut.key}.body`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="dashboard-history">
        <Title order={2} size="h3" mb="sm" id="dashboard-history">
          {t('history.title')}
        </Title>
        {history.isError && !history.shown ? (
          <Alert color="red" data-testid="history-error">
            {history.error.message}
          </Alert>
        ) : history.isPending && !history.shown ? (
          <Skeleton h={80} />
        ) : entries.length === 0 ? (
          <Text c="dimmed" data-testid="history-empty">
            {t('history.empty')}
          </Text>
        ) : (
          <List spacing="xs" listStyleType="none" data-testid="history-list">
            {entries.map((entry) => (
              <List.Item key={`${entry.type}-${entry.id}`}>
                <Group gap="sm">
                  <Badge variant="light">{t(`history.types.${entry.type}`)}</Badge>
                  <Anchor component={Link} to={`${resultPath[entry.type]}/${encodeURIComponent(entry.id)}`}>
                    {entry.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {date.format(new Date(entry.at))}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Stack>
  );
}
