import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTICE_VERSION, birthDateFromDay, type Locale } from '@teamcast/contracts';
import { useCreateFlameProfile, useLoveQuestionnaire } from '../api/flame.ts';
import { emptyNames, useDraft } from '../hooks/use-draft.ts';
import { ConsentNotice } from './consent-notice.tsx';
import { NamesFields, namesValid } from './names-fields.tsx';
import { QuestionnaireSteps, allStepsValid, answersToSend } from './questionnaire-steps.tsx';

/** Local draft key of the flame questionnaire, which has no permalink until it is sent. */
const FLAME_DRAFT = 'flame';

/** The love questionnaire of the flame onboarding, filled without an account; sending it creates the profile. */
export function FlameQuestionnairePage() {
  const { t, i18n } = useTranslation('questionnaire');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const navigate = useNavigate();
  const questionnaire = useLoveQuestionnaire();
  const { draft, setDraft, reset, discard } = useDraft(FLAME_DRAFT, () => ({ answers: [], names: emptyNames, step: 0 }));
  const [consent, setConsent] = useState(false);
  const [touched, setTouched] = useState(false);
  const create = useCreateFlameProfile();

  if (questionnaire.isPending) return <Loader m="xl" aria-label={t('loading')} />;
  if (questionnaire.isError) return <Alert color="red">{questionnaire.error.message}</Alert>;
  const steps = questionnaire.data.steps;
  const ready = namesValid('love', draft.names, locale) && allStepsValid(steps, draft.answers) && consent;

  const submit = () => {
    setTouched(true);
    if (!ready) return;
    create.mutate(
      {
        answers: answersToSend(steps, draft.answers),
        firstName: draft.names.firstName.trim(),
        birthDate: birthDateFromDay(draft.names.birthDate)!,
        consent: true,
        noticeVersion: NOTICE_VERSION,
      },
      {
        onSuccess: ({ permalink, personToken }) => {
          discard();
          // The private link to the person's own page is shown once, on the result.
          void navigate(`/flame-mobile/questionnaire/${permalink}`, { state: { personToken } });
        },
      },
    );
  };

  return (
    <Stack maw={720} py="lg" gap="md" data-testid="flame-questionnaire">
      <Group justify="space-between">
        <Title order={1}>{t('title.love')}</Title>
        <Button variant="subtle" color="red" onClick={reset}>
          {t('form.reset')}
        </Button>
      </Group>
      {draft.step === 0 ? <ConsentNotice company={null} own /> : null}
      <QuestionnaireSteps
        steps={steps}
        answers={draft.answers}
        onAnswers={(answers) => setDraft((current) => ({ ...current, answers }))}
        step={draft.step}
        onStep={(step) => {
          setTouched(true);
          setDraft((current) => ({ ...current, step }));
        }}
        intro={
          <NamesFields kind="love" names={draft.names} onChange={(names) => setDraft((current) => ({ ...current, names }))} locale={locale} touched={touched} />
        }
        introValid={namesValid('love', draft.names, locale)}
        finish={
          <Stack gap="sm">
            <Checkbox
              checked={consent}
              onChange={(event) => setConsent(event.currentTarget.checked)}
              label={t('form.consent')}
              error={touched && !consent ? t('form.consentRequired') : null}
            />
            {create.isError ? <Alert color="red">{create.error.message}</Alert> : null}
            <Button color="pink" onClick={submit} loading={create.isPending} disabled={!allStepsValid(steps, draft.answers)} w="fit-content">
              {t('form.send')}
            </Button>
          </Stack>
        }
      />
    </Stack>
  );
}
