import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConsentSchema, EmailSchema, PasswordPairSchema } from '@teamcast/contracts';
import { useSchemaForm } from '../../../shared/forms/schema-form.ts';
import { track, useTrackShown } from '../../../shared/ui/analytics.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useSignUp } from '../api/sign-up.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import type { AuthSurface } from '../surfaces.ts';
import { AuthCard } from './auth-card.tsx';
import { ConsentFields } from './consent-fields.tsx';

const consents = { privacyPolicy: ConsentSchema, personalData: ConsentSchema };
const WorkSignupSchema = z.object({ email: EmailSchema, companyName: z.string().trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }), ...consents }).and(PasswordPairSchema);
const LoveSignupSchema = z.object({ email: EmailSchema, companyName: z.string(), ...consents }).and(PasswordPairSchema);

/** Owner sign-up (first-signup): e-mail, company (not in the love variant), password twice and the two consents. */
export function SignupPage({ surface }: { surface: AuthSurface }) {
  const { t } = useTranslation('auth');
  const { complete } = useCompleteSignIn(surface);
  const signUp = useSignUp(surface);
  useTrackShown('registration', 'signup_opened');
  const form = useSchemaForm(surface.love ? LoveSignupSchema : WorkSignupSchema, {
    email: '',
    companyName: '',
    password: '',
    repeatPassword: '',
    privacyPolicy: false as unknown as true,
    personalData: false as unknown as true,
  });
  const { values, errors } = form;
  return (
    <AuthCard title={t(surface.love ? 'signup.loveTitle' : 'signup.title')} error={form.formError} testId="signup-page">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = form.validate();
          if (!value) return;
          track('registration', 'signup_submitted');
          signUp.mutateAsync(value).then((result) => {
            track('registration', 'signup_succeeded');
            notify.positive(t('signup.verifySent', { address: value.email }));
            complete(result);
          }, form.showError);
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('fields.email')} type="email" autoComplete="email" value={values.email} onChange={(event) => form.set('email', event.currentTarget.value)} error={errors.email} />
          {surface.love ? null : (
            <TextInput label={t('fields.companyName')} autoComplete="organization" value={values.companyName} onChange={(event) => form.set('companyName', event.currentTarget.value)} error={errors.companyName} />
          )}
          <PasswordInput label={t('fields.password')} autoComplete="new-password" value={values.password} onChange={(event) => form.set('password', event.currentTarget.value)} error={errors.password} />
          <PasswordInput
            label={t('fields.repeatPassword')}
            autoComplete="new-password"
            value={values.repeatPassword}
            onChange={(event) => form.set('repeatPassword', event.currentTarget.value)}
            error={errors.repeatPassword}
          />
          <ConsentFields values={values} errors={errors} onChange={(field, checked) => form.set(field, checked as true)} />
          <Button type="submit" loading={signUp.isPending}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {t('signup.haveAccount')}{' '}
        <Anchor component={Link} to={surface.paths.login}>
          {t('signup.signIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
