import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

const POINTS = ['questions', 'result', 'pair'] as const;

/** Flame onboarding: what the love questionnaire gives, then on to it. */
export function FlameOnboardingPage() {
  const { t } = useTranslation('questionnaire');
  return (
    <Stack maw={720} py="xl" gap="lg" data-testid="flame-onboarding">
      <Title order={1}>{t('flame.title')}</Title>
      <Text size="lg">{t('flame.lead')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {POINTS.map((point, index) => (
          <Card key={point} withBorder>
            <Text fw={700} c="pink">
              {index + 1}
            </Text>
            <Text fw={600}>{t(`flame.points.${point}.title`)}</Text>
            <Text size="sm">{t(`flame.points.${point}.body`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Button component={Link} to="/flame-mobile/questionnaire" color="pink" size="lg" w="fit-content">
        {t('flame.start')}
      </Button>
    </Stack>
  );
}
