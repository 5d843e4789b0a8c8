import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useRequestPasswordReset, useResetPassword } from '../api/password-reset.ts';
import { useRequestLoginLink, useSignInWithLink, useSignInWithPassword } from '../api/sign-in.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import type { AuthSurface } from '../surfaces.ts';
import { AuthCard } from './auth-card.tsx';
import { LinkRequestForm } from './link-request-form.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { SecondStep } from './second-step.tsx';

const LoginSchema = z.object({
  login: z.string({ error: 'required' }).trim().min(1, { error: 'required' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }),
});

/**
 * Sign-in with password for every role, then the second step for users with a second factor. It also takes the mailed links that land here: `?reset=` (owners choose a
 * new password) and `?magic=` (administrators' sign-in links), and offers a reset or sign-in link by mail.
 */
export function LoginPage({ surface }: { surface: AuthSurface }) {
  const { t } = useTranslation('auth');
  const [search, setSearch] = useSearchParams();
  const { complete, target, secondStep, restart, signedIn } = useCompleteSignIn(surface);
  const hasSession = useAuth(surface.role);
  const [mode, setMode] = useState<'password' | 'forgot' | 'link'>('password');
  const [sent, setSent] = useState<string | null>(null);
  const [resetToken] = useState(() => search.get('reset'));
  const [magicToken] = useState(() => search.get('magic'));
  const form = useSchemaForm(LoginSchema, { login: '', password: '' });
  const signIn = useSignInWithPassword(surface);
  const magic = useSignInWithLink(surface);
  const requestLink = useRequestLoginLink(surface);
  const resettable = { ...surface, role: 'owner' as const };
  const requestReset = useRequestPasswordReset(resettable);
  const reset = useResetPassword(resettable);
  const [resetDone, setResetDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Tokens leave the address bar at once; a link works once, so it is followed once.
    if (resetToken || magicToken)
      setSearch(
        (current) => {
          current.delete('reset');
          current.delete('magic');
          return current;
        },
        { replace: true },
      );
    if (magicToken && !started.current) {
      started.current = true;
      magic.mutate(magicToken, { onSuccess: (result) => complete(result), onError: () => setMode('link') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the tokens of the first render
  }, []);

  if (secondStep)
    return (
      <SecondStep
        step={secondStep}
        onSignedIn={signedIn}
        onRestart={() => {
          restart();
          setMode('password');
        }}
      />
    );
  if (hasSession && !resetToken && !magicToken) return <Navigate to={target} replace />;

  if (resetToken && !resetDone) {
    return (
      <AuthCard title={t('reset.title')} testId="reset-page">
        <Text size="sm">{t('reset.lead')}</Text>
        <NewPasswordForm
          submitLabel={t('reset.submit')}
          pending={reset.isPending}
          onSubmit={async (value) => {
            await reset.mutateAsync({ token: resetToken, ...value });
            notify.positive(t('reset.done'));
            setResetDone(true);
          }}
        />
      </AuthCard>
    );
  }

  const loginLabel = surface.role === 'estimator' ? t('fields.username') : t('fields.email');
  const withNext = (path: string) => (search.get('next') ? `${path}?next=${encodeURIComponent(search.get('next')!)}` : path);

  if (mode === 'forgot' || mode === 'link') {
    const forgot = mode === 'forgot';
    return (
      <AuthCard title={forgot ? t('forgot.title') : t('magic.title')} error={magic.error?.message} testId={forgot ? 'forgot-page' : 'link-page'}>
        <Text size="sm">{forgot ? t('forgot.lead') : t('magic.lead')}</Text>
        <LinkRequestForm
          label={loginLabel}
          kind={forgot ? 'reset' : 'magic'}
          submitLabel={forgot ? t('forgot.submit') : t('magic.submit')}
          pending={forgot ? requestReset.isPending : requestLink.isPending}
          sent={sent}
          onSubmit={async (username) => {
            await (forgot ? requestReset : requestLink).mutateAsync(username);
            setSent(username);
          }}
        />
        <Anchor
          component="button"
          type="button"
          onClick={() => {
            setMode('password');
            setSent(null);
          }}
        >
          {t('backToLogin')}
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(`login.title.${surface.key}`)} error={form.formError} testId="login-page">
      {magic.isPending ? <Text>{t('magic.signingIn')}</Text> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = form.validate();
          if (value) signIn.mutateAsync(value).then((result) => complete(result), form.showError);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={loginLabel}
            type={surface.role === 'estimator' ? 'text' : 'email'}
            autoComplete="username"
            value={form.values.login}
            onChange={(event) => form.set('login', event.currentTarget.value)}
            error={form.errors.login}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            value={form.values.password}
            onChange={(event) => form.set('password', event.currentTarget.value)}
            error={form.errors.password}
          />
          <Button type="submit" loading={signIn.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        {surface.paths.magicLink ? (
          <Anchor component={Link} to={withNext(surface.paths.magicLink)} size="sm">
            {t('login.byLink')}
          </Anchor>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => setMode('link')}>
            {t('login.byLink')}
          </Anchor>
        )}
        {surface.role === 'owner' ? (
          <Anchor component="button" type="button" size="sm" onClick={() => setMode('forgot')}>
            {t('login.forgot')}
          </Anchor>
        ) : null}
        {surface.paths.passwordReset ? (
          <Anchor component={Link} to={surface.paths.passwordReset} size="sm">
            {t('login.forgot')}
          </Anchor>
        ) : null}
      </Group>
      {surface.paths.signup ? (
        <Text size="sm">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={withNext(surface.paths.signup)}>
            {t('login.signUp')}
          </Anchor>
        </Text>
      ) : null}
    </AuthCard>
  );
}
