import { AppShell, Group, Text, UnstyledButton } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { VerifyAccountNotice } from '../../features/account/components/verify-account-notice.tsx';
import { OwnerAccessSync } from '../../shared/access/owner-access-sync.tsx';
import { pathTo } from '../routes.ts';
import type { NavItem } from './nav-items.ts';

/** Phone shell for owner-mobile and love-mobile: title and language on top, the P2P / Profiles / Settings footer below. */
export function MobileLayout({ variant, footer }: { variant: 'owner' | 'love'; footer: NavItem[] }) {
  const { t } = useTranslation();
  const accent = variant === 'love' ? 'pink' : 'blue';
  return (
    <AppShell header={{ height: 48 }} footer={{ height: 60 }} padding="sm">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text fw={700} c={accent}>
            {variant === 'love' ? t('app.loveTitle') : t('app.title')}
          </Text>
          <LanguageSwitch />
        </Group>
      </AppShell.Header>
      {/* AppShell.Main is the page's one <main>. */}
      <AppShell.Main id="main">
        <VerifyAccountNotice surface={variant === 'love' ? 'loveMobile' : 'ownerMobile'} />
        <OwnerAccessSync />
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Group h="100%" grow gap={0} component="nav" aria-label={t('nav.menu')}>
          {footer.map((item) => (
            <UnstyledButton key={item.route} component={NavLink} to={pathTo(item.route)} ta="center" py="sm">
              <Text size="sm">{t(item.labelKey)}</Text>
            </UnstyledButton>
          ))}
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
