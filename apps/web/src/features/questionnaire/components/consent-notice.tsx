import { useTranslation } from 'react-i18next';
import classes from '../../../shared/questionnaire/questionnaire.module.css';

/**
 * What the person is told before the first question (issue 29, docs/privacy.md; the text's version is NOTICE_VERSION):
 * who invited them, what is computed, who sees it, how long it is kept, that no decision rests on it alone, how to
 * withdraw. `company` null on the flame questionnaire, which the person fills for themself.
 */
export function ConsentNotice({ company, own = false }: { company: string | null; own?: boolean }) {
  const { t } = useTranslation('questionnaire');
  const keys = own ? ['computed', 'kept', 'decision', 'withdraw'] : ['who', 'computed', 'seen', 'kept', 'decision', 'withdraw'];
  return (
    <section className={classes.note} aria-labelledby="notice-title" data-testid="consent-notice">
      <h2 id="notice-title">{t('notice.title')}</h2>
      <ul>
        {/* The flame questionnaire's own line lives in the person namespace: the light link page does not load it. */}
        {own ? <li>{t('person:ownNotice')}</li> : null}
        {keys.map((key) => (
          <li key={key}>{t(`notice.${key}`, { company: company ?? t('notice.sender') })}</li>
        ))}
      </ul>
    </section>
  );
}
