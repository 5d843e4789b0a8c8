import { useState } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Locale, type PriceList, type Subscription } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { formatMoney } from '../../../shared/format/number.ts';
import { usePayInvoice } from '../api/subscription-actions.ts';
import { loadStripe } from '../hooks/stripe-js.ts';
import { PayInvoiceDialog } from './pay-invoice-dialog.tsx';

/**
 * The one message of a payment that did not go through, with its one action. A refused card (a declined first payment
 * or a failed renewal) says why and what it stopped, and offers to pay with another card in a dialog; a payment that
 * needs the cardholder's confirmation (worded differently, spec section 8) offers to confirm it.
 */
export function PaymentStatusAlert({ subscription, prices }: { subscription: Subscription; prices: PriceList }) {
  const { t, i18n } = useTranslation('subscription');
  const locale = (i18n.language === 'en' ? 'en' : 'ru') as Locale;
  const confirmPay = usePayInvoice();
  const [paying, setPaying] = useState(false);
  const invoice = subscription.latestInvoice;
  if (!invoice || invoice.status !== 'open' || (subscription.status !== 'past_due' && subscription.status !== 'incomplete')) return null;
  const failure = invoice.failure ?? 'payment_failed';
  const needsConfirmation = failure === 'payment_incomplete';
  const values = { plan: subscription.title, amount: formatMoney(invoice.amount, invoice.currency, locale) };

  const confirm = async () => {
    if (invoice.clientSecret && prices.publishableKey) {
      const stripe = await loadStripe(prices.publishableKey);
      await stripe.confirmCardPayment(invoice.clientSecret);
    }
    confirmPay.mutate({ invoiceId: invoice._id, confirm: true });
  };

  if (needsConfirmation) {
    return (
      <Alert color="yellow" title={errorMessage(failure, locale)} role="alert" data-testid="payment-status-alert">
        <Text size="sm" mb="xs">
          {t('status.incompleteHint')}
        </Text>
        <Button size="xs" onClick={() => void confirm()} loading={confirmPay.isPending}>
          {t('actions.confirmPayment')}
        </Button>
        {confirmPay.error instanceof ApiError ? (
          <Text size="sm" c="red" mt="xs" role="status">
            {confirmPay.error.message}
          </Text>
        ) : null}
      </Alert>
    );
  }
  return (
    <Alert color="red" title={errorMessage(failure, locale)} role="alert" data-testid="payment-status-alert">
      <Text size="sm" mb="xs">
        {subscription.status === 'past_due' ? t('status.pastDueHint', values) : t('status.declinedHint', values)}
      </Text>
      <Button size="xs" onClick={() => setPaying(true)}>
        {t('actions.payWithAnotherCard')}
      </Button>
      <PayInvoiceDialog opened={paying} onClose={() => setPaying(false)} invoice={invoice} prices={prices} locale={locale} />
    </Alert>
  );
}
