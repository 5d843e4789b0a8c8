import { Anchor, AppShell, Burger, Button, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink as RouterNavLink, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@teamcast/contracts';
import { signOut as endSession } from '../../features/account/api/sign-out.ts';
import { VerifyAccountNotice } from '../../features/account/components/verify-account-notice.tsx';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { OwnerAccessSync } from '../../shared/access/owner-access-sync.tsx';
import { pathTo } from '../routes.ts';
import type { NavItem } from './nav-items.ts';

/** Desktop shell for a signed-in role: header with language and sign-out, side menu, content. */
export function SignedInLayout({ role, menu, loginRoute, homeRoute }: { role: Role; menu: NavItem[]; loginRoute: string; homeRoute: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure();
  // The server ends the session first, so the token stops working at once, not at its expiry.
  const signOut = () => void endSession(role).then(() => navigate(pathTo(loginRoute)));
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="xs">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} />
            <Anchor component={Link} to={pathTo(homeRoute)} fw={700} size="lg" underline="never">
              {t('app.title')}
            </Anchor>
          </Group>
          <Group wrap="nowrap" gap="xs">
            <LanguageSwitch />
            <Button variant="subtle" onClick={signOut}>
              {t('nav.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.menu')}>
        <ScrollArea>
          {menu.map((item) => (
            <NavLink
              key={item.labelKey}
              component={RouterNavLink}
              to={{ pathname: pathTo(item.route), search: item.search ?? '', hash: item.hash ?? '' }}
              end
              data-guide={item.guide}
              label={t(item.labelKey)}
              onClick={(event) => {
                close();
                if (item.action === 'signOut') {
                  event.preventDefault();
                  signOut();
                }
              }}
              disabled={item.pending}
              // A section still in development is an inactive control, said so to assistive technology too.
              aria-disabled={item.pending || undefined}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      {/* AppShell.Main is the page's one <main>. */}
      <AppShell.Main id="main">
        {role === 'owner' ? <VerifyAccountNotice surface="desktop" /> : null}
        {role === 'owner' ? <OwnerAccessSync /> : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
