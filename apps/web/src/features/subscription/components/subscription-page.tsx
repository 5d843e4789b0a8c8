import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubscriptionPanel } from './subscription-panel.tsx';

/** The owner's subscription page (/owner/subscription). */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  return (
    <Stack maw={960} py="md">
      <Title order={1}>{t('title')}</Title>
      <SubscriptionPanel />
    </Stack>
  );
}
