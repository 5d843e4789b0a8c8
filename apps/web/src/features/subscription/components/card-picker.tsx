import { Button, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PriceList } from '@teamcast/contracts';
import { CardForm } from './card-form.tsx';

type Props = {
  prices: PriceList;
  cards: PaymentMethod[];
  /** The card chosen to pay with. */
  value: string | null;
  onChange: (id: string) => void;
  /** Whether the form for a new card is open (a saved card cannot be chosen meanwhile). */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
};

const label = (card: PaymentMethod) => `${card.brand.toUpperCase()} •••• ${card.last4}  ${String(card.expMonth).padStart(2, '0')}/${card.expYear % 100}`;

/** The card to pay with: one of the saved cards, or a new one added in place (which is then chosen). */
export function CardPicker({ prices, cards, value, onChange, adding, onAddingChange }: Props) {
  const { t } = useTranslation('subscription');
  if (cards.length > 0 && !adding) {
    return (
      <Group align="end">
        <Select
          label={t('checkout.card')}
          data={cards.map((card) => ({ value: card._id, label: label(card) }))}
          value={value}
          onChange={(id) => id && onChange(id)}
          allowDeselect={false}
        />
        <Button variant="subtle" onClick={() => onAddingChange(true)}>
          {t('card.addAnother')}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <CardForm
        provider={prices.provider}
        publishableKey={prices.publishableKey}
        onAdded={(id) => {
          onChange(id);
          onAddingChange(false);
        }}
      />
      {cards.length > 0 ? (
        <Button variant="subtle" w="fit-content" onClick={() => onAddingChange(false)}>
          {t('retry.savedCards')}
        </Button>
      ) : null}
    </Stack>
  );
}
