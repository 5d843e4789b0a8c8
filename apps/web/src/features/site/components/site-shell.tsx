import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLATFORM_TITLES, type Locale } from '@teamcast/contracts';
import { configureApi } from '../../../shared/api/client.ts';
import { changeLocale } from '../../../shared/i18n/i18n.ts';
import { useHostInfo } from '../../../shared/ui/host-info.ts';
import classes from './site.module.css';

const languages: Locale[] = ['ru', 'en'];

/** Russian / English buttons that switch every text at once and remember the choice. */
function LanguageButtons() {
  const { t, i18n } = useTranslation('site');
  return (
    <div className={classes.languages} role="group" aria-label={t('layout.language')}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.language === language}
          onClick={() => void changeLocale(language).then(() => configureApi({ locale: language }))}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

/**
 * Public pages of the love product on any host: the flame onboarding, the love and couple questionnaire links and the
 * shared love result. They wear the love product's frame (its title, no business sections) even on the work host.
 */
export function isLovePage(pathname: string): boolean {
  return /^\/(flame-mobile|profile-questionnaire|couple-questionnaire|result)(\/|$)/.test(pathname);
}

/** The public pages' frame: title, sections, language, and a footer with the host's support contact. No Mantine, to stay light. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('site');
  const host = useHostInfo();
  const { pathname } = useLocation();
  const love = host.variant === 'love' || isLovePage(pathname);
  const title = love ? PLATFORM_TITLES.love : host.title;
  // On a phone the sections fold behind one button (site.module.css), so the header stays one line.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  return (
    <div className={`${classes.shell} ${love ? classes.love : ''}`} data-variant={love ? 'love' : host.variant}>
      <a className={classes.skip} href="#main">
        {t('common:app.skipToContent')}
      </a>
      <header className={classes.header}>
        <div className={classes.bar}>
          <Link to={love && host.variant !== 'love' ? '/flame-mobile' : '/'} className={classes.brand} data-testid="site-title">
            {title}
          </Link>
          <LanguageButtons />
          <button
            type="button"
            className={classes.menuButton}
            aria-expanded={menuOpen}
            aria-controls="site-sections"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('layout.menu')}
          </button>
          <nav id="site-sections" className={classes.nav} data-open={menuOpen} aria-label={t('layout.sections')}>
            <Link to="/faq" onClick={closeMenu}>
              {t('layout.faq')}
            </Link>
            <Link to="/help" onClick={closeMenu}>
              {t('layout.help')}
            </Link>
            {love ? null : (
              <Link to="/enterprise" onClick={closeMenu}>
                {t('layout.enterprise')}
              </Link>
            )}
            <Link to={love ? '/love-mobile/login' : '/owner/login'} onClick={closeMenu}>
              {t('layout.signIn')}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className={classes.main}>
        {children}
      </main>
      <footer className={classes.footer}>
        <div className={classes.bar}>
          <span>
            © {title}
            {host.supportEmail ? (
              <>
                {' · '}
                {t('layout.support')} <a href={`mailto:${host.supportEmail}`}>{host.supportEmail}</a>
              </>
            ) : null}
          </span>
          <nav className={classes.footerLinks} aria-label={t('layout.more')}>
            <Link to="/help/privacy">{t('layout.privacy')}</Link>
            <Link to="/help/cookies">{t('layout.cookies')}</Link>
            {love ? null : <Link to="/estimator/login">{t('layout.estimators')}</Link>}
          </nav>
        </div>
      </footer>
    </div>
  );
}
