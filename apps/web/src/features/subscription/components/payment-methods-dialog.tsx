import { Alert, Badge, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriceList } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { usePaymentMethods } from '../api/payment-queries.ts';
import { useDetachPaymentMethod, useSetDefaultPaymentMethod } from '../api/payment-methods.ts';
import { CardForm } from './card-form.tsx';

/** The owner's cards: add one, make one the default for renewals, remove one. */
export function PaymentMethodsDialog({ opened, onClose, prices }: { opened: boolean; onClose: () => void; prices: PriceList }) {
  const { t } = useTranslation('subscription');
  const methods = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const detach = useDetachPaymentMethod();
  const failure = setDefault.error ?? detach.error;
  return (
    <Modal opened={opened} onClose={onClose} title={t('methods.title')} size="lg">
      <Stack>
        {methods.data?.data.length === 0 ? <Text c="dimmed">{t('methods.none')}</Text> : null}
        {methods.data?.data.map((card) => (
          <Group key={card._id} justify="space-between" data-testid="payment-method">
            <Group gap="xs">
              <Text fw={600}>{card.brand.toUpperCase()}</Text>
              <Text>•••• {card.last4}</Text>
              <Text c="dimmed" size="sm">
                {String(card.expMonth).padStart(2, '0')}/{card.expYear}
              </Text>
              {card.isDefault ? <Badge>{t('methods.default')}</Badge> : null}
            </Group>
            <Group gap="xs">
              {!card.isDefault ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setDefault.mutate(card._id)}
                  loading={setDefault.isPending && setDefault.variables === card._id}
                >
                  {t('methods.makeDefault')}
                </Button>
              ) : null}
              <Button
                size="xs"
                color="red"
                variant="subtle"
                onClick={() => detach.mutate(card._id)}
                loading={detach.isPending && detach.variables === card._id}
              >
                {t('methods.remove')}
              </Button>
            </Group>
          </Group>
        ))}
        {failure ? <Alert color="red">{failure instanceof ApiError ? failure.message : t('errors.generic')}</Alert> : null}
        <Divider />
        <Title order={5}>{t('card.add')}</Title>
        <CardForm provider={prices.provider} publishableKey={prices.publishableKey} />
      </Stack>
    </Modal>
  );
}
