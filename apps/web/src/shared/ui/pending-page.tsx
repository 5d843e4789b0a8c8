import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A screen whose feature is not built yet: it says so plainly and shows no data. */
export function PendingPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640} py="xl" data-testid="pending-page">
      <Title order={1}>{t(`routes.${routeName}`)}</Title>
      <Text>{t('pending.body')}</Text>
      <Button component={Link} to="/" variant="light" w="fit-content">
        {t('pending.back')}
      </Button>
    </Stack>
  );
}
