import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHostInfo } from '../../../shared/ui/host-info.ts';
import classes from './help.module.css';

const questions = ['what', 'accuracy', 'questionnaire', 'link', 'pair', 'team', 'simulator', 'compare', 'monitor', 'data', 'plans', 'delete'] as const;

/** /faq: the common questions, each opening in place (native details, no script needed). `helpPath`: where help lives in this shell. */
export function FaqPage({ helpPath = '/help' }: { helpPath?: string }) {
  const { t } = useTranslation('help');
  const host = useHostInfo();
  return (
    <div className={classes.page} data-testid="faq-page">
      <h1>{t('faq.title')}</h1>
      <p className={classes.lead}>{t('faq.lead', { title: host.title })}</p>
      <div className={classes.faq}>
        {questions.map((question) => (
          <details key={question} id={`faq-${question}`}>
            <summary>{t(`faq.items.${question}.q`)}</summary>
            <p>{t(`faq.items.${question}.a`)}</p>
          </details>
        ))}
      </div>
      <p className={classes.contact}>
        {t('faq.more')} <Link to={helpPath}>{t('faq.helpLink')}</Link>
        {host.supportEmail ? (
          <>
            {' · '}
            {t('contact')} <a href={`mailto:${host.supportEmail}`}>{host.supportEmail}</a>
          </>
        ) : null}
      </p>
    </div>
  );
}
