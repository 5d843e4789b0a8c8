import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SecondFactorChallenge, SecondFactorSignIn, SignInResult } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { AuthenticatorSetup, RecoveryCodeList } from '../../../shared/ui/second-factor.tsx';
import { useChallengeEnrolment, usePassSecondStep } from '../api/second-factor.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * The second step of a sign-in: a code of the authenticator app (or a recovery code); for an administrator without
 * one, setting the app up first. The session starts only after it; a timed-out step sends back to the first one.
 */
export function SecondStep({
  step,
  onSignedIn,
  onRestart,
}: {
  step: SecondFactorChallenge;
  onSignedIn: (result: SignInResult) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const enrol = step.secondFactor === 'enrol';
  const enrolment = useChallengeEnrolment(step.challenge, enrol);
  const pass = usePassSecondStep();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [saved, setSaved] = useState<SecondFactorSignIn | null>(null);
  const error = pass.error ?? enrolment.error;
  const expired = error instanceof ApiError && error.code === 'second_factor_expired';

  if (saved?.recoveryCodes) {
    return (
      <AuthCard title={t('secondFactor.recoveryTitle')} testId="second-factor-recovery">
        <RecoveryCodeList codes={saved.recoveryCodes} />
        <Button onClick={() => onSignedIn(saved)}>{t('secondFactor.continue')}</Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={enrol ? t('secondFactor.enrolTitle') : t('secondFactor.title')}
      error={error && !(error instanceof ApiError && error.field === 'code') ? error.message : null}
      testId="second-factor-page"
    >
      {expired ? (
        <Anchor component="button" type="button" onClick={onRestart}>
          {t('backToLogin')}
        </Anchor>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = code.trim();
            setMissing(!value);
            if (!value) return;
            pass.mutate({ challenge: step.challenge, code: value }, { onSuccess: (result) => (result.recoveryCodes ? setSaved(result) : onSignedIn(result)) });
          }}
        >
          <Stack gap="sm">
            {enrol ? <Text size="sm">{t('secondFactor.enrolLead')}</Text> : <Text size="sm">{t('secondFactor.lead')}</Text>}
            {enrolment.data ? <AuthenticatorSetup enrolment={enrolment.data} /> : null}
            <TextInput
              label={enrol ? t('secondFactor.newCode') : t('secondFactor.code')}
              autoComplete="one-time-code"
              inputMode={enrol ? 'numeric' : 'text'}
              autoFocus
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={missing ? t('secondFactor.required') : pass.error instanceof ApiError && pass.error.field === 'code' ? pass.error.message : undefined}
            />
            <Button type="submit" loading={pass.isPending}>
              {enrol ? t('secondFactor.enrolSubmit') : t('secondFactor.submit')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={onRestart}>
              {t('backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
