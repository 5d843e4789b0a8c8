import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { birthDateFromDay, type Locale, type ProfileLinkView } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { usePatchProfileByLink, useProfileByLink, useUpgradeByLink } from '../api/profile-by-link.ts';
import { useRequestNewLink } from '../api/request-new-link.ts';
import { useDraft, type Names } from '../hooks/use-draft.ts';
import { NamesFields, namesValid } from './names-fields.tsx';
import { QuestionnaireSteps, allStepsValid, answersToSend } from './questionnaire-steps.tsx';

function namesOf(view: ProfileLinkView): Names {
  return {
    firstName: view.firstName ?? '',
    lastName: view.lastName ?? '',
    partnerFirstName: view.partnerFirstName ?? '',
    partnerLastName: view.partnerLastName ?? '',
    birthDate: view.birthDate ? view.birthDate.slice(0, 10) : '',
  };
}

/**
 * The questionnaire an anonymous visitor fills from a share link: `/owner/link/:sharelink`, its owner-mobile twin,
 * `/profile-questionnaire?link=…` and `/couple-questionnaire?link=…`.
 */
export function LinkQuestionnairePage() {
  const { t } = useTranslation('questionnaire');
  const { sharelink } = useParams();
  const [search] = useSearchParams();
  const permalink = sharelink ?? search.get('link') ?? '';
  const profile = useProfileByLink(permalink);

  if (!permalink) return <LinkProblem title={t('link.missingTitle')} message={t('link.missing')} />;
  if (profile.isPending) return <Loader m="xl" aria-label={t('loading')} />;
  if (profile.isError) {
    const error = profile.error;
    if (error instanceof ApiError && error.code === 'link_expired') return <ExpiredLink permalink={permalink} message={error.message} />;
    return <LinkProblem title={t('link.invalidTitle')} message={error.message} />;
  }
  if (profile.data.locked) return <SentProfile permalink={permalink} view={profile.data} />;
  return <LinkQuestionnaire permalink={permalink} view={profile.data} />;
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <Stack maw={640} py="xl" data-testid="link-problem">
      <Title order={1}>{title}</Title>
      <Alert color="red">{message}</Alert>
    </Stack>
  );
}

function ExpiredLink({ permalink, message }: { permalink: string; message: string }) {
  const { t } = useTranslation('questionnaire');
  const request = useRequestNewLink(permalink);
  return (
    <Stack maw={640} py="xl" data-testid="link-expired">
      <Title order={1}>{t('link.expiredTitle')}</Title>
      <Alert color="yellow">{message}</Alert>
      {request.isSuccess ? (
        <Alert color="teal">{t('link.requested')}</Alert>
      ) : (
        <Button w="fit-content" onClick={() => request.mutate()} loading={request.isPending}>
          {t('link.requestNew')}
        </Button>
      )}
      {request.isError ? <Alert color="red">{request.error.message}</Alert> : null}
    </Stack>
  );
}

/** A questionnaire already sent: it is stored and cannot be changed; a short one may go on to the full questionnaire. */
function SentProfile({ permalink, view }: { permalink: string; view: ProfileLinkView }) {
  const { t } = useTranslation('questionnaire');
  const upgrade = useUpgradeByLink(permalink);
  return (
    <Stack maw={640} py="xl" data-testid="questionnaire-sent">
      <Title order={1}>{t('sent.title')}</Title>
      <Group>
        {view.avatarName ? <Image src={`/avatars/${view.avatarName}.svg`} alt={t('sent.avatar')} w={72} h={72} /> : null}
        <Stack gap={2}>
          <Text fw={600}>{[view.firstName, view.lastName].filter(Boolean).join(' ')}</Text>
          {view.age !== null ? <Text size="sm">{t('sent.age', { age: view.age })}</Text> : null}
        </Stack>
      </Group>
      <Text>{t('sent.body')}</Text>
      {view.detailsHidden ? <Alert color="gray">{t('sent.detailsHidden')}</Alert> : null}
      {view.isShort ? (
        <Stack gap="xs">
          <Text>{t('sent.upgradeHint')}</Text>
          <Button w="fit-content" onClick={() => upgrade.mutate()} loading={upgrade.isPending}>
            {t('sent.upgrade')}
          </Button>
          {upgrade.isError ? <Alert color="red">{upgrade.error.message}</Alert> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function LinkQuestionnaire({ permalink, view }: { permalink: string; view: ProfileLinkView }) {
  const { t, i18n } = useTranslation('questionnaire');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const steps = view.questionnaire.steps;
  const { draft, setDraft, reset, discard } = useDraft(permalink, () => ({ answers: view.answers, names: namesOf(view), step: 0 }));
  const [consent, setConsent] = useState(false);
  const [touched, setTouched] = useState(false);
  const send = usePatchProfileByLink(permalink);
  const ready = namesValid(view.kind, draft.names, locale) && allStepsValid(steps, draft.answers) && consent;

  const submit = () => {
    setTouched(true);
    if (!ready) return;
    const { names } = draft;
    const optional = (value: string) => (value.trim() ? value.trim() : null);
    send.mutate(
      {
        answers: answersToSend(steps, draft.answers),
        firstName: names.firstName.trim(),
        ...(view.kind === 'love' ? { birthDate: birthDateFromDay(names.birthDate) } : { lastName: optional(names.lastName) }),
        ...(view.kind === 'couple' ? { partnerFirstName: optional(names.partnerFirstName), partnerLastName: optional(names.partnerLastName) } : {}),
        complete: true,
        consent,
      },
      { onSuccess: discard },
    );
  };

  return (
    <Stack maw={760} py="lg" gap="md" data-testid="link-questionnaire">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1}>{t(`title.${view.kind}`)}</Title>
          {view.companyName ? <Text c="dimmed">{t('invitedBy', { company: view.companyName })}</Text> : null}
        </Stack>
        <Button variant="subtle" color="red" onClick={reset}>
          {t('form.reset')}
        </Button>
      </Group>
      <QuestionnaireSteps
        steps={steps}
        answers={draft.answers}
        onAnswers={(answers) => setDraft((current) => ({ ...current, answers }))}
        step={draft.step}
        onStep={(step) => {
          setTouched(true);
          setDraft((current) => ({ ...current, step }));
        }}
        intro={<NamesFields kind={view.kind} names={draft.names} onChange={(names) => setDraft((current) => ({ ...current, names }))} locale={locale} touched={touched} />}
        introValid={namesValid(view.kind, draft.names, locale)}
        storedNeurons={view.storedNeurons}
        sides={{ self: draft.names.firstName || t('sides.self'), partner: draft.names.partnerFirstName || t('sides.partner') }}
        finish={
          <Stack gap="sm">
            <Checkbox checked={consent} onChange={(event) => setConsent(event.currentTarget.checked)} label={t('form.consent')} error={touched && !consent ? t('form.consentRequired') : null} />
            {!namesValid(view.kind, draft.names, locale) ? <Alert color="yellow">{t('form.namesFirst')}</Alert> : null}
            {send.isError ? <Alert color="red">{send.error.message}</Alert> : null}
            <Button onClick={submit} loading={send.isPending} disabled={!allStepsValid(steps, draft.answers)} w="fit-content">
              {t('form.send')}
            </Button>
          </Stack>
        }
      />
    </Stack>
  );
}
