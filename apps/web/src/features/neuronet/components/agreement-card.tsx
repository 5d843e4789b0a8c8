import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LabelAgreement } from '@teamcast/contracts';

const LEVEL_COLOR: Record<LabelAgreement['level'], string> = { none: 'gray', poor: 'red', moderate: 'orange', good: 'teal', excellent: 'teal' };

/** How well estimators agree on the profiles two or more of them rated: whether their labels are reliable enough to train on. */
export function AgreementCard({ agreement }: { agreement: LabelAgreement }) {
  const { t, i18n } = useTranslation('neuronet');
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return (
    <Card withBorder data-testid="label-agreement">
      <Title order={2} size="h4" mb="xs">
        {t('agreement.title')}
      </Title>
      {agreement.profiles === 0 ? (
        <Text c="dimmed">{t('agreement.none')}</Text>
      ) : (
        <>
          <Group gap="xl" mb="xs">
            <Text>
              {t('agreement.icc')}: <b data-testid="agreement-icc">{agreement.icc === null ? '—' : format(agreement.icc, 2)}</b>
            </Text>
            <Text>
              {t('agreement.mad')}:{' '}
              <b data-testid="agreement-mad">
                {agreement.meanAbsoluteDifference === null ? '—' : t('agreement.points', { value: format(agreement.meanAbsoluteDifference, 1) })}
              </b>
            </Text>
            <Badge color={LEVEL_COLOR[agreement.level]} variant="light" data-testid="agreement-level">
              {t(`agreement.level.${agreement.level}`)}
            </Badge>
          </Group>
          <Text size="sm">{t('agreement.counts', { profiles: agreement.profiles, ratings: agreement.ratings, pairs: agreement.pairs })}</Text>
          <Text size="sm" mt="xs">
            {t(`agreement.meaning.${agreement.level}`)}
          </Text>
        </>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('agreement.rule')}
      </Text>
    </Card>
  );
}
