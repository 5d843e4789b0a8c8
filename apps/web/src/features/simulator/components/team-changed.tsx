import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Scene } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { useConfirmTeamChange } from '../api/scene.ts';

/**
 * "The team has changed!" in the simulator: people of the team were deleted, so it can be neither run nor edited until
 * the owner confirms their removal here; the workspace then opens on the team as it now is.
 */
export function TeamChanged({ scene }: { scene: Scene }) {
  const { t } = useTranslation('simulator');
  const confirm = useConfirmTeamChange(scene._id);
  return (
    <Alert color="yellow" m="md" title={t('changed.title')} data-testid="team-changed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('changed.body', { count: scene.missingActorIds.length })}</Text>
        <Button size="xs" loading={confirm.isPending} onClick={() => confirm.mutate()} data-testid="confirm-changed">
          {t('changed.confirm')}
        </Button>
        {confirm.error ? (
          <Text size="sm" c="red" role="alert">
            {confirm.error instanceof ApiError ? confirm.error.message : t('errors.load')}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
