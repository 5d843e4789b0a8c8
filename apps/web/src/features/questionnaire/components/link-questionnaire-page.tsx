import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTICE_VERSION, birthDateFromDay, type Locale, type ProfileLinkView } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { useAction } from '../../../shared/api/use-request.ts';
import { track, useTrackShown } from '../../../shared/ui/analytics.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { patchProfileByLink, requestNewLink, upgradeByLink, useProfileByLink } from '../api/profile-by-link.ts';
import { useDraft, type Names } from '../hooks/use-draft.ts';
import { ConsentNotice } from './consent-notice.tsx';
import { NamesFields, namesValid } from './names-fields.tsx';
import { QuestionnaireSteps, allStepsValid, answersToSend } from './questionnaire-steps.tsx';
import classes from '../../../shared/questionnaire/questionnaire.module.css';

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
 * `/profile-questionnaire?link=…` and `/couple-questionnaire?link=…`. Built without Mantine or TanStack Query, so the
 * page a visitor opens from a message loads fast on a phone.
 */
export function LinkQuestionnairePage() {
  const { t } = useTranslation('questionnaire');
  const { sharelink } = useParams();
  const [search] = useSearchParams();
  const permalink = sharelink ?? search.get('link') ?? '';
  const [profile, setProfile] = useProfileByLink(permalink);
  // The private link to the person's own page comes once, with the answer to sending.
  const [personToken, setPersonToken] = useState<string | null>(null);
  const setView = (view: ProfileLinkView & { personToken?: string | null }) => {
    if (view.personToken) setPersonToken(view.personToken);
    setProfile(view);
  };

  if (!permalink) return <LinkProblem title={t('link.missingTitle')} message={t('link.missing')} />;
  if (profile.status === 'pending') return <Loader label={t('loading')} />;
  if (profile.status === 'error') {
    const { error } = profile;
    if (error instanceof ApiError && error.code === 'link_expired') return <ExpiredLink permalink={permalink} message={error.message} />;
    return <LinkProblem title={t('link.invalidTitle')} message={error.message} />;
  }
  if (profile.data.locked) return <SentProfile permalink={permalink} view={profile.data} onView={setView} personToken={personToken} />;
  return <LinkQuestionnaire permalink={permalink} view={profile.data} onView={setView} />;
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <div className={classes.page} data-testid="link-problem">
      <h1>{title}</h1>
      <p className={classes.alert} role="alert">
        {message}
      </p>
    </div>
  );
}

function ExpiredLink({ permalink, message }: { permalink: string; message: string }) {
  const { t } = useTranslation('questionnaire');
  const [request, send] = useAction(() => requestNewLink(permalink));
  return (
    <div className={classes.page} data-testid="link-expired">
      <h1>{t('link.expiredTitle')}</h1>
      <p className={classes.warning}>{message}</p>
      {request.status === 'done' ? (
        <p className={classes.success} role="status">
          {t('link.requested')}
        </p>
      ) : (
        <button
          type="button"
          className={classes.button}
          onClick={() => void send()}
          disabled={request.status === 'pending'}
          aria-busy={request.status === 'pending'}
        >
          {t('link.requestNew')}
        </button>
      )}
      {request.status === 'error' ? (
        <p className={classes.alert} role="alert">
          {request.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** A questionnaire already sent: it is stored and cannot be changed; a short one may go on to the full questionnaire. */
function SentProfile({
  permalink,
  view,
  onView,
  personToken,
}: {
  permalink: string;
  view: ProfileLinkView;
  onView: (view: ProfileLinkView) => void;
  personToken: string | null;
}) {
  const { t } = useTranslation('questionnaire');
  const [upgrade, runUpgrade] = useAction(() => upgradeByLink(permalink));
  return (
    <div className={classes.page} data-testid="questionnaire-sent">
      <h1>{t('sent.title')}</h1>
      <div className={classes.profile}>
        {view.avatarName ? <img src={`/avatars/${view.avatarName}.svg`} alt={t('sent.avatar')} width={72} height={72} /> : null}
        <div>
          <p className={classes.name}>{[view.firstName, view.lastName].filter(Boolean).join(' ')}</p>
          {view.age !== null ? <p className={`${classes.dimmed} ${classes.small}`}>{t('sent.age', { age: view.age })}</p> : null}
        </div>
      </div>
      <p>{t('sent.body')}</p>
      {personToken ? (
        <p className={classes.note}>
          {t('sent.personPage')} <a href={`/person/${personToken}`} data-testid="person-page-link">{`${location.origin}/person/${personToken}`}</a>.{' '}
          {t('sent.personPageKeep')}
        </p>
      ) : null}
      {view.detailsHidden ? <p className={classes.note}>{t('sent.detailsHidden')}</p> : null}
      {view.isShort ? (
        <div className={classes.stack}>
          <p>{t('sent.upgradeHint')}</p>
          <button
            type="button"
            className={classes.button}
            onClick={() => void runUpgrade().then((next) => next && onView(next))}
            disabled={upgrade.status === 'pending'}
            aria-busy={upgrade.status === 'pending'}
          >
            {t('sent.upgrade')}
          </button>
          {upgrade.status === 'error' ? (
            <p className={classes.alert} role="alert">
              {upgrade.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function LinkQuestionnaire({ permalink, view, onView }: { permalink: string; view: ProfileLinkView; onView: (view: ProfileLinkView) => void }) {
  const { t, i18n } = useTranslation('questionnaire');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const steps = view.questionnaire.steps;
  const { draft, setDraft, reset, discard } = useDraft(permalink, () => ({ answers: view.answers, names: namesOf(view), step: 0 }));
  const [consent, setConsent] = useState(false);
  const [personEmail, setPersonEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [send, runSend] = useAction(patchProfileByLink);
  const named = namesValid(view.kind, draft.names, locale);
  const ready = named && allStepsValid(steps, draft.answers) && consent;

  useTrackShown('profile', 'questionnaire_opened');

  const submit = async () => {
    setTouched(true);
    if (!ready) return;
    const { names } = draft;
    const optional = (value: string) => (value.trim() ? value.trim() : null);
    const sent = await runSend(permalink, {
      answers: answersToSend(steps, draft.answers),
      firstName: names.firstName.trim(),
      ...(view.kind === 'love' ? { birthDate: birthDateFromDay(names.birthDate) } : { lastName: optional(names.lastName) }),
      ...(view.kind === 'couple' ? { partnerFirstName: optional(names.partnerFirstName), partnerLastName: optional(names.partnerLastName) } : {}),
      complete: true,
      consent,
      noticeVersion: NOTICE_VERSION,
      ...(personEmail.trim() ? { personEmail: personEmail.trim() } : {}),
    });
    if (!sent) return;
    discard();
    track('profile', 'questionnaire_sent');
    onView(sent);
  };

  return (
    <div className={classes.page} data-testid="link-questionnaire">
      <div className={classes.head}>
        <div>
          <h1>{t(`title.${view.kind}`)}</h1>
          {view.companyName ? <p className={classes.dimmed}>{t('invitedBy', { company: view.companyName })}</p> : null}
        </div>
        <button type="button" className={classes.danger} onClick={reset}>
          {t('form.reset')}
        </button>
      </div>
      {draft.step === 0 ? <ConsentNotice company={view.companyName} /> : null}
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
          <NamesFields
            kind={view.kind}
            names={draft.names}
            onChange={(names) => setDraft((current) => ({ ...current, names }))}
            locale={locale}
            touched={touched}
          />
        }
        introValid={named}
        storedNeurons={view.storedNeurons}
        sides={{ self: draft.names.firstName || t('sides.self'), partner: draft.names.partnerFirstName || t('sides.partner') }}
        finish={
          <div className={classes.stack}>
            <div className={classes.field}>
              <label className={classes.option}>
                <input
                  type="checkbox"
                  checked={consent}
                  onChange={(event) => setConsent(event.currentTarget.checked)}
                  aria-invalid={touched && !consent ? true : undefined}
                  aria-describedby={touched && !consent ? 'consent-error' : undefined}
                />
                <span>{t('form.consent')}</span>
              </label>
              {touched && !consent ? (
                <p id="consent-error" className={classes.error}>
                  {t('form.consentRequired')}
                </p>
              ) : null}
            </div>
            <label className={classes.field}>
              <span className={classes.label}>{t('form.personEmail')}</span>
              <input type="email" value={personEmail} onChange={(event) => setPersonEmail(event.currentTarget.value)} autoComplete="email" />
            </label>
            {!named ? <p className={classes.warning}>{t('form.namesFirst')}</p> : null}
            {send.status === 'error' ? (
              <p className={classes.alert} role="alert">
                {send.error.message}
              </p>
            ) : null}
            <button
              type="button"
              className={classes.button}
              onClick={() => void submit()}
              disabled={!allStepsValid(steps, draft.answers) || send.status === 'pending'}
              aria-busy={send.status === 'pending'}
            >
              {t('form.send')}
            </button>
          </div>
        }
      />
    </div>
  );
}
