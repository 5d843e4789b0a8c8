import { useEffect, useRef, useState } from 'react';
import type { SignInResult } from '@teamcast/contracts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRequestLoginLink, useSignInWithLink } from '../api/sign-in.ts';
import { useChooseFirstPassword } from '../api/sign-up.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import type { AuthSurface } from '../surfaces.ts';
import { AuthCard } from './auth-card.tsx';
import { LinkRequestForm } from './link-request-form.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { FirstProofNotice } from './registration-page.tsx';
import { SecondStep } from './second-step.tsx';

/**
 * Sign-in by mail: asks for a link, and signs in when opened from one (`?token=`), through the second step for users
 * with a second factor; a used or old link offers a new one. A link that proved an owner's address for the first time
 * ended the password (and any second factor) before it: the owner chooses a password.
 */
export function MagicLinkPage({ surface }: { surface: AuthSurface }) {
  const { t } = useTranslation('auth');
  const [search, setSearch] = useSearchParams();
  const [token] = useState(() => search.get('token'));
  const [sent, setSent] = useState<string | null>(null);
  const navigate = useNavigate();
  const { complete, secondStep, restart, signedIn } = useCompleteSignIn(surface);
  const signIn = useSignInWithLink(surface);
  const request = useRequestLoginLink(surface);
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
    signIn.mutate(token, {
      onSuccess: (result) => {
        if ('challenge' in result || !result.firstProof) return complete(result);
        // Signed in already, so the new password goes through the owner's own call.
        authStore.set('owner', { token: result.token, subjectId: result.id });
        setNeedsPassword(result);
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
      <AuthCard title={t('registration.choosePassword')} testId="magic-link-page">
        <FirstProofNotice show />
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
  const following = token && !signIn.isError;
  return (
    <AuthCard title={t('magic.title')} error={signIn.error?.message} testId="magic-link-page">
      {following ? (
        <Stack align="center">
          <Loader />
          <Text>{t('magic.signingIn')}</Text>
        </Stack>
      ) : (
        <>
          <Text size="sm">{signIn.isError ? t('magic.requestNew') : t('magic.lead')}</Text>
          <LinkRequestForm
            label={surface.role === 'estimator' ? t('fields.username') : t('fields.email')}
            kind="magic"
            submitLabel={t('magic.submit')}
            pending={request.isPending}
            sent={sent}
            onSubmit={async (username) => {
              await request.mutateAsync(username);
              setSent(username);
            }}
          />
          <Anchor component={Link} to={surface.paths.login} size="sm">
            {t('backToLogin')}
          </Anchor>
        </>
      )}
    </AuthCard>
  );
}
