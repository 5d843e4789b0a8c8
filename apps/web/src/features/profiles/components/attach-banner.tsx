import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { track } from '../../../shared/ui/analytics.ts';
import { useAttachProfile, useCanAttach } from '../api/attach-profile.ts';

/** After the flame onboarding: offers to take the profile filled before signing up (`?attach=<permalink>`). */
export function AttachBanner({ permalink, onAttached }: { permalink: string; onAttached: (id: string) => void }) {
  const { t } = useTranslation('profiles');
  const check = useCanAttach(permalink);
  const attach = useAttachProfile();
  const take = () =>
    attach.mutate(permalink, {
      onSuccess: (profile) => {
        track('profile', 'profile_attached');
        onAttached(profile._id);
      },
    });
  if (!check.data?.check) return null;
  return (
    <Alert color="pink" data-testid="attach-banner">
      <Group justify="space-between">
        <Text>{t('attach.offer')}</Text>
        <Button color="pink" loading={attach.isPending} onClick={take}>
          {t('attach.button')}
        </Button>
      </Group>
      {attach.isError ? <Text c="red">{attach.error.message}</Text> : null}
    </Alert>
  );
}
