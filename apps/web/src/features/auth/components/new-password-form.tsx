import { Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordPairSchema } from '@teamcast/contracts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';

/** A new password typed twice, checked with the section 5 rules; `onSubmit` rejects to show the server's answer. */
export function NewPasswordForm({
  submitLabel,
  pending,
  onSubmit,
  error,
}: {
  submitLabel: string;
  pending: boolean;
  onSubmit: (value: { password: string; repeatPassword: string }) => Promise<unknown>;
  error?: string | null;
}) {
  const { t } = useTranslation('auth');
  const form = useSchemaForm(PasswordPairSchema, { password: '', repeatPassword: '' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.validate();
        if (value) onSubmit(value).catch(form.showError);
      }}
    >
      <Stack gap="sm">
        <PasswordInput
          label={t('fields.newPassword')}
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={form.errors.password}
        />
        <PasswordInput
          label={t('fields.repeatPassword')}
          autoComplete="new-password"
          value={form.values.repeatPassword}
          onChange={(event) => form.set('repeatPassword', event.currentTarget.value)}
          error={form.errors.repeatPassword}
        />
        {form.formError || error ? (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
            {form.formError ?? error}
          </div>
        ) : null}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
