import { Anchor, AppShell, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
              {t('app.title')}
            </Anchor>
            <LanguageSwitch />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" component="main" id="main">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
