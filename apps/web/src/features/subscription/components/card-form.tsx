import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TestCardSchema, cardExpired, describeIssue, errorMessage, type Locale, type PriceList } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { useAttachPaymentMethod } from '../api/payment-methods.ts';
import { loadStripe, type StripeCardElement, type StripeJs } from '../hooks/stripe-js.ts';

type Props = { provider: PriceList['provider']; publishableKey: string | null; onAdded?: (id: string) => void };

/** The form field a server error names (`testCard.expYear` → the expiry field), or null for an error of the whole card. */
function formFieldOf(field: string | undefined): string | null {
  const name = field?.startsWith('testCard.') ? field.slice('testCard.'.length) : null;
  if (!name) return null;
  return name.startsWith('exp') ? 'expiry' : name;
}

/** Adds a card: test card fields with the built-in provider, Stripe Elements with Stripe. */
export function CardForm(props: Props) {
  return props.provider === 'stripe' && props.publishableKey ? (
    <StripeCardForm publishableKey={props.publishableKey} onAdded={props.onAdded} />
  ) : (
    <TestCardForm onAdded={props.onAdded} />
  );
}

function TestCardForm({ onAdded }: { onAdded?: (id: string) => void }) {
  const { t, i18n } = useTranslation('subscription');
  const locale = (i18n.language === 'en' ? 'en' : 'ru') as Locale;
  const attach = useAttachPaymentMethod();
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '', holder: '' });
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  // A refusal of the server that names a field (invalid number, expired card) is said on that field, not above the form.
  const serverField = attach.error instanceof ApiError ? formFieldOf(attach.error.field) : null;
  const errorOf = (field: string) =>
    fieldError?.field === field ? fieldError.message : serverField === field ? (attach.error as ApiError).message : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const [month = '', year = ''] = values.expiry.split('/').map((part) => part.trim());
    const parsed = TestCardSchema.safeParse({
      number: values.number,
      expMonth: month,
      expYear: year.length === 2 ? `20${year}` : year,
      cvc: values.cvc,
      holder: values.holder || undefined,
    });
    if (!parsed.success) {
      const issue = describeIssue(parsed.error.issues[0]!, locale);
      const field = String(parsed.error.issues[0]!.path[0] ?? 'number');
      setFieldError({ field: field.startsWith('exp') ? 'expiry' : field, message: issue.message });
      return;
    }
    // Said at once by this device's clock; the server checks again by its own.
    if (cardExpired(parsed.data, new Date())) {
      setFieldError({ field: 'expiry', message: errorMessage('card_expired', locale) });
      return;
    }
    setFieldError(null);
    attach.reset();
    attach.mutate({ testCard: parsed.data }, { onSuccess: (method) => onAdded?.(method._id) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('card.number')}
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
          autoComplete="off"
          value={values.number}
          onChange={set('number')}
          error={errorOf('number')}
        />
        <Group grow>
          <TextInput
            label={t('card.expiry')}
            placeholder={t('card.expiryPlaceholder')}
            autoComplete="off"
            value={values.expiry}
            onChange={set('expiry')}
            error={errorOf('expiry')}
          />
          <TextInput
            label={t('card.cvc')}
            placeholder="123"
            inputMode="numeric"
            autoComplete="off"
            value={values.cvc}
            onChange={set('cvc')}
            error={errorOf('cvc')}
          />
        </Group>
        <TextInput label={t('card.holder')} autoComplete="off" value={values.holder} onChange={set('holder')} error={errorOf('holder')} />
        {attach.error && !serverField ? (
          <Alert color="red" role="alert" data-testid="card-error">
            {attach.error instanceof ApiError ? attach.error.message : t('errors.generic')}
          </Alert>
        ) : null}
        <Button type="submit" loading={attach.isPending} w="fit-content">
          {t('card.add')}
        </Button>
      </Stack>
    </form>
  );
}

function StripeCardForm({ publishableKey, onAdded }: { publishableKey: string; onAdded?: (id: string) => void }) {
  const { t } = useTranslation('subscription');
  const attach = useAttachPaymentMethod();
  const target = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then((js) => {
        if (cancelled || !target.current) return;
        const card = js.elements().create('card');
        card.mount(target.current);
        stripe.current = { js, card };
      })
      .catch(() => setError(t('errors.stripeUnavailable')));
    return () => {
      cancelled = true;
      stripe.current?.card.destroy();
      stripe.current = null;
    };
  }, [publishableKey, t]);

  const submit = async () => {
    if (!stripe.current) return;
    setBusy(true);
    setError(null);
    const result = await stripe.current.js.createPaymentMethod({ type: 'card', card: stripe.current.card });
    setBusy(false);
    if (result.error || !result.paymentMethod) {
      setError(result.error?.message ?? t('errors.generic'));
      return;
    }
    attach.mutate({ paymentMethodId: result.paymentMethod.id }, { onSuccess: (method) => onAdded?.(method._id) });
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{t('card.stripeHint')}</Text>
      <div ref={target} data-testid="stripe-card-element" />
      {error || attach.error ? (
        <Alert color="red" role="alert">
          {error ?? (attach.error instanceof ApiError ? attach.error.message : t('errors.generic'))}
        </Alert>
      ) : null}
      <Button onClick={() => void submit()} loading={busy || attach.isPending} w="fit-content">
        {t('card.add')}
      </Button>
    </Stack>
  );
}
