import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecondFactorDisableSchema, SecondFactorEnableSchema } from '@teamcast/contracts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { AuthenticatorSetup, RecoveryCodeList } from '../../../shared/ui/second-factor.tsx';
import { useDisableSecondFactor, useEnableSecondFactor, useSecondFactorStatus, useStartSecondFactor } from '../api/second-factor.ts';

/** The owner's optional second factor: turned on with an authenticator app, the current password and a code; off with a code. */
export function SecondFactorSettings() {
  const { t } = useTranslation('account');
  const status = useSecondFactorStatus();
  const start = useStartSecondFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <Stack gap="sm">
        <RecoveryCodeList codes={recoveryCodes} />
        <Button w="fit-content" onClick={() => setRecoveryCodes(null)}>
          {t('secondFactor.done')}
        </Button>
      </Stack>
    );
  }
  if (!status.data) return null;
  if (status.data.enabled) return <DisableForm left={status.data.recoveryCodesLeft} />;
  if (start.data) return <EnableForm enrolment={start.data} onEnabled={setRecoveryCodes} onCancel={() => start.reset()} />;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('secondFactor.off')}</Text>
      {start.error ? (
        <Alert color="red" role="alert">
          {start.error.message}
        </Alert>
      ) : null}
      <Button w="fit-content" loading={start.isPending} onClick={() => start.mutate()}>
        {t('secondFactor.start')}
      </Button>
    </Stack>
  );
}

function EnableForm({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: NonNullable<ReturnType<typeof useStartSecondFactor>['data']>;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const enable = useEnableSecondFactor();
  const form = useSchemaForm(SecondFactorEnableSchema, { password: '', code: '' });
  return (
    <form
      noValidate
      data-testid="second-factor-enable"
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.validate();
        if (!value) return;
        enable.mutateAsync(value).then(({ recoveryCodes }) => {
          notify.positive(t('secondFactor.enabled'));
          onEnabled(recoveryCodes);
        }, form.showError);
      }}
    >
      <Stack gap="sm">
        <AuthenticatorSetup enrolment={enrolment} />
        <PasswordInput
          label={t('secondFactor.password')}
          autoComplete="current-password"
          value={form.values.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={form.errors.password}
        />
        <TextInput
          label={t('secondFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={form.values.code}
          onChange={(event) => form.set('code', event.currentTarget.value)}
          error={form.errors.code}
        />
        {form.formError ? (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={enable.isPending}>
            {t('secondFactor.enable')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('secondFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm({ left }: { left: number }) {
  const { t } = useTranslation('account');
  const disable = useDisableSecondFactor();
  const form = useSchemaForm(SecondFactorDisableSchema, { code: '' });
  return (
    <form
      noValidate
      data-testid="second-factor-disable"
      onSubmit={(event) => {
        event.preventDefault();
        const value = form.validate();
        if (!value) return;
        disable.mutateAsync(value.code).then(() => notify.positive(t('secondFactor.disabled')), form.showError);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('secondFactor.on', { count: left })}</Text>
        <TextInput
          label={t('secondFactor.disableCode')}
          autoComplete="one-time-code"
          value={form.values.code}
          onChange={(event) => form.set('code', event.currentTarget.value)}
          error={form.errors.code}
        />
        {form.formError ? (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Button type="submit" variant="default" color="red" loading={disable.isPending} w="fit-content">
          {t('secondFactor.disable')}
        </Button>
      </Stack>
    </form>
  );
}
