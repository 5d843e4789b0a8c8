import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" py="xl" maw={640} data-testid="error-page">
      <Title order={1}>{t('routes.error')}</Title>
      <Text>{t('errorPage.body')}</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
        <Button component="a" href="/" variant="light">
          {t('errorPage.home')}
        </Button>
      </Group>
    </Stack>
  );
}
