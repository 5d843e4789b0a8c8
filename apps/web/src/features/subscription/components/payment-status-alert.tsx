import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Locale, type PaymentFailure, type Subscription } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { usePayInvoice } from '../api/subscription-actions.ts';
import { loadStripe } from '../hooks/stripe-js.ts';

/**
 * What went wrong with the last payment and how to fix it: a past-due renewal says 'Платеж не прошел' and offers to
 * restore it; a declined card or insufficient funds ask for another card; a payment needing confirmation (worded
 * differently from a decline) offers to confirm it.
 */
export function PaymentStatusAlert({ subscription, publishableKey, onChooseCard }: { subscription: Subscription; publishableKey: string | null; onChooseCard: () => void }) {
  const { t, i18n } = useTranslation('subscription');
  const locale = (i18n.language === 'en' ? 'en' : 'ru') as Locale;
  const pay = usePayInvoice();
  const invoice = subscription.latestInvoice;
  if (!invoice || invoice.status !== 'open' || (subscription.status !== 'past_due' && subscription.status !== 'incomplete')) return null;
  const failure: PaymentFailure = subscription.status === 'past_due' ? 'payment_failed' : (invoice.failure ?? 'payment_failed');
  const needsConfirmation = invoice.failure === 'payment_incomplete';

  const confirm = async () => {
    if (invoice.clientSecret && publishableKey) {
      const stripe = await loadStripe(publishableKey);
      await stripe.confirmCardPayment(invoice.clientSecret);
    }
    pay.mutate({ invoiceId: invoice._id, confirm: true });
  };

  return (
    <Alert color={needsConfirmation ? 'yellow' : 'red'} title={errorMessage(failure, locale)} role="alert" data-testid="payment-status-alert">
      <Text size="sm" mb="xs">
        {needsConfirmation ? t('status.incompleteHint') : subscription.status === 'past_due' ? t('status.pastDueHint') : t('status.declinedHint')}
      </Text>
      {invoice.failure && invoice.failure !== failure ? <Text size="sm" mb="xs">{errorMessage(invoice.failure, locale)}</Text> : null}
      <Group>
        {needsConfirmation ? (
          <Button size="xs" onClick={() => void confirm()} loading={pay.isPending}>
            {t('actions.confirmPayment')}
          </Button>
        ) : (
          <Button size="xs" onClick={() => pay.mutate({ invoiceId: invoice._id })} loading={pay.isPending}>
            {t('actions.restorePayment')}
          </Button>
        )}
        <Button size="xs" variant="light" onClick={onChooseCard}>
          {t('actions.useAnotherCard')}
        </Button>
      </Group>
      {pay.error instanceof ApiError ? (
        <Text size="sm" c="red" mt="xs" role="status">
          {pay.error.message}
        </Text>
      ) : null}
    </Alert>
  );
}
