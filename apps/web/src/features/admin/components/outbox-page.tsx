import { useState } from 'react';
import { Anchor, Badge, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminMail } from '@teamcast/contracts';
import { useOutbox } from '../api/admin-mail.ts';

const PAGE_SIZE = 50;
const statusColor: Record<AdminMail['status'], string> = { kept: 'blue', retrying: 'orange', failed: 'red', sent: 'green' };

/** A message's status as a badge. */
export function MailStatus({ status }: { status: AdminMail['status'] }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant="light" color={statusColor[status]}>
      {t(`mail.statuses.${status}`)}
    </Badge>
  );
}

/** The outbox: every message the server mailed or keeps, newest first, filtered by recipient; a subject opens it. */
export function OutboxPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const list = useOutbox({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, ...(to.trim() ? { to: to.trim() } : {}) });
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value));

  return (
    <Stack>
      <Title order={2}>{t('mail.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('mail.intro')}
      </Text>
      <TextInput
        label={t('mail.recipient')}
        maw={320}
        value={to}
        onChange={(event) => {
          setTo(event.currentTarget.value);
          setPage(1);
        }}
      />
      {list.data?.total === 0 && <Text c="dimmed">{t('mail.empty')}</Text>}
      {Boolean(list.data?.total) && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label={t('mail.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mail.createdAt')}</Table.Th>
                <Table.Th>{t('mail.recipient')}</Table.Th>
                <Table.Th>{t('mail.subject')}</Table.Th>
                <Table.Th>{t('mail.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((message) => (
                <Table.Tr key={message._id}>
                  <Table.Td>{date(message.createdAt)}</Table.Td>
                  <Table.Td>{message.to}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/administrator/mail/${encodeURIComponent(message._id)}`}>
                      {message.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <MailStatus status={message.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(list.data?.total ?? 0) > PAGE_SIZE && <Pagination total={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />}
    </Stack>
  );
}
