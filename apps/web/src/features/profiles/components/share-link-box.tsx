import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileSummary } from '@teamcast/contracts';
import { track } from '../../../shared/ui/analytics.ts';
import { useShareLink } from '../api/share-link.ts';
import { shareUrl, type ProfilesShell } from '../hooks/profiles-shell.ts';

/** The invitation link of a profile: asked for on demand (names are required first), copied, renewed. */
export function ShareLinkBox({ shell, profile }: { shell: ProfilesShell; profile: Pick<ProfileSummary, '_id' | 'kind' | 'linkRequestedAt'> }) {
  const { t } = useTranslation('profiles');
  const link = useShareLink(profile._id);
  const makeLink = (renew: boolean) => link.mutate(renew, { onSuccess: () => track('profile', 'share_link_created') });
  const url = link.data ? shareUrl(shell, profile.kind, link.data.sharelink) : null;
  return (
    <Stack gap="xs" data-testid="share-link">
      {profile.linkRequestedAt && !link.data ? <Alert color="yellow">{t('share.requested')}</Alert> : null}
      {url ? (
        <>
          <TextInput readOnly value={url} aria-label={t('share.link')} data-testid="share-link-url" onFocus={(event) => event.currentTarget.select()} />
          <Group>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? t('share.copied') : t('share.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={() => makeLink(true)} loading={link.isPending}>
              {t('share.renew')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('share.expires', { date: new Date(link.data!.expiresAt).toLocaleDateString() })}
          </Text>
        </>
      ) : (
        <Button w="fit-content" onClick={() => makeLink(false)} loading={link.isPending}>
          {t('share.get')}
        </Button>
      )}
      {link.isError ? <Alert color="red">{link.error.message}</Alert> : null}
    </Stack>
  );
}
