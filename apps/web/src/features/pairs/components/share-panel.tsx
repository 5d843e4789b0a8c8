import { useState } from 'react';
import { Alert, Button, Card, Checkbox, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SharePartSchema, type SharePart } from '@teamcast/contracts';
import { track } from '../../../shared/ui/analytics.ts';
import { useShareResult } from '../api/share.ts';
import { sharedResultPath } from '../hooks/pair-format.ts';

/** Lets the owner choose what a shared link shows (the summary always), then gives the link. */
export function SharePanel({ pairId }: { pairId: string }) {
  const { t } = useTranslation('pairs');
  const share = useShareResult();
  const [parts, setParts] = useState<SharePart[]>(['chart', 'outlook']);
  const link = share.data ? `${window.location.origin}${sharedResultPath(share.data.data)}` : null;
  return (
    <Card withBorder padding="md" data-testid="share-panel">
      <Title order={3} size="h4" mb="xs">
        {t('share.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('share.body')}
      </Text>
      <Checkbox.Group value={parts} onChange={(value) => setParts(value as SharePart[])}>
        <Stack gap={6}>
          {SharePartSchema.options.map((part) => (
            <Checkbox key={part} value={part} label={t(`share.parts.${part}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Button
        mt="sm"
        onClick={() => share.mutate({ id: pairId, parts }, { onSuccess: () => track('pair', 'result_shared') })}
        loading={share.isPending}
        data-testid="share-create"
      >
        {t('share.create')}
      </Button>
      {share.error ? (
        <Alert color="red" mt="sm">
          {share.error.message}
        </Alert>
      ) : null}
      {link ? (
        <Group mt="sm" align="end">
          <TextInput label={t('share.link')} value={link} readOnly style={{ flex: 1 }} data-testid="share-link" />
          <CopyButton value={link}>{({ copied, copy }) => <Button onClick={copy}>{copied ? t('share.copied') : t('share.copy')}</Button>}</CopyButton>
        </Group>
      ) : null}
    </Card>
  );
}
