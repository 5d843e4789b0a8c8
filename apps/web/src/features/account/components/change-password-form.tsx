import { Alert, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordChangeSchema } from '@teamcast/contracts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useChangePassword } from '../api/account-changes.ts';

/**
 * The password in use (when the account has one: an owner who joined by a link has none yet), the new one twice, and
 * every other device signed out unless unticked.
 */
export function ChangePasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone?: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useSchemaForm(PasswordChangeSchema, { currentPassword: '', password: '', repeatPassword: '', endOtherSessions: true });
  return (
    <form
      noValidate
      data-testid="change-password-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.validate();
        if (!value) return;
        change.mutateAsync({ ...value, currentPassword: hasPassword ? value.currentPassword : undefined }).then(({ endedSessions }) => {
          notify.positive(endedSessions > 0 ? t('password.doneEnded', { count: endedSessions }) : t('password.done'));
          form.set('currentPassword', '');
          form.set('password', '');
          form.set('repeatPassword', '');
          onDone?.();
        }, form.showError);
      }}
    >
      <Stack gap="sm">
        {hasPassword ? (
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            value={form.values.currentPassword}
            onChange={(event) => form.set('currentPassword', event.currentTarget.value)}
            error={form.errors.currentPassword}
          />
        ) : null}
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={form.errors.password}
        />
        <PasswordInput
          label={t('password.repeat')}
          autoComplete="new-password"
          value={form.values.repeatPassword}
          onChange={(event) => form.set('repeatPassword', event.currentTarget.value)}
          error={form.errors.repeatPassword}
        />
        <Checkbox
          label={t('password.endOthers')}
          checked={form.values.endOtherSessions}
          onChange={(event) => form.set('endOtherSessions', event.currentTarget.checked)}
        />
        {form.formError ? (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Button type="submit" loading={change.isPending} w="fit-content">
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
