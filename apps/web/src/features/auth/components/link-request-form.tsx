import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LINK_TTL_SECONDS } from '@teamcast/contracts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';

const UsernameSchema = z.object({ username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }) });

/** Asks for a link by mail and then says it was sent (the same whether or not the address is registered). */
export function LinkRequestForm({
  label,
  submitLabel,
  kind,
  pending,
  sent,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  kind: 'magic' | 'reset';
  pending: boolean;
  sent: string | null;
  onSubmit: (username: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('auth');
  const form = useSchemaForm(UsernameSchema, { username: '' });
  if (sent) {
    return (
      <Alert color="teal" data-testid="link-sent">
        {t('linkSent', { address: sent, minutes: LINK_TTL_SECONDS[kind] / 60 })}
      </Alert>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.validate();
        if (value) onSubmit(value.username).catch(form.showError);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={label}
          type="email"
          autoComplete="username"
          value={form.values.username}
          onChange={(event) => form.set('username', event.currentTarget.value)}
          error={form.errors.username}
        />
        {form.formError ? (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
