import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" py="xl" maw={760} data-testid="landing-page">
      <Title order={1}>{t('landing.headline')}</Title>
      <Text size="lg">{t('landing.lead')}</Text>
      <Group>
        <Button component={Link} to="/owner/login" size="md">
          {t('landing.ownerCta')}
        </Button>
      </Group>
      <Group gap="lg">
        <Anchor component={Link} to="/estimator/login">
          {t('landing.estimatorCta')}
        </Anchor>
        <Anchor component={Link} to="/administrator-login">
          {t('landing.adminCta')}
        </Anchor>
      </Group>
    </Stack>
  );
}
