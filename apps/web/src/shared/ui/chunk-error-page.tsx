import { useTranslation } from 'react-i18next';
import { clientErrorMessage } from '@teamcast/contracts';
import { currentLocale } from '../i18n/i18n.ts';
import classes from './plain.module.css';

/** Shown when a screen's code did not arrive in time: the 'refresh page' message with a button that reloads. */
export function ChunkErrorPage() {
  const { t } = useTranslation();
  return (
    <div className={classes.page} data-testid="chunk-error">
      <h1 className={classes.title}>{clientErrorMessage('chunk_load_timeout', currentLocale())}</h1>
      <button type="button" className={classes.button} onClick={() => window.location.reload()}>
        {t('errorPage.reload')}
      </button>
    </div>
  );
}
