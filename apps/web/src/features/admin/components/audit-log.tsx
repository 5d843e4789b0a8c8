import { useState } from 'react';
import { Button, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../api/admin-audit.ts';
import { AuditDiff } from './audit-diff.tsx';

const PAGE_SIZE = 50;

/** The audit log table: who changed what and when, with each changed field before and after. */
export function AuditLogTable({ entity, entityId }: { entity?: string; entityId?: string }) {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const log = useAuditLog({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, ...(entity ? { entity } : {}), ...(entityId ? { entityId } : {}) });
  if (!log.data) return <Text c="dimmed">{t('loading')}</Text>;
  if (log.data.total === 0) return <Text c="dimmed">{t('audit.empty')}</Text>;
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(value));
  return (
    <Stack>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('audit.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.when')}</Table.Th>
              <Table.Th>{t('audit.who')}</Table.Th>
              <Table.Th>{t('audit.what')}</Table.Th>
              <Table.Th>{t('audit.changes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.items.map((entry) => (
              <Table.Tr key={entry._id}>
                <Table.Td>{date(entry.createdAt)}</Table.Td>
                <Table.Td>{entry.administratorEmail ?? entry.administratorId}</Table.Td>
                <Table.Td>
                  {entry.action.includes(' ')
                    ? t('audit.apiCall', { action: entry.action })
                    : t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}{' '}
                  <Text size="xs" c="dimmed">
                    {entry.entityId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AuditDiff before={entry.before} after={entry.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.data.total > PAGE_SIZE && <Pagination total={Math.ceil(log.data.total / PAGE_SIZE)} value={page} onChange={setPage} />}
    </Stack>
  );
}

/** A button opening the audit log of one kind of object. */
export function AuditLogButton({ entity }: { entity?: string }) {
  const { t } = useTranslation('admin');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t('audit.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('audit.title')} size="90%">
        {opened && <AuditLogTable entity={entity} />}
      </Modal>
    </>
  );
}
