import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale, PersonData, PersonPage as Page } from '@teamcast/contracts';
import { useAction } from '../../../shared/api/use-request.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { usePersonPage, withdrawProfile } from '../api/person-page.ts';
import classes from '../../../shared/questionnaire/questionnaire.module.css';

const WORK_SCORES = ['competencies', 'professionalism', 'maturity'] as const;
const LOVE_SCORES = ['intimacy', 'passion', 'commitment'] as const;

/**
 * The person's own page (`/person/:token`, issue 29): what was concluded about them and from what, who holds it, a
 * download of all of it, and withdrawal. Light like the questionnaire it follows (no Mantine, no TanStack Query).
 */
export function PersonPage() {
  const { t, i18n } = useTranslation('person');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const { token = '' } = useParams();
  const [page, setPage] = usePersonPage(token);
  const date = (iso: string) => new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long' }).format(new Date(iso));

  if (page.status === 'pending') return <Loader label={t('loading')} />;
  if (page.status === 'error') {
    return (
      <div className={classes.page} data-testid="person-problem">
        <h1>{t('problem')}</h1>
        <p className={classes.alert} role="alert">
          {page.error.message}
        </p>
      </div>
    );
  }
  const { holder, consent, withdrawnAt, data, expiresAt } = page.data;
  return (
    <div className={classes.page} data-testid="person-page">
      <h1>{t('title')}</h1>
      <p>{holder ? t('holder', { company: holder.companyName ?? holder.email, email: holder.email }) : t('noHolder')}</p>
      {consent ? <p className={`${classes.dimmed} ${classes.small}`}>{t('consent', { version: consent.noticeVersion, date: date(consent.at) })}</p> : null}
      {withdrawnAt || !data ? (
        <p className={classes.success} role="status" data-testid="person-withdrawn">
          {t('withdrawn', { date: date(withdrawnAt ?? expiresAt) })}
        </p>
      ) : (
        <>
          <Computed data={data} locale={locale} />
          <Answers data={data} locale={locale} />
          <div className={classes.stack}>
            <button type="button" className={classes.secondary} onClick={() => download(page.data)} data-testid="person-download">
              {t('download')}
            </button>
            <Withdraw token={token} onDone={(at) => setPage({ ...page.data, withdrawnAt: at, data: null })} />
          </div>
          <p className={`${classes.dimmed} ${classes.small}`}>{t('expires', { date: date(expiresAt) })}</p>
        </>
      )}
    </div>
  );
}

/** Everything on the page as one JSON file. */
function download(page: Page) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(page, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'teamcast-my-data.json';
  link.click();
  queueMicrotask(() => URL.revokeObjectURL(url));
}

/** The scores and grade, and the answers that moved each score most (the explanation). */
function Computed({ data, locale }: { data: PersonData; locale: Locale }) {
  const { t } = useTranslation('person');
  const { scores, explanation } = data;
  const love = scores.love?.people ?? [];
  const scored = scores.grade !== null || love.length > 0;
  return (
    <section className={classes.stack} aria-labelledby="computed-title">
      <h2 id="computed-title">{t('computed')}</h2>
      {!scored ? <p>{t('notScored')}</p> : null}
      {scores.grade ? (
        <p data-testid="person-grade">
          {t('grade')}: <strong>{scores.grade}</strong>
        </p>
      ) : null}
      {scores.grade ? (
        <ul>
          {WORK_SCORES.map((key) => (
            <li key={key}>
              {t(`scores.${key}`)}: {Math.round(scores[key] ?? 0)}
            </li>
          ))}
        </ul>
      ) : null}
      {love.map((person, index) => (
        <ul key={index}>
          {LOVE_SCORES.map((key) => (
            <li key={key}>
              {t(`scores.${key}`)}: {Math.round(person[key])}
            </li>
          ))}
        </ul>
      ))}
      {explanation ? (
        <div>
          <h3>{t('why')}</h3>
          {(explanation.source === 'love-rules'
            ? explanation.people.flatMap((person) => LOVE_SCORES.map((key) => [key, person[key]] as const))
            : WORK_SCORES.map((key) => [key, explanation[key]] as const)
          ).map(([key, items], index) => (
            <p key={index} className={classes.small}>
              <strong>{t(`scores.${key}`)}</strong>: {items.map((item) => `${item.question[locale]} (${item.points > 0 ? '+' : ''}${item.points})`).join('; ')}
            </p>
          ))}
        </div>
      ) : null}
      <p className={classes.note}>{t('decision')}</p>
    </section>
  );
}

function Answers({ data, locale }: { data: PersonData; locale: Locale }) {
  const { t } = useTranslation('person');
  const names = [data.firstName, data.lastName].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="answers-title">
      <h2 id="answers-title">{t('answers')}</h2>
      {names ? <p>{names}</p> : null}
      <dl data-testid="person-answers">
        {data.answers.map((answer) => (
          <div key={answer.neuron}>
            <dt className={classes.label}>{answer.question[locale]}</dt>
            <dd>
              {answer.labels.length > 0
                ? answer.labels.map((label) => label[locale]).join(', ')
                : Array.isArray(answer.value)
                  ? answer.value.join(' – ')
                  : String(answer.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Withdraw({ token, onDone }: { token: string; onDone: (withdrawnAt: string) => void }) {
  const { t } = useTranslation('person');
  const [confirming, setConfirming] = useState(false);
  const [state, run] = useAction(() => withdrawProfile(token));
  if (!confirming) {
    return (
      <button type="button" className={classes.danger} onClick={() => setConfirming(true)}>
        {t('withdraw')}
      </button>
    );
  }
  return (
    <div className={classes.stack} role="group" aria-label={t('withdraw')}>
      <p className={classes.warning}>{t('withdrawConfirm')}</p>
      <div className={classes.row}>
        <button
          type="button"
          className={classes.danger}
          onClick={() => void run().then((result) => result && onDone(result.withdrawnAt))}
          disabled={state.status === 'pending'}
          aria-busy={state.status === 'pending'}
        >
          {t('withdrawYes')}
        </button>
        <button type="button" className={classes.secondary} onClick={() => setConfirming(false)}>
          {t('cancel')}
        </button>
      </div>
      {state.status === 'error' ? (
        <p className={classes.alert} role="alert">
          {state.error.message}
        </p>
      ) : null}
    </div>
  );
}
