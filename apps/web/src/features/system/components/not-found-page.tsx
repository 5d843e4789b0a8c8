import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" py="xl" maw={640} data-testid="not-found-page">
      <Title order={1}>{t('routes.not-found')}</Title>
      <Text>{t('notFound.body')}</Text>
      <Button component={Link} to="/" w="fit-content">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
