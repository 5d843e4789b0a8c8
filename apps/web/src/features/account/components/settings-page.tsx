import { useEffect } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import { useOwnerSelf } from '../api/owner-self.ts';
import { signOut } from '../api/sign-out.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountForm } from './delete-account-form.tsx';
import { SecondFactorSettings } from './second-factor-settings.tsx';

const variants = {
  desktop: { login: '/owner/login' },
  owner: { login: '/owner-mobile/login' },
  love: { login: '/love-mobile/login' },
} as const;

/**
 * The owner's settings in each app (the desktop menu opens it at #password, #second-factor or #delete): language,
 * password, two-step sign-in, deletion, sign-out. Deleting or signing out lands on that app's own login. On the
 * owner's phone it is also the way into the team monitor: the spec fixes the phone footer (P2P, Profiles, Settings),
 * so the monitor has its card here instead of a footer tab.
 */
export function SettingsPage({ variant }: { variant: 'desktop' | 'owner' | 'love' }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { hash } = useLocation();
  const self = useOwnerSelf();
  const { login } = variants[variant];

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <Stack gap="md" maw={560} data-testid="settings-page">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {self.data ? <Text c="dimmed">{self.data.email}</Text> : null}
      {variant === 'owner' ? (
        <Card withBorder data-testid="settings-monitor">
          <Title order={2} size="h4" mb={4}>
            {t('monitor.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('monitor.body')}
          </Text>
          <Button component={Link} to="/owner-mobile/monitor" variant="light" w="fit-content">
            {t('monitor.open')}
          </Button>
        </Card>
      ) : null}
      <Card withBorder>
        <Group justify="space-between">
          <Text fw={600}>{t('language')}</Text>
          <LanguageSwitch />
        </Group>
      </Card>
      <Card withBorder id="password">
        <Title order={2} size="h4" mb="sm">
          {t('password.title')}
        </Title>
        <ChangePasswordForm hasPassword={self.data?.hasPassword ?? true} />
      </Card>
      <Card withBorder id="second-factor">
        <Title order={2} size="h4" mb="sm">
          {t('secondFactor.title')}
        </Title>
        <SecondFactorSettings />
      </Card>
      <Card withBorder id="delete">
        <Title order={2} size="h4" mb="sm">
          {t('delete.title')}
        </Title>
        <DeleteAccountForm onDeleted={() => void navigate(login, { replace: true })} />
      </Card>
      <Button variant="default" w="fit-content" onClick={() => void signOut('owner').then(() => navigate(login, { replace: true }))}>
        {t('signOut')}
      </Button>
    </Stack>
  );
}
