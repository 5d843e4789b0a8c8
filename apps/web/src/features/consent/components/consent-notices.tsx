import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { consentStore, updateConsent } from '../../../shared/ui/consent-store.ts';
import { AnalyticsToggle } from '../../../shared/ui/analytics-toggle.tsx';
import classes from './consent.module.css';

/**
 * The cookie notice and the privacy-policy notice (spec section 8): they stay until the visitor closes them, and
 * closing is remembered in local storage. The cookie notice also holds the analytics consent switch.
 */
export function ConsentNotices() {
  const { t } = useTranslation('consent');
  const consent = consentStore.use();
  if (consent.cookiesClosed && consent.privacyClosed) return null;
  return (
    <div className={classes.stack}>
      {consent.cookiesClosed ? null : (
        <section className={classes.notice} aria-label={t('cookies.label')} data-testid="cookie-notice">
          <p>
            {t('cookies.body')} <Link to="/help/cookies">{t('cookies.more')}</Link>
          </p>
          <AnalyticsToggle id="consent-analytics" className={classes.toggle} label={t('analytics.label')} />
          <button type="button" className={classes.close} aria-label={t('close')} onClick={() => updateConsent({ cookiesClosed: true })}>
            ×
          </button>
        </section>
      )}
      {consent.privacyClosed ? null : (
        <section className={classes.notice} aria-label={t('privacy.label')} data-testid="privacy-notice">
          <p>
            {t('privacy.body')} <Link to="/help/privacy">{t('privacy.more')}</Link>
          </p>
          <button type="button" className={classes.close} aria-label={t('close')} onClick={() => updateConsent({ privacyClosed: true })}>
            ×
          </button>
        </section>
      )}
    </div>
  );
}
