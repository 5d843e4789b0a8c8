import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DELETE_WORDS, DeleteConfirmationSchema } from '@teamcast/contracts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useDeleteAccount } from '../api/account-changes.ts';

const ConfirmationSchema = z.object({ confirmation: DeleteConfirmationSchema });

/** Deletes the account with everything in it, once the word Delete (Удалить) is typed. */
export function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const remove = useDeleteAccount();
  const form = useSchemaForm(ConfirmationSchema, { confirmation: '' });
  return (
    <form
      noValidate
      data-testid="delete-account-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.validate();
        if (!value) return;
        remove.mutateAsync(value.confirmation).then(() => {
          notify.positive(t('delete.done'));
          onDeleted();
        }, form.showError);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('delete.warning')}</Text>
        <TextInput
          label={t('delete.typeWord', { word: DELETE_WORDS[currentLocale()] })}
          value={form.values.confirmation}
          onChange={(event) => form.set('confirmation', event.currentTarget.value)}
          error={form.errors.confirmation}
        />
        {form.formError ? (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Button type="submit" color="red" loading={remove.isPending} w="fit-content">
          {t('delete.submit')}
        </Button>
      </Stack>
    </form>
  );
}
