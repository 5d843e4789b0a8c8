import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { useOutboxMessage } from '../api/admin-mail.ts';
import { MailStatus } from './outbox-page.tsx';

/** One message of the outbox: who it went to, its state, its link (which can be followed) and its text and HTML. */
export function MailMessagePage() {
  const { t, i18n } = useTranslation('admin');
  const { id = '' } = useParams();
  const message = useOutboxMessage(id);
  const [showHtml, setShowHtml] = useState(false);
  if (message.isError) return <Text c="red">{message.error instanceof ApiError ? message.error.message : t('error')}</Text>;
  if (!message.data) return <Text c="dimmed">{t('loading')}</Text>;
  const data = message.data;
  const date = (value: string | null) =>
    value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(value)) : '—';

  return (
    <Stack>
      <Anchor component={Link} to="/administrator/mail">
        {t('mail.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {data.subject}
        </Title>
        <MailStatus status={data.status} />
      </Group>
      <Card withBorder>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('mail.recipient')}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{data.to}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('mail.createdAt')}</Table.Th>
              <Table.Td>{date(data.createdAt)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('mail.sentAt')}</Table.Th>
              <Table.Td>{date(data.sentAt)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('mail.attempts')}</Table.Th>
              <Table.Td>{data.attempts}</Table.Td>
            </Table.Tr>
            {data.lastError && (
              <Table.Tr>
                <Table.Th>{t('mail.lastError')}</Table.Th>
                <Table.Td>{data.lastError}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Card>
      {data.link ? (
        <Stack gap={4}>
          <Text fw={600}>{t('mail.link')}</Text>
          <Anchor href={data.link} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
            {data.link}
          </Anchor>
        </Stack>
      ) : (
        <Text c="dimmed">{data.status === 'sent' ? t('mail.sentCleared') : t('mail.noLink')}</Text>
      )}
      {data.text && (
        <Card withBorder>
          <Text fw={600} mb="xs">
            {t('mail.text')}
          </Text>
          <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
            {data.text}
          </Text>
        </Card>
      )}
      {data.html && !showHtml && (
        <Button variant="light" onClick={() => setShowHtml(true)} style={{ alignSelf: 'flex-start' }}>
          {t('mail.showHtml')}
        </Button>
      )}
      {data.html && showHtml && (
        <Card withBorder>
          <Text fw={600} mb="xs">
            {t('mail.html')}
          </Text>
          {/* The message as a mail program shows it; sandboxed: no scripts, no navigation, no access to this page. */}
          <iframe title={t('mail.html')} sandbox="" srcDoc={data.html} style={{ width: '100%', height: 420, border: 0 }} />
        </Card>
      )}
    </Stack>
  );
}
