import { useEffect, useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/ui/notify.ts';
import { useRequestPasswordReset, useResetPassword } from '../api/password-reset.ts';
import { surfaces } from '../surfaces.ts';
import { AuthCard } from './auth-card.tsx';
import { LinkRequestForm } from './link-request-form.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/** The estimator's password reset: asks for a link by mail, and sets the new password when opened from it. */
export function EstimatorPasswordResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [token] = useState(() => search.get('token'));
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestPasswordReset(surfaces.estimator);
  const reset = useResetPassword(surfaces.estimator);

  useEffect(() => {
    if (token)
      setSearch(
        (current) => {
          current.delete('token');
          return current;
        },
        { replace: true },
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the token of the first render
  }, []);

  return (
    <AuthCard title={t('reset.title')} testId="reset-page">
      {token ? (
        <>
          <Text size="sm">{t('reset.lead')}</Text>
          <NewPasswordForm
            submitLabel={t('reset.submit')}
            pending={reset.isPending}
            onSubmit={async (value) => {
              await reset.mutateAsync({ token, ...value });
              notify.positive(t('reset.done'));
              void navigate(surfaces.estimator.paths.login, { replace: true });
            }}
          />
        </>
      ) : (
        <>
          <Text size="sm">{t('forgot.lead')}</Text>
          <LinkRequestForm
            label={t('fields.username')}
            kind="reset"
            submitLabel={t('forgot.submit')}
            pending={request.isPending}
            sent={sent}
            onSubmit={async (username) => {
              await request.mutateAsync(username);
              setSent(username);
            }}
          />
        </>
      )}
      <Anchor component={Link} to={surfaces.estimator.paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
