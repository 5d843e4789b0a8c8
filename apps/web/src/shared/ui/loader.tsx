import { useTranslation } from 'react-i18next';
import { useLoaderProgress } from './use-loader-progress.ts';
import classes from './loader.module.css';

/** A progress bar that moves through the spec's bands while a screen or its data loads. Plain CSS, so public pages stay light. */
export function Loader({ label }: { label?: string }) {
  const { t } = useTranslation();
  const value = useLoaderProgress();
  const text = label ?? t('loader.loading');
  return (
    <div className={classes.loader} data-testid="loader">
      <div className={classes.track} role="progressbar" aria-label={text} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <div className={classes.bar} style={{ width: `${value}%` }} />
      </div>
      <span>{text}</span>
    </div>
  );
}
