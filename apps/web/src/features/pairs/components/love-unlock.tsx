import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TestCardSchema, describeIssue, type PairRequest, type TestCard } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { track } from '../../../shared/ui/analytics.ts';
import { useUnlockPair, useUnlockPrice } from '../api/love-unlock.ts';
import { localeOf } from '../hooks/pair-format.ts';
import { formatMoney } from '../../../shared/format/number.ts';

/**
 * The one-off unlock of the full love report of this pair. The built-in provider takes the test cards
 * (4242 4242 4242 4242 succeeds); the charge itself is the payments module's.
 */
export function LoveUnlock({ pair }: { pair: PairRequest }) {
  const { t, i18n } = useTranslation('pairs');
  const locale = localeOf(i18n.language);
  const price = useUnlockPrice(locale);
  const unlock = useUnlockPair(pair._id);
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '' });
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [a, b] = pair.actors;
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  // The promise, not mutate's callback: the unlocked report replaces this card before such a callback would run.
  const pay = (id1: string, id2: string, card: TestCard | null) =>
    void unlock.mutateAsync({ id1, id2, card }).then(
      (payment) => payment.status === 'paid' && track('pair', 'love_unlock_bought'),
      () => undefined,
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!a || !b) return;
    const [month = '', year = ''] = values.expiry.split('/').map((part) => part.trim());
    const parsed = TestCardSchema.safeParse({ number: values.number, expMonth: month, expYear: year.length === 2 ? `20${year}` : year, cvc: values.cvc });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'number');
      setFieldError({ field: field.startsWith('exp') ? 'expiry' : field, message: describeIssue(issue, locale).message });
      return;
    }
    setFieldError(null);
    pay(a._id, b._id, parsed.data);
  };

  const stripe = price.data?.provider === 'stripe';
  return (
    <Card withBorder padding="md" data-testid="love-unlock">
      <Title order={3} size="h4">
        {t('unlock.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('unlock.body')}
      </Text>
      {stripe ? (
        <Stack gap="xs">
          <Text size="sm">{t('unlock.savedCard')}</Text>
          {unlock.error ? (
            <Alert color="red" role="alert">
              {unlock.error instanceof ApiError ? unlock.error.message : t('errors.generic')}
            </Alert>
          ) : null}
          <Button loading={unlock.isPending} w="fit-content" color="pink" onClick={() => a && b && pay(a._id, b._id, null)}>
            {price.data ? t('unlock.pay', { price: formatMoney(price.data.loveUnlockPrice, price.data.currency, locale) }) : t('unlock.payNoPrice')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextInput
              label={t('unlock.number')}
              placeholder="4242 4242 4242 4242"
              inputMode="numeric"
              autoComplete="off"
              value={values.number}
              onChange={set('number')}
              error={errorOf('number')}
            />
            <Group grow>
              <TextInput
                label={t('unlock.expiry')}
                placeholder={t('unlock.expiryPlaceholder')}
                autoComplete="off"
                value={values.expiry}
                onChange={set('expiry')}
                error={errorOf('expiry')}
              />
              <TextInput
                label={t('unlock.cvc')}
                placeholder="123"
                inputMode="numeric"
                autoComplete="off"
                value={values.cvc}
                onChange={set('cvc')}
                error={errorOf('cvc')}
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('unlock.testCards')}
            </Text>
            {unlock.error ? (
              <Alert color="red" role="alert">
                {unlock.error instanceof ApiError ? unlock.error.message : t('errors.generic')}
              </Alert>
            ) : null}
            <Button type="submit" loading={unlock.isPending} w="fit-content" color="pink">
              {price.data ? t('unlock.pay', { price: formatMoney(price.data.loveUnlockPrice, price.data.currency, locale) }) : t('unlock.payNoPrice')}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
