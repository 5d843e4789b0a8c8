import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHostInfo } from '../../../shared/ui/host-info.ts';
import { helpImage, helpTopics, isHelpTopic } from './help-topics.ts';
import { AnalyticsToggle } from '../../../shared/ui/analytics-toggle.tsx';
import classes from './help.module.css';

/** /help lists the topics; /help/{topic} shows one, with its picture in the host's variant. `helpPath`: where help lives in this shell. */
export function HelpPage({ helpPath = '/help' }: { helpPath?: string }) {
  const { t } = useTranslation('help');
  const { topic } = useParams();
  const host = useHostInfo();
  const contact = host.supportEmail ? (
    <p className={classes.contact}>
      {t('contact')} <a href={`mailto:${host.supportEmail}`}>{host.supportEmail}</a>
    </p>
  ) : null;

  if (!isHelpTopic(topic)) {
    return (
      <div className={classes.page} data-testid="help-index">
        <h1>{t('help.title')}</h1>
        <p className={classes.lead}>{t('help.lead', { title: host.title })}</p>
        <ul className={classes.topics}>
          {helpTopics.map((item) => (
            <li key={item}>
              <Link to={`${helpPath}/${item}`}>
                <strong>{t(`help.topics.${item}.title`)}</strong>
                <span>{t(`help.topics.${item}.summary`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {contact}
      </div>
    );
  }

  const image = helpImage(topic, host.variant);
  return (
    <article className={classes.page} data-testid={`help-${topic}`}>
      <Link className={classes.back} to={helpPath}>
        ← {t('help.all')}
      </Link>
      <h1>{t(`help.topics.${topic}.title`)}</h1>
      <p className={classes.lead}>{t(`help.topics.${topic}.summary`)}</p>
      <p>{t(`help.topics.${topic}.body`, { title: host.title })}</p>
      {image ? (
        <figure className={classes.figure}>
          <img src={image} alt={t(`help.topics.${topic}.imageAlt`)} width={640} height={360} loading="lazy" decoding="async" />
          <figcaption>{t(`help.topics.${topic}.imageAlt`)}</figcaption>
        </figure>
      ) : null}
      {topic === 'cookies' ? <AnalyticsToggle id="help-analytics" className={classes.toggle} label={t('analyticsSetting')} /> : null}
      {contact}
    </article>
  );
}
