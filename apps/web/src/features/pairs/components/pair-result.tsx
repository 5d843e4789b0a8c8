import { CapabilityLock } from '../../../shared/access/capability-lock.tsx';
import type { ReactNode } from 'react';
import { Alert, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PairActor, PairDetails, PairRequest, PairResult } from '@teamcast/contracts';
import { useNarrative } from '../api/narrative.ts';
import { localeOf, monthLong, monthShort, whole, type PairShell } from '../hooks/pair-format.ts';
import { AccuracyNote } from './accuracy-note.tsx';
import { BandBadge } from './band-badge.tsx';
import { BandNote } from './band-note.tsx';
import { CompetenceChart } from './competence-chart.tsx';
import { LoveUnlock } from './love-unlock.tsx';
import { RatingChart } from './rating-chart.tsx';
import { SharePanel } from './share-panel.tsx';

const nameOf = (actor: PairActor | null) => actor?.firstName ?? actor?.name ?? '';

function Block({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A block of the full love report before the unlock: its title and a blurred stand-in; the figures never came. */
function LockedBlock({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation('pairs');
  return (
    <Card withBorder padding="md" data-testid={testId} data-locked="true">
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      <div aria-hidden style={{ filter: 'blur(6px)', userSelect: 'none' }}>
        <Progress value={62} mb={8} />
        <Progress value={38} mb={8} />
        <Progress value={80} />
      </div>
      <Text size="sm" c="dimmed" mt="xs">
        {t('locked.block')}
      </Text>
    </Card>
  );
}

function Summary({ result, shell }: { result: PairResult; shell: PairShell }) {
  const { t } = useTranslation('pairs');
  const group = result.kind === 'work' ? 'work' : 'love';
  const { compatibility, yearlySatisfaction, recommendation } = result.summary;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="result-summary">
      <Block title={t('result.compatibility')} testId="block-compatibility">
        <Group gap="xs">
          <Text fz={32} fw={700} data-testid="compatibility-value">
            {whole(compatibility.value)}
          </Text>
          <BandBadge band={compatibility.band} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('result.scale')}
        </Text>
      </Block>
      <Block title={shell === 'loveMobile' ? t('result.satisfactionLove') : t('result.satisfaction')} testId="block-satisfaction">
        <Text fz={32} fw={700}>
          {whole(yearlySatisfaction)}%
        </Text>
        <Progress value={yearlySatisfaction} aria-label={t('result.satisfaction')} />
      </Block>
      <Block title={t('result.recommendation')} testId="block-recommendation">
        <Text fw={700}>{t('result.level', { level: recommendation })}</Text>
        <Text size="sm">{t(`recommendations.${group}.${recommendation}`)}</Text>
      </Block>
    </SimpleGrid>
  );
}

function Details({ details, pair, result }: { details: PairDetails; pair: PairRequest; result: PairResult }) {
  const { t, i18n } = useTranslation('pairs');
  const locale = localeOf(i18n.language);
  const names = pair.actors.map(nameOf);
  const best = monthLong(details.months[details.bestMonth.index]!, locale);
  const worst = monthLong(details.months[details.worstMonth.index]!, locale);
  const { expectations, outlook } = details;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Block title={t('result.expectations')} testId="block-expectations">
          <Text size="sm">{t('result.firstImpression', { value: whole(expectations.firstImpression) })}</Text>
          <Text size="sm">{t('result.reality', { value: whole(expectations.reality) })}</Text>
          <Text fw={600} mt={4}>
            {t(`verdicts.${expectations.verdict}`)}
          </Text>
        </Block>
        <Block title={t('result.outlook')} testId="block-outlook">
          <Group gap="xs">
            <Text fz={24} fw={700}>
              {whole(outlook.settled)}
            </Text>
            <BandBadge band={outlook.band} />
          </Group>
          <Text size="sm">{t(`trends.${outlook.trend}`)}</Text>
          <Text size="sm" c="dimmed">
            {outlook.settleDay === null ? t('result.notSettled') : t('result.settleDay', { days: outlook.settleDay })}
          </Text>
        </Block>
      </SimpleGrid>
      <Block title={t('result.chart')} testId="block-chart">
        <RatingChart
          monthly={details.monthly}
          band={details.monthlyBand}
          labels={details.months.map((month) => monthShort(month, locale))}
          longLabels={details.months.map((month) => monthLong(month, locale))}
          best={details.bestMonth.index}
          worst={details.worstMonth.index}
          title={t('result.chart')}
          bestLabel={t('result.bestShort')}
          worstLabel={t('result.worstShort')}
        />
        <Group gap="lg" mt="xs">
          <Text size="sm" data-testid="best-month-text">
            {t('result.best', { month: best, value: whole(details.bestMonth.value) })}
          </Text>
          <Text size="sm" data-testid="worst-month-text">
            {t('result.worst', { month: worst, value: whole(details.worstMonth.value) })}
          </Text>
        </Group>
        {details.monthlyBand ? <BandNote love={result.kind !== 'work'} /> : null}
      </Block>
      {/* A love report has no work competences: the love model's people are described by love scores, not K, P, L.
          The K/P/L lines are expertise: withheld by the server while the owner's plan hides it. */}
      {result.kind === 'work' ? (
        <Block title={t('result.competences')} testId="block-competences">
          {details.persons.every((person) => person.competences !== null) ? (
            <CompetenceChart
              people={details.persons.map((person, index) => ({ name: names[index] ?? '', lines: person.competences! }))}
              titles={{ k: t('competences.k'), p: t('competences.p'), l: t('competences.l') }}
              caption={t('competences.caption')}
              labels={details.months.map((month) => monthShort(month, locale))}
              longLabels={details.months.map((month) => monthLong(month, locale))}
            />
          ) : (
            <CapabilityLock capability="seeExpertise" />
          )}
        </Block>
      ) : null}
      <Block title={t('result.headings')} testId="block-headings">
        <Stack gap={6}>
          {details.blocks.map((block) => (
            <Group key={block.name} justify="space-between" wrap="nowrap">
              <Text size="sm">{t(`headings.${block.name}`)}</Text>
              <Text size="sm" fw={700} aria-label={t('result.grade', { grade: block.grade })} data-testid={`heading-${block.name}`}>
                {'★'.repeat(block.grade)}
                <Text span c="dimmed">
                  {'★'.repeat(5 - block.grade)}
                </Text>{' '}
                {block.grade}/5
              </Text>
            </Group>
          ))}
        </Stack>
      </Block>
      {result.kind !== 'work' ? <SharePanel pairId={pair._id} /> : null}
    </Stack>
  );
}

function Narrative({ pair, result }: { pair: PairRequest; result: PairResult }) {
  const { t, i18n } = useTranslation('pairs');
  const [a, b] = pair.actors;
  const narrative = useNarrative(
    a && b
      ? { pairId: pair._id, id1: a._id, id2: b._id, kind: result.kind, runAt: result.runAt, locked: result.locked, locale: localeOf(i18n.language) }
      : null,
  );
  return (
    <Block title={t('result.narrative')} testId="block-narrative">
      {narrative.isPending ? <Text c="dimmed">{t('result.narrativeLoading')}</Text> : null}
      {narrative.isError ? <Alert color="red">{narrative.error.message}</Alert> : null}
      {narrative.data?.paragraphs.map((paragraph, index) => (
        <Text key={index} size="sm" mb="xs">
          {paragraph}
        </Text>
      ))}
    </Block>
  );
}

/** Every block of a result; a locked love report shows its summary, blurred stand-ins and the unlock. */
export function PairResultView({ pair, shell }: { pair: PairRequest; shell: PairShell }) {
  const { t } = useTranslation('pairs');
  const result = pair.result!;
  return (
    <Stack gap="md" data-testid="pair-result">
      <Summary result={result} shell={shell} />
      <AccuracyNote accuracy={result.accuracy} />
      {result.details ? (
        <Details details={result.details} pair={pair} result={result} />
      ) : (
        <Stack gap="md">
          <LoveUnlock pair={pair} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LockedBlock title={t('result.expectations')} testId="block-expectations" />
            <LockedBlock title={t('result.outlook')} testId="block-outlook" />
            <LockedBlock title={t('result.chart')} testId="block-chart" />
            <LockedBlock title={t('result.headings')} testId="block-headings" />
          </SimpleGrid>
        </Stack>
      )}
      <Narrative pair={pair} result={result} />
    </Stack>
  );
}
