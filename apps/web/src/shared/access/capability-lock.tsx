import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productTexts, type Capability, type Locale, type Product } from '@teamcast/contracts';
import { useCapability } from './access-rules.ts';

/** Where plans are bought; the plan to offer rides along so the page can open it. */
export const subscriptionPath = (product: Product | null) => `/owner/subscription${product ? `?plan=${product}` : ''}`;

/** "Included in {plan}" with a link to it: what every locked control says. */
export function UnlockLink({ product, size = 'xs' }: { product: Product | null; size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  if (!product) return <Text size={size}>{t('access.notSold')}</Text>;
  return (
    <Button component={Link} to={subscriptionPath(product)} size={size} variant="light" data-testid="unlock-link" data-product={product}>
      {t('access.choose', { plan: productTexts[product][locale].title })}
    </Button>
  );
}

/**
 * The banner at the top of a screen (or above a control) whose capability the owner's plan lacks: it says so before
 * any work, names the plan that includes it and links to it. Renders nothing when the plan includes it.
 */
export function CapabilityLock({ capability }: { capability: Capability }) {
  const { t, i18n } = useTranslation();
  const { allowed, unlockedBy } = useCapability(capability);
  if (allowed !== false) return null;
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const plan = unlockedBy ? productTexts[unlockedBy][locale].title : null;
  return (
    <Alert color="yellow" mb="md" title={t(`access.capabilities.${capability}`)} data-testid={`lock-${capability}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{plan ? t('access.lockedIn', { plan }) : t('access.notSold')}</Text>
        <UnlockLink product={unlockedBy} />
      </Group>
    </Alert>
  );
}
