import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConsentSchema, EmailSchema, type SignInResult } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { track, useTrackShown } from '../../../shared/ui/analytics.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useChooseFirstPassword, useJoinRequest, useSignUp, useVerifyEmail } from '../api/sign-up.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import type { AuthSurface } from '../surfaces.ts';
import { AuthCard } from './auth-card.tsx';
import { ConsentFields } from './consent-fields.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { SecondStep } from './second-step.tsx';

const JoinSchema = z.object({
  email: EmailSchema,
  companyName: z.string().trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
  privacyPolicy: ConsentSchema,
  personalData: ConsentSchema,
});
/** The love app asks for no company: a person, not a business, signs up there. */
const LoveJoinSchema = JoinSchema.extend({ companyName: z.string() });

/**
 * Registration. Opened from a mailed link (`?token=`) it verifies the address and signs in, asking for a first
 * password when the owner joined by request; without a link it is the sign-up request form.
 */
export function RegistrationPage({ surface }: { surface: AuthSurface }) {
  const { t } = useTranslation('auth');
  const [search, setSearch] = useSearchParams();
  const [token] = useState(() => search.get('token'));
  const navigate = useNavigate();
  const { complete, secondStep, restart, signedIn } = useCompleteSignIn(surface);
  const verify = useVerifyEmail();
  const choosePassword = useChooseFirstPassword();
  const [needsPassword, setNeedsPassword] = useState<SignInResult | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    setSearch(
      (current) => {
        current.delete('token');
        return current;
      },
      { replace: true },
    );
    verify.mutate(token, {
      onSuccess: (result) => {
        track('registration', 'email_verified');
        if ('challenge' in result) complete(result);
        else if (result.hasPassword && !result.firstProof) {
          notify.positive(t('registration.verified'));
          complete(result);
        } else {
          // Signed in already, so the first password goes through the owner's own call.
          authStore.set('owner', { token: result.token, subjectId: result.id });
          setNeedsPassword(result);
        }
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the token of the first render
  }, []);

  if (secondStep)
    return (
      <SecondStep
        step={secondStep}
        onSignedIn={signedIn}
        onRestart={() => {
          restart();
          void navigate(surface.paths.login);
        }}
      />
    );
  if (needsPassword) {
    return (
      <AuthCard title={t('registration.choosePassword')} testId="registration-page">
        <FirstProofNotice show={needsPassword.firstProof === true} />
        <NewPasswordForm
          submitLabel={t('registration.choosePasswordSubmit')}
          pending={choosePassword.isPending}
          onSubmit={async (value) => {
            await choosePassword.mutateAsync(value);
            complete(needsPassword);
          }}
        />
      </AuthCard>
    );
  }
  if (token) {
    const alreadyVerified = verify.error instanceof ApiError && verify.error.code === 'email_already_verified';
    return (
      <AuthCard title={t('registration.title')} testId="registration-page">
        {verify.isError ? (
          <>
            <Alert color={alreadyVerified ? 'blue' : 'red'} role="alert" data-testid="auth-error">
              {verify.error.message}
            </Alert>
            <Anchor component={Link} to={alreadyVerified ? surface.paths.login : (surface.paths.magicLink ?? surface.paths.login)}>
              {alreadyVerified ? t('backToLogin') : t('magic.requestNewLink')}
            </Anchor>
          </>
        ) : (
          <Stack align="center">
            <Loader />
            <Text>{t('registration.verifying')}</Text>
          </Stack>
        )}
      </AuthCard>
    );
  }
  return <JoinRequestForm surface={surface} />;
}

/** Says plainly why a password is asked for after the first proof of the address. */
export function FirstProofNotice({ show }: { show: boolean }) {
  const { t } = useTranslation('auth');
  if (!show) return null;
  return (
    <Alert color="blue" data-testid="first-proof-notice" mb="sm">
      {t('registration.firstProof')}
    </Alert>
  );
}

function JoinRequestForm({ surface }: { surface: AuthSurface }) {
  const { t } = useTranslation('auth');
  // The love app's registration is its sign-up (no company, the love sign-up call); the work apps' is the join request.
  const workJoin = useJoinRequest(surface);
  const loveJoin = useSignUp(surface);
  const join = surface.love ? loveJoin : workJoin;
  const [sent, setSent] = useState<string | null>(null);
  useTrackShown('registration', 'join_opened');
  const form = useSchemaForm(surface.love ? LoveJoinSchema : JoinSchema, {
    email: '',
    companyName: '',
    privacyPolicy: false as unknown as true,
    personalData: false as unknown as true,
  });
  const { values, errors } = form;
  return (
    <AuthCard title={t('registration.title')} error={form.formError} testId="registration-page">
      {sent ? (
        <Alert color="teal" data-testid="link-sent">
          {t('registration.sent', { address: sent })}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = form.validate();
            if (!value) return;
            join.mutateAsync(value).then(() => {
              track('registration', 'join_requested');
              setSent(value.email);
            }, form.showError);
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t(surface.love ? 'registration.joinLeadLove' : 'registration.joinLead')}</Text>
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => form.set('email', event.currentTarget.value)}
              error={errors.email}
            />
            {surface.love ? null : (
              <TextInput
                label={t('fields.companyName')}
                autoComplete="organization"
                value={values.companyName}
                onChange={(event) => form.set('companyName', event.currentTarget.value)}
                error={errors.companyName}
              />
            )}
            <ConsentFields values={values} errors={errors} onChange={(field, checked) => form.set(field, checked as true)} />
            <Button type="submit" loading={join.isPending}>
              {t('registration.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={surface.paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
