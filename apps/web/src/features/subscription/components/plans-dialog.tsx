import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod, Locale, PriceEntry, PriceList, SubscriptionState } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { usePaymentMethods } from '../api/payment-queries.ts';
import { useUpdateSubscription } from '../api/subscription-actions.ts';
import { formatMoney } from '../../../shared/format/number.ts';
import { CardPicker } from './card-picker.tsx';

/** Refusals of the card itself, which another card may pass. */
const REFUSED: ReadonlySet<string> = new Set(['card_declined', 'insufficient_funds']);

type Props = { opened: boolean; onClose: () => void; prices: PriceList; state: SubscriptionState; locale: Locale };

/** Plans of a billing period with their prices; choosing one subscribes, or changes the plan, with a chosen card. */
export function PlansDialog({ opened, onClose, prices, state, locale }: Props) {
  const { t } = useTranslation('subscription');
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const [chosen, setChosen] = useState<PriceEntry | null>(null);
  const plans = prices.plans.filter((plan) => plan.period === period);
  const close = () => {
    setChosen(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('plans.title')} size="xl">
      {chosen ? (
        <Checkout plan={chosen} prices={prices} state={state} locale={locale} onBack={() => setChosen(null)} onDone={close} />
      ) : (
        <Stack>
          <SegmentedControl
            value={period}
            onChange={(value) => setPeriod(value as BillingPeriod)}
            data={(['week', 'month', 'demo'] as const).map((value) => ({ value, label: t(`periods.${value}`) }))}
            aria-label={t('plans.period')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {plans.map((plan) => (
              <Card key={plan.subscription} withBorder data-testid={`plan-${plan.subscription}`}>
                <Stack gap={6}>
                  <Title order={4}>{plan.title}</Title>
                  <Text size="sm" c="dimmed">
                    {plan.description}
                  </Text>
                  <Group gap="xs" align="baseline">
                    <Text fw={700} size="lg">
                      {plan.discountedPrice === 0 ? t('plans.free') : formatMoney(plan.discountedPrice, plan.currency, locale)}
                    </Text>
                    {plan.discountPercent > 0 ? (
                      <>
                        <Text td="line-through" c="dimmed" size="sm">
                          {formatMoney(plan.price, plan.currency, locale)}
                        </Text>
                        <Badge color="teal">−{plan.discountPercent}%</Badge>
                      </>
                    ) : null}
                  </Group>
                  {state.subscription?.plan === plan.subscription && state.subscription.status === 'active' ? (
                    <Badge variant="light">{t('plans.current')}</Badge>
                  ) : (
                    <Button onClick={() => setChosen(plan)} variant="light">
                      {t('plans.choose')}
                    </Button>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}

function Checkout({
  plan,
  prices,
  state,
  locale,
  onBack,
  onDone,
}: {
  plan: PriceEntry;
  prices: PriceList;
  state: SubscriptionState;
  locale: Locale;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('subscription');
  const methods = usePaymentMethods();
  const update = useUpdateSubscription();
  const [methodId, setMethodId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [atRenewal, setAtRenewal] = useState(false);
  const cards = methods.data?.data ?? [];
  const selected = methodId ?? cards.find((card) => card.isDefault)?._id ?? null;
  const active = state.subscription?.status === 'active' && state.subscription.period !== 'demo';
  const free = plan.discountedPrice === 0;
  const needsCard = !free && !atRenewal;
  const code = update.error instanceof ApiError ? update.error.code : null;
  const incomplete = code === 'payment_incomplete';
  // A refused card (declined, no funds): the one way on is another card, in this same dialog.
  const declined = code !== null && REFUSED.has(code);

  const submit = () =>
    update.mutate(
      { subscribe: plan.subscription, paymentMethodId: needsCard ? (selected ?? undefined) : undefined, ln: locale, atRenewal },
      {
        onSuccess: (result) => {
          notify.positive(
            atRenewal
              ? t('checkout.booked')
              : result.proration
                ? t('checkout.changed', { amount: formatMoney(result.proration, plan.currency, locale) })
                : t('checkout.done'),
          );
          onDone();
        },
      },
    );

  return (
    <Stack data-testid="checkout">
      <Title order={4}>{plan.title}</Title>
      <Text>
        {free ? t('plans.free') : formatMoney(plan.discountedPrice, plan.currency, locale)} {plan.period && !free ? `/ ${t(`periods.${plan.period}`)}` : ''}
      </Text>
      {active ? (
        <>
          <Text size="sm" c="dimmed">
            {t('checkout.prorationNote')}
          </Text>
          <Checkbox label={t('checkout.atRenewal')} checked={atRenewal} onChange={(event) => setAtRenewal(event.currentTarget.checked)} />
        </>
      ) : null}
      {needsCard ? <CardPicker prices={prices} cards={cards} value={selected} onChange={setMethodId} adding={adding} onAddingChange={setAdding} /> : null}
      {update.error ? (
        <Alert color={incomplete ? 'yellow' : 'red'} role="alert" data-testid="checkout-error">
          {update.error instanceof ApiError ? update.error.message : t('errors.generic')}
          {incomplete ? <Text size="sm">{t('status.incompleteHint')}</Text> : null}
          {declined && !adding ? (
            <Button
              size="xs"
              mt="xs"
              display="block"
              onClick={() => {
                update.reset();
                setAdding(true);
              }}
            >
              {t('actions.payWithAnotherCard')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <Group>
        <Button variant="default" onClick={onBack}>
          {t('actions.back')}
        </Button>
        <Button onClick={submit} loading={update.isPending} disabled={needsCard && (!selected || adding)}>
          {free
            ? t('checkout.startDemo')
            : atRenewal
              ? t('checkout.book')
              : t('checkout.pay', { amount: formatMoney(plan.discountedPrice, plan.currency, locale) })}
        </Button>
      </Group>
    </Stack>
  );
}
