import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOVE_DIMENSIONS, type Contribution, type ProfileExplanation } from '@teamcast/contracts';

const OUTPUTS = ['competencies', 'professionalism', 'maturity'] as const;

/** A signed bar: width by points (the largest contribution fills it), green when it raised the score. */
function Bar({ points, largest }: { points: number; largest: number }) {
  const width = largest > 0 ? Math.round((Math.abs(points) / largest) * 100) : 0;
  return (
    <svg width="100" height="8" role="presentation" aria-hidden="true">
      <rect x="0" y="0" width="100" height="8" fill="var(--mantine-color-gray-1)" />
      <rect x="0" y="0" width={width} height="8" fill={points >= 0 ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-red-6)'} />
    </svg>
  );
}

function Line({
  label,
  points,
  largest,
  signed,
  strong,
  testId,
}: {
  label: string;
  points: number;
  largest?: number;
  signed: (value: number) => string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid={testId}>
      <Text size="sm" fw={strong ? 600 : undefined} style={{ flex: 1 }}>
        {label}
      </Text>
      {largest !== undefined ? <Bar points={points} largest={largest} /> : null}
      <Text size="sm" w={56} ta="right" fw={strong ? 600 : undefined}>
        {signed(points)}
      </Text>
    </Group>
  );
}

/** One column per score: its label and the answers that moved it, largest first. */
function Columns({ columns, namespace }: { columns: Array<{ output: string; items: Contribution[] }>; namespace: 'estimator' | 'profiles' }) {
  const { t, i18n } = useTranslation(namespace);
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {columns.map(({ output, items }) => {
        const largest = Math.max(0, ...items.map((item) => Math.abs(item.points)));
        return (
          <Stack key={output} gap={4}>
            <Text fw={600}>{t(`scores.${output}`)}</Text>
            {items.length === 0 ? <Text size="sm">{t('explanation.none')}</Text> : null}
            {items.map((item) => (
              <Group key={item.neuron} gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ flex: 1 }}>
                  {item.question[locale]}
                </Text>
                <Bar points={item.points} largest={largest} />
                <Text size="sm" w={48} ta="right">
                  {item.points > 0 ? '+' : ''}
                  {item.points.toLocaleString(locale)}
                </Text>
              </Group>
            ))}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * How each score adds up. A work explanation: the average person's score (the baseline), the answers that moved it
 * most with the points they added or took away, the rest of the answers together, the scale's limit when it cut, and
 * the score; the figures add up exactly (docs/scoring-model.md, "Explanation"). A love or couple profile's explanation
 * (the love model's rules, docs/love-model.md) lists the answers that moved each love score, one block per person,
 * headed by `names` when it has two. Texts come from the screen's namespace (`explanation.model`, `explanation.prior`,
 * `explanation.love`, `explanation.none`, `explanation.baseline`, `explanation.others`, `explanation.limit`,
 * `explanation.score`, `scores.<output>`), so estimators and owners each read it in their own words.
 */
export function ScoreExplanationList({
  explanation,
  namespace,
  names = [],
}: {
  explanation: ProfileExplanation;
  namespace: 'estimator' | 'profiles';
  names?: string[];
}) {
  const { t, i18n } = useTranslation(namespace);
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const withSign = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  if (explanation.source === 'love-rules') {
    return (
      <Stack gap="xs" data-testid="score-explanation">
        <Text size="sm" c="dimmed">
          {t('explanation.love')}
        </Text>
        {explanation.people.map((person, index) => (
          <Stack key={index} gap={4}>
            {explanation.people.length > 1 ? (
              <Title order={3} size="h5">
                {names[index] ?? ''}
              </Title>
            ) : null}
            <Columns namespace={namespace} columns={LOVE_DIMENSIONS.map((output) => ({ output, items: person[output] }))} />
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" data-testid="score-explanation">
      <Text size="sm" c="dimmed">
        {explanation.source === 'model' ? t('explanation.model') : t('explanation.prior')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {OUTPUTS.map((output) => {
          const items = explanation[output];
          const sum = explanation.sums[output];
          const largest = Math.max(0, ...items.map((item) => Math.abs(item.points)), Math.abs(sum.others));
          return (
            <Stack key={output} gap={4} data-testid={`explanation-${output}`}>
              <Text fw={600}>{t(`scores.${output}`)}</Text>
              <Line label={t('explanation.baseline')} points={sum.baseline} signed={(value) => plain.format(value)} testId="explanation-baseline" />
              {items.map((item) => (
                <Line key={item.neuron} label={item.question[locale]} points={item.points} largest={largest} signed={(value) => withSign.format(value)} />
              ))}
              {sum.others !== 0 ? (
                <Line
                  label={t('explanation.others')}
                  points={sum.others}
                  largest={largest}
                  signed={(value) => withSign.format(value)}
                  testId="explanation-others"
                />
              ) : null}
              {sum.limit !== 0 ? <Line label={t('explanation.limit')} points={sum.limit} signed={(value) => withSign.format(value)} /> : null}
              <Line label={t('explanation.score')} points={sum.score} signed={(value) => plain.format(value)} strong testId="explanation-score" />
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
