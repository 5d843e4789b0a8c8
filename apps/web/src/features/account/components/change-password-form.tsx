import { Alert, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordChangeSchema } from '@teamcast/contracts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useChangePassword } from '../api/account-changes.ts';

/** New password twice, with the offer to sign out every other device. */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useSchemaForm(PasswordChangeSchema, { password: '', repeatPassword: '', endOtherSessions: true });
  return (
    <form
      noValidate
      data-testid="change-password-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.validate();
        if (!value) return;
        change.mutateAsync(value).then(({ endedSessions }) => {
          notify.positive(endedSessions > 0 ? t('password.doneEnded', { count: endedSessions }) : t('password.done'));
          form.set('password', '');
          form.set('repeatPassword', '');
          onDone?.();
        }, form.showError);
      }}
    >
      <Stack gap="sm">
        <PasswordInput label={t('password.new')} autoComplete="new-password" value={form.values.password} onChange={(event) => form.set('password', event.currentTarget.value)} error={form.errors.password} />
        <PasswordInput
          label={t('password.repeat')}
          autoComplete="new-password"
          value={form.values.repeatPassword}
          onChange={(event) => form.set('repeatPassword', event.currentTarget.value)}
          error={form.errors.repeatPassword}
        />
        <Checkbox label={t('password.endOthers')} checked={form.values.endOtherSessions} onChange={(event) => form.set('endOtherSessions', event.currentTarget.checked)} />
        {form.formError ? <Alert color="red" role="alert">{form.formError}</Alert> : null}
        <Button type="submit" loading={change.isPending} w="fit-content">
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
