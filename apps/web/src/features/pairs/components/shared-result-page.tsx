import { Alert, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useSharedResult } from '../api/share.ts';
import { localeOf, monthLong, monthShort, whole } from '../hooks/pair-format.ts';
import { BandBadge } from './band-badge.tsx';
import { RatingChart } from './rating-chart.tsx';

/** /result/{data}: a shared love or friendship result, showing only the parts its sharer chose; no sign-in needed. */
export function SharedResultPage() {
  const { t, i18n } = useTranslation('pairs');
  const locale = localeOf(i18n.language);
  const { data = '' } = useParams();
  const shared = useSharedResult(data);
  const result = shared.data;
  const group = result?.kind === 'work' ? 'work' : 'love';
  return (
    <Container size="sm" py="lg" data-testid="shared-result">
      <Stack gap="md">
        <Title order={1}>{result?.names ? t('shared.titleNames', { a: result.names[0], b: result.names[1] }) : t('shared.title')}</Title>
        {shared.isPending ? <Loader label={t('loading')} /> : null}
        {shared.isError ? (
          <Alert color="red" role="alert">
            {shared.error.message}
          </Alert>
        ) : null}
        {result ? (
          <>
            <Text c="dimmed">{t(`shared.kind.${result.kind}`)}</Text>
            <Card withBorder padding="md" data-testid="shared-summary">
              <Group gap="xs">
                <Text fz={32} fw={700}>
                  {whole(result.summary.compatibility.value)}
                </Text>
                <BandBadge band={result.summary.compatibility.band} />
              </Group>
              <Text size="sm">{t('shared.satisfaction', { value: whole(result.summary.yearlySatisfaction) })}</Text>
              <Text size="sm">
                {t('result.level', { level: result.summary.recommendation })}: {t(`recommendations.${group}.${result.summary.recommendation}`)}
              </Text>
            </Card>
            {result.chart ? (
              <Card withBorder padding="md" data-testid="shared-chart">
                <Title order={2} size="h4" mb="xs">
                  {t('result.chart')}
                </Title>
                <RatingChart
                  monthly={result.chart.monthly}
                  labels={result.chart.months.map((month) => monthShort(month, locale))}
                  best={result.chart.bestMonth.index}
                  worst={result.chart.worstMonth.index}
                  title={t('result.chart')}
                  bestLabel={t('result.bestShort')}
                  worstLabel={t('result.worstShort')}
                />
                <Text size="sm">{t('result.best', { month: monthLong(result.chart.months[result.chart.bestMonth.index]!, locale), value: whole(result.chart.bestMonth.value) })}</Text>
                <Text size="sm">{t('result.worst', { month: monthLong(result.chart.months[result.chart.worstMonth.index]!, locale), value: whole(result.chart.worstMonth.value) })}</Text>
              </Card>
            ) : null}
            {result.expectations ? (
              <Card withBorder padding="md" data-testid="shared-expectations">
                <Title order={2} size="h4" mb="xs">
                  {t('result.expectations')}
                </Title>
                <Text size="sm">{t('result.firstImpression', { value: whole(result.expectations.firstImpression) })}</Text>
                <Text size="sm">{t('result.reality', { value: whole(result.expectations.reality) })}</Text>
                <Text fw={600}>{t(`verdicts.${result.expectations.verdict}`)}</Text>
              </Card>
            ) : null}
            {result.outlook ? (
              <Card withBorder padding="md" data-testid="shared-outlook">
                <Title order={2} size="h4" mb="xs">
                  {t('result.outlook')}
                </Title>
                <Group gap="xs">
                  <Text fw={700}>{whole(result.outlook.settled)}</Text>
                  <BandBadge band={result.outlook.band} />
                </Group>
                <Text size="sm">{t(`trends.${result.outlook.trend}`)}</Text>
              </Card>
            ) : null}
            {result.blocks ? (
              <Card withBorder padding="md" data-testid="shared-blocks">
                <Title order={2} size="h4" mb="xs">
                  {t('result.headings')}
                </Title>
                {result.blocks.map((block) => (
                  <Group key={block.name} justify="space-between">
                    <Text size="sm">{t(`headings.${block.name}`)}</Text>
                    <Text size="sm" fw={700}>
                      {block.grade}/5
                    </Text>
                  </Group>
                ))}
              </Card>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
