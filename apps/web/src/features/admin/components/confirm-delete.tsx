import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before deleting; bulk deletes say how many rows will go. */
export function ConfirmDelete({
  count,
  opened,
  busy,
  onCancel,
  onConfirm,
}: {
  count: number;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onCancel} title={t('confirm.title')} centered>
      <Text mb="md">{t('confirm.body', { count })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm}>
          {t('confirm.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
