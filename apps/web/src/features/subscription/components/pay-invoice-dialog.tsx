import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Invoice, Locale, PriceList } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { formatMoney } from '../../../shared/format/number.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { usePaymentMethods } from '../api/payment-queries.ts';
import { usePayInvoice } from '../api/subscription-actions.ts';
import { CardPicker } from './card-picker.tsx';

type Props = { opened: boolean; onClose: () => void; invoice: Invoice; prices: PriceList; locale: Locale };

/**
 * Pays an open invoice (a declined first payment or a failed renewal) with another card, in one dialog: add a card or
 * choose a saved one, then pay. A refusal is said here and another card can be tried at once.
 */
export function PayInvoiceDialog({ opened, onClose, invoice, prices, locale }: Props) {
  const { t } = useTranslation('subscription');
  const methods = usePaymentMethods();
  const pay = usePayInvoice();
  const [methodId, setMethodId] = useState<string | null>(null);
  // "Another card": the form for a new card opens first; saved cards stay one click away.
  const [adding, setAdding] = useState(true);
  const cards = methods.data?.data ?? [];
  const amount = formatMoney(invoice.amount, invoice.currency, locale);
  const close = () => {
    pay.reset();
    setMethodId(null);
    setAdding(true);
    onClose();
  };
  const submit = () =>
    methodId &&
    pay.mutate(
      { invoiceId: invoice._id, paymentMethodId: methodId },
      {
        onSuccess: () => {
          notify.positive(t('retry.paid'));
          close();
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={t('retry.title')} size="lg">
      <Stack data-testid="pay-invoice">
        <Text fw={600}>{t('retry.amount', { plan: invoice.description, amount })}</Text>
        <CardPicker
          prices={prices}
          cards={cards}
          value={methodId}
          onChange={(id) => {
            pay.reset();
            setMethodId(id);
          }}
          adding={adding}
          onAddingChange={setAdding}
        />
        {pay.error ? (
          <Alert color="red" role="alert" data-testid="pay-invoice-error">
            {pay.error instanceof ApiError ? pay.error.message : t('errors.generic')}
          </Alert>
        ) : null}
        <Group>
          <Button variant="default" onClick={close}>
            {t('actions.back')}
          </Button>
          <Button onClick={submit} loading={pay.isPending} disabled={!methodId || adding}>
            {t('checkout.pay', { amount })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
