import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sharedResultRoute, type ConditionBand, type SharedResult, type sharedResultEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { useRequest } from '../../../shared/api/use-request.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { localeOf, monthLong, monthShort, whole } from '../hooks/pair-format.ts';
import classes from './shared-result.module.css';

/**
 * The chart's code (and its texts) loads beside the result's data rather than before the page: it starts with this
 * module, so the chart is ready when the data is, and the page's first load stays within its budget (issue 21).
 */
const ratingChart = import('./rating-chart.tsx');
const RatingChart = lazy(() => ratingChart.then((module) => ({ default: module.RatingChart })));

/** Called by route: the endpoint's schemas would bring zod into the first load of a page anyone may open. */
const sharedResultCall = sharedResultRoute as typeof sharedResultEndpoint;

function Band({ band }: { band: ConditionBand }) {
  const { t } = useTranslation('pairs');
  return (
    <span className={`${classes.badge} ${classes[band]}`} data-testid="band">
      {t(`bands.${band}`)}
    </span>
  );
}

/**
 * /result/{data}: a shared love or friendship result, showing only the parts its sharer chose; no sign-in needed.
 * Plain CSS and no TanStack Query, so the page stays small for whoever opens the link on a phone.
 */
export function SharedResultPage() {
  const { t } = useTranslation('pairs');
  const { data = '' } = useParams();
  const [shared] = useRequest<SharedResult>(data, () => apiCall(sharedResultCall, { params: { data } }));
  const result = shared.status === 'done' ? shared.data : undefined;
  return (
    <div className={classes.page} data-testid="shared-result">
      <h1>{result?.names ? t('shared.titleNames', { a: result.names[0], b: result.names[1] }) : t('shared.title')}</h1>
      {shared.status === 'pending' ? <Loader label={t('loading')} /> : null}
      {shared.status === 'error' ? (
        <p className={classes.alert} role="alert">
          {shared.error.message}
        </p>
      ) : null}
      {result ? <SharedParts result={result} /> : null}
    </div>
  );
}

function SharedParts({ result }: { result: SharedResult }) {
  const { t, i18n } = useTranslation('pairs');
  const locale = localeOf(i18n.language);
  const group = result.kind === 'work' ? 'work' : 'love';
  return (
    <>
      <p className={classes.dimmed}>{t(`shared.kind.${result.kind}`)}</p>
      <section className={classes.card} data-testid="shared-summary" aria-label={t('result.compatibility')}>
        <div className={classes.row}>
          <span className={classes.big}>{whole(result.summary.compatibility.value)}</span>
          <Band band={result.summary.compatibility.band} />
        </div>
        <p className={classes.small}>{t('shared.satisfaction', { value: whole(result.summary.yearlySatisfaction) })}</p>
        <p className={classes.small}>
          {t('result.level', { level: result.summary.recommendation })}: {t(`recommendations.${group}.${result.summary.recommendation}`)}
        </p>
      </section>
      {result.chart ? (
        <section className={classes.card} data-testid="shared-chart">
          <h2>{t('result.chart')}</h2>
          <Suspense fallback={<div style={{ height: 340 }} />}>
            <RatingChart
              monthly={result.chart.monthly}
              labels={result.chart.months.map((month) => monthShort(month, locale))}
              longLabels={result.chart.months.map((month) => monthLong(month, locale))}
              best={result.chart.bestMonth.index}
              worst={result.chart.worstMonth.index}
              title={t('result.chart')}
              bestLabel={t('result.bestShort')}
              worstLabel={t('result.worstShort')}
            />
          </Suspense>
          <p className={classes.small}>
            {t('result.best', { month: monthLong(result.chart.months[result.chart.bestMonth.index]!, locale), value: whole(result.chart.bestMonth.value) })}
          </p>
          <p className={classes.small}>
            {t('result.worst', { month: monthLong(result.chart.months[result.chart.worstMonth.index]!, locale), value: whole(result.chart.worstMonth.value) })}
          </p>
        </section>
      ) : null}
      {result.expectations ? (
        <section className={classes.card} data-testid="shared-expectations">
          <h2>{t('result.expectations')}</h2>
          <p className={classes.small}>{t('result.firstImpression', { value: whole(result.expectations.firstImpression) })}</p>
          <p className={classes.small}>{t('result.reality', { value: whole(result.expectations.reality) })}</p>
          <p className={classes.strong}>{t(`verdicts.${result.expectations.verdict}`)}</p>
        </section>
      ) : null}
      {result.outlook ? (
        <section className={classes.card} data-testid="shared-outlook">
          <h2>{t('result.outlook')}</h2>
          <div className={classes.row}>
            <span className={classes.strong}>{whole(result.outlook.settled)}</span>
            <Band band={result.outlook.band} />
          </div>
          <p className={classes.small}>{t(`trends.${result.outlook.trend}`)}</p>
        </section>
      ) : null}
      {result.blocks ? (
        <section className={classes.card} data-testid="shared-blocks">
          <h2>{t('result.headings')}</h2>
          {result.blocks.map((block) => (
            <div key={block.name} className={classes.between}>
              <span className={classes.small}>{t(`headings.${block.name}`)}</span>
              <span className={`${classes.small} ${classes.strong}`}>{block.grade}/5</span>
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}
