import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Surface } from '@teamcast/contracts';
import { notify } from '../../../shared/ui/notify.ts';
import { useResendVerification } from '../api/account-changes.ts';
import { useOwnerSelf } from '../api/owner-self.ts';

/** 'Verify your account' for an owner who has not followed his verification link yet, with a resend button. */
export function VerifyAccountNotice({ surface }: { surface: Surface }) {
  const { t } = useTranslation('account');
  const self = useOwnerSelf();
  const resend = useResendVerification(surface);
  if (!self.data || self.data.verified) return null;
  return (
    <Alert color="yellow" mb="md" data-testid="verify-notice" title={t('verify.title')}>
      <Group justify="space-between" gap="xs">
        {/* The love app has no teams or simulator: it asks for the link in its own words. */}
        <Text size="sm">{t(surface === 'loveMobile' ? 'verify.bodyLove' : 'verify.body', { address: self.data.email })}</Text>
        <Button
          size="xs"
          variant="light"
          loading={resend.isPending}
          onClick={() => resend.mutate(undefined, { onSuccess: () => notify.positive(t('verify.sent')), onError: (error) => notify.negative(error.message) })}
        >
          {t('verify.resend')}
        </Button>
      </Group>
    </Alert>
  );
}
