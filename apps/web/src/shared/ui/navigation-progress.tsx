import { useTranslation } from 'react-i18next';
import { useLoaderProgress } from './use-loader-progress.ts';
import classes from './navigation-progress.module.css';

/** A thin bar along the top while the next screen loads, moving through the spec's loader bands. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const value = useLoaderProgress();
  return (
    <div
      className={classes.bar}
      style={{ width: `${value}%` }}
      role="progressbar"
      aria-label={t('loader.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="navigation-progress"
    />
  );
}
