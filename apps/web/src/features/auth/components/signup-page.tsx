import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConsentSchema, EmailSchema } from '@teamcast/contracts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { track, useTrackShown } from '../../../shared/ui/analytics.ts';
import { useSignUp } from '../api/sign-up.ts';
import type { AuthSurface } from '../surfaces.ts';
import { AuthCard } from './auth-card.tsx';
import { ConsentFields } from './consent-fields.tsx';

const consents = { privacyPolicy: ConsentSchema, personalData: ConsentSchema };
const WorkSignupSchema = z.object({
  email: EmailSchema,
  companyName: z.string().trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
  ...consents,
});
const LoveSignupSchema = z.object({ email: EmailSchema, companyName: z.string(), ...consents });

/**
 * Owner sign-up (first-signup): e-mail, company (not in the love variant) and the two consents, then "check your
 * mail". The password is chosen after the mailed link proves the address: one chosen before could be anybody's.
 */
export function SignupPage({ surface }: { surface: AuthSurface }) {
  const { t } = useTranslation('auth');
  const signUp = useSignUp(surface);
  const [sent, setSent] = useState<string | null>(null);
  useTrackShown('registration', 'signup_opened');
  const form = useSchemaForm(surface.love ? LoveSignupSchema : WorkSignupSchema, {
    email: '',
    companyName: '',
    privacyPolicy: false as unknown as true,
    personalData: false as unknown as true,
  });
  const { values, errors } = form;
  return (
    <AuthCard title={t(surface.love ? 'signup.loveTitle' : 'signup.title')} error={form.formError} testId="signup-page">
      {sent ? (
        <Alert color="teal" data-testid="signup-sent">
          {t('signup.checkMail', { address: sent })}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = form.validate();
            if (!value) return;
            track('registration', 'signup_submitted');
            signUp.mutateAsync(value).then(() => {
              track('registration', 'signup_succeeded');
              setSent(value.email);
            }, form.showError);
          }}
        >
          <Stack gap="sm">
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
            <Button type="submit" loading={signUp.isPending}>
              {t('signup.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm">
        {t('signup.haveAccount')}{' '}
        <Anchor component={Link} to={surface.paths.login}>
          {t('signup.signIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
