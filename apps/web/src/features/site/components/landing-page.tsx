import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const audiences = ['business', 'leads', 'managers', 'founders', 'investors'] as const;
const features = ['pair', 'team', 'simulator', 'compare', 'monitor'] as const;
const plans = ['basic', 'teams', 'simulator', 'monitor', 'enterprise'] as const;
const steps = ['profiles', 'score', 'forecast'] as const;

/** The public landing: what Teamcast forecasts, for whom, the features, the plans, and the ways in. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <div data-testid="landing-page">
      <section className={classes.hero} aria-labelledby="landing-title">
        <p className={classes.eyebrow}>{t('landing.eyebrow')}</p>
        <h1 id="landing-title">{t('landing.headline')}</h1>
        <p className={classes.lead}>{t('landing.lead')}</p>
        <div className={classes.actions}>
          <Link className={classes.primary} to="/owner/first-signup" data-testid="landing-signup">
            {t('landing.signUp')}
          </Link>
          <Link className={classes.secondary} to="/owner/login">
            {t('landing.signIn')}
          </Link>
        </div>
      </section>

      <section className={classes.section} aria-labelledby="landing-audience">
        <h2 id="landing-audience">{t('landing.audienceTitle')}</h2>
        <ul className={classes.audience}>
          {audiences.map((audience) => (
            <li key={audience}>{t(`landing.audience.${audience}`)}</li>
          ))}
        </ul>
      </section>

      <section className={classes.section} aria-labelledby="landing-how">
        <h2 id="landing-how">{t('landing.howTitle')}</h2>
        <ol className={classes.grid}>
          {steps.map((step, index) => (
            <li key={step} className={classes.card}>
              <h3>
                {index + 1}. {t(`landing.how.${step}.title`)}
              </h3>
              <p>{t(`landing.how.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={classes.section} aria-labelledby="landing-features">
        <h2 id="landing-features">{t('landing.featuresTitle')}</h2>
        <ul className={classes.grid}>
          {features.map((feature) => (
            <li key={feature} className={classes.card} data-testid={`feature-${feature}`}>
              <h3>{t(`landing.features.${feature}.title`)}</h3>
              <p>{t(`landing.features.${feature}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={classes.section} aria-labelledby="landing-plans">
        <h2 id="landing-plans">{t('landing.plansTitle')}</h2>
        <ul className={classes.grid}>
          {plans.map((plan) => (
            <li key={plan} className={classes.card}>
              <h3>{t(`landing.plans.${plan}.title`)}</h3>
              <p>{t(`landing.plans.${plan}.body`)}</p>
              {plan === 'enterprise' ? (
                <p>
                  <Link to="/enterprise">{t('landing.plans.enterprise.cta')}</Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <p className={classes.note}>{t('landing.plansNote')}</p>
      </section>

      <section className={classes.section} aria-labelledby="landing-start">
        <h2 id="landing-start">{t('landing.startTitle')}</h2>
        <p className={classes.lead}>{t('landing.startBody')}</p>
        <div className={classes.actions}>
          <Link className={classes.primary} to="/owner/first-signup">
            {t('landing.signUp')}
          </Link>
          <Link className={classes.secondary} to="/owner-mobile/login">
            {t('landing.onPhone')}
          </Link>
        </div>
      </section>
    </div>
  );
}
