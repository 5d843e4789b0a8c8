import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScoreExplanation } from '@teamcast/contracts';

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

/**
 * The answers that moved each score most, with the points they added or took away. Its texts come from the screen's
 * namespace (`explanation.model`, `explanation.prior`, `explanation.none`, `scores.<output>`), so estimators and
 * owners each read it in their own words.
 */
export function ScoreExplanationList({ explanation, namespace }: { explanation: ScoreExplanation; namespace: 'estimator' | 'profiles' }) {
  const { t, i18n } = useTranslation(namespace);
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <Stack gap="xs" data-testid="score-explanation">
      <Text size="sm" c="dimmed">
        {explanation.source === 'model' ? t('explanation.model') : t('explanation.prior')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {OUTPUTS.map((output) => {
          const items = explanation[output];
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
                    {item.points}
                  </Text>
                </Group>
              ))}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
