import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEST_CARDS, errorMessage, type Locale } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { useGateEvent } from '../../../shared/gate/gate.ts';
import { usePriceList, useRefreshPayments, useSubscriptionState } from '../api/payment-queries.ts';
import { useCancelSubscription, useResumeSubscription } from '../api/subscription-actions.ts';
import { formatDate, formatMoney } from '../../../shared/format/number.ts';
import { InvoicesDialog } from './invoices-dialog.tsx';
import { PaymentMethodsDialog } from './payment-methods-dialog.tsx';
import { PaymentStatusAlert } from './payment-status-alert.tsx';
import { PlanComparison } from './plan-comparison.tsx';
import { PlansDialog } from './plans-dialog.tsx';

type Dialog = 'plans' | 'compare' | 'methods' | 'invoices' | null;
const STATUS_COLOR = { active: 'teal', past_due: 'red', incomplete: 'orange', canceled: 'gray' } as const;
const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The owner's subscription: current plan with next payment and period end, what went wrong with a payment and how
 * to fix it, and the dialogs for plans, plan comparison, cards and invoices. `teamCount`, when the caller knows it,
 * shows the team cap message once the plan's cap is reached.
 */
export function SubscriptionPanel({ teamCount }: { teamCount?: number }) {
  const { t, i18n } = useTranslation('subscription');
  const locale = (i18n.language === 'en' ? 'en' : 'ru') as Locale;
  const prices = usePriceList(locale);
  const state = useSubscriptionState();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  // A locked control links here with ?plan=<product>: the plans open at once.
  const [dialog, setDialog] = useState<Dialog>(() => (new URLSearchParams(window.location.search).get('plan') ? 'plans' : null));
  const refresh = useRefreshPayments();
  // Rules pushed by the server (another tab subscribed, a renewal failed): read the subscription again.
  useGateEvent(
    'syncAccessRules',
    useCallback(() => void refresh(), [refresh]),
  );
  const close = () => setDialog(null);

  if (prices.isError || state.isError) {
    const error = prices.error ?? state.error;
    return <Alert color="red">{error instanceof ApiError ? error.message : t('errors.generic')}</Alert>;
  }
  if (!prices.data || !state.data) return <Loader aria-label={t('loading')} />;
  const sub = state.data.subscription;
  const access = state.data.access;
  const actionError = cancel.error ?? resume.error;
  // A subscription whose payment did not go through is said once, by the payment notice below: no period "paid",
  // no next payment, no team cap of the plan it does not give.
  const unpaid = sub?.status === 'incomplete' || sub?.status === 'past_due';

  return (
    <Stack gap="md" data-testid="subscription-panel">
      {prices.data.provider === 'builtin' ? (
        <Alert color="blue" title={t('testMode.title')} data-testid="test-mode-notice">
          <Text size="sm">{t('testMode.body')}</Text>
          <Text size="sm" mt={4}>
            {t('testMode.cards', {
              success: spaced(TEST_CARDS.success),
              declined: spaced(TEST_CARDS.declined),
              insufficient: spaced(TEST_CARDS.insufficientFunds),
              confirm: spaced(TEST_CARDS.needsConfirmation),
            })}
          </Text>
        </Alert>
      ) : null}

      <Card withBorder data-testid="current-plan">
        <Stack gap={6}>
          <Group justify="space-between">
            <Title order={3}>{sub && sub.status !== 'canceled' ? sub.title : t('current.none')}</Title>
            {sub ? (
              <Badge color={STATUS_COLOR[sub.status]} data-testid="subscription-status">
                {t(`statuses.${sub.status}`)}
              </Badge>
            ) : null}
          </Group>
          {sub && sub.status !== 'canceled' && !unpaid ? (
            <>
              {sub.amount > 0 && sub.period ? (
                <Text>
                  {formatMoney(sub.amount, sub.currency, locale)} / {t(`periods.${sub.period}`)}
                </Text>
              ) : null}
              <Text size="sm">{t('current.periodEnd', { date: formatDate(sub.subscribeEndDate, locale) })}</Text>
              {sub.nextPaymentAt && sub.nextPaymentAmount !== null ? (
                <Text size="sm" data-testid="next-payment">
                  {t('current.nextPayment', { date: formatDate(sub.nextPaymentAt, locale), amount: formatMoney(sub.nextPaymentAmount, sub.currency, locale) })}
                </Text>
              ) : null}
              {sub.cancelAtPeriodEnd && sub.status === 'active' ? (
                <Text size="sm">{t('current.cancelled', { date: formatDate(sub.subscribeEndDate, locale) })}</Text>
              ) : null}
              {sub.pendingPlan ? (
                <Text size="sm">
                  {t('current.pendingPlan', { plan: prices.data.plans.find((plan) => plan.subscription === sub.pendingPlan)?.title ?? sub.pendingPlan })}
                </Text>
              ) : null}
            </>
          ) : unpaid ? null : (
            <Text size="sm" c="dimmed">
              {t('current.noneHint')}
            </Text>
          )}
          {unpaid ? null : (
            <Text size="sm" c="dimmed" data-testid="team-cap">
              {access.teamCap === null
                ? t('current.teamsUnlimited')
                : access.teamCap === 0
                  ? t('current.noTeams')
                  : t('current.teamCap', { count: access.teamCap })}
            </Text>
          )}
        </Stack>
      </Card>

      {access.needVerify ? <Alert color="yellow">{errorMessage('verify_account', locale)}</Alert> : null}
      {teamCount !== undefined && access.teamCap !== null && teamCount >= access.teamCap && access.allowCreateTeams ? (
        <Alert color="orange" data-testid="team-cap-reached">
          {errorMessage('team_limit_reached', locale)}
        </Alert>
      ) : null}
      {sub ? <PaymentStatusAlert subscription={sub} prices={prices.data} /> : null}

      <Group>
        <Button onClick={() => setDialog('plans')}>{sub?.status === 'active' ? t('actions.changePlan') : t('actions.choosePlan')}</Button>
        <Button variant="light" onClick={() => setDialog('compare')}>
          {t('actions.compare')}
        </Button>
        <Button variant="light" onClick={() => setDialog('methods')}>
          {t('actions.methods')}
        </Button>
        <Button variant="light" onClick={() => setDialog('invoices')}>
          {t('actions.invoices')}
        </Button>
        {sub?.status === 'active' && !sub.cancelAtPeriodEnd && sub.period !== 'demo' ? (
          <Button variant="subtle" color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
            {t('actions.cancel')}
          </Button>
        ) : null}
        {sub?.status === 'active' && sub.cancelAtPeriodEnd && sub.period !== 'demo' ? (
          <Button variant="subtle" onClick={() => resume.mutate()} loading={resume.isPending}>
            {t('actions.resume')}
          </Button>
        ) : null}
      </Group>
      {actionError instanceof ApiError ? <Alert color="red">{actionError.message}</Alert> : null}

      <PlansDialog opened={dialog === 'plans'} onClose={close} prices={prices.data} state={state.data} locale={locale} />
      <Modal opened={dialog === 'compare'} onClose={close} title={t('compare.title')} size="xl">
        <PlanComparison />
      </Modal>
      <PaymentMethodsDialog opened={dialog === 'methods'} onClose={close} prices={prices.data} />
      <InvoicesDialog opened={dialog === 'invoices'} onClose={close} locale={locale} />
    </Stack>
  );
}
