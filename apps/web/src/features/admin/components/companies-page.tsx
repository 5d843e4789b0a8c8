import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_SUBSCRIBE_FILTERS, type AdminOwner, type AdminOwnersQuery } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminOwners, useDeleteOwners, useSendLoginLink } from '../api/admin-owners.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';
import { useSelection } from '../hooks/selection.ts';
import { AuditLogButton } from './audit-log.tsx';
import { CompanyEdit } from './company-edit.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

const PAGE_SIZE = 50;
const lastOpened = lastOpenedStore('companies');

/** Owners shown as companies: server-side paging, sort, search, status, dates and subscription; bulk delete; login links. */
export function CompaniesPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Pick<AdminOwnersQuery, 'subscribe' | 'status' | 'dateStart' | 'dateEnd' | 'sort' | 'order'>>({ sort: 'createdAt', order: 'desc' });
  const query: AdminOwnersQuery = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}), ...filters };
  const owners = useAdminOwners(query);
  const selection = useSelection();
  const remove = useDeleteOwners();
  const sendLink = useSendLoginLink();
  const last = lastOpened.use();
  const [confirm, setConfirm] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<AdminOwner | null>(null);
  const fail = (error: unknown) => notify.negative(error instanceof ApiError ? error.message : t('error'));
  const setFilter = (patch: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const date = (value: string | null) => (value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value)) : '—');
  const items = owners.data?.items ?? [];
  useReturnToLast(last, Boolean(owners.data));

  const send = (owner: AdminOwner) => {
    lastOpened.set(owner._id);
    sendLink.mutate({ role: 'owner', id: owner._id }, { onSuccess: () => notify.positive(t('companies.linkSent', { email: owner.email })), onError: fail });
  };
  const doDelete = (ids: string[]) =>
    remove.mutate(ids, {
      onSuccess: (result) => {
        notify.positive(t('deleted', { count: result.changed }));
        selection.clear();
        setConfirm(null);
      },
      onError: fail,
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('companies.title')}</Title>
        <AuditLogButton entity="owner" />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('search')} value={search} onChange={(event) => { setSearch(event.currentTarget.value); setPage(1); }} />
        <Select
          label={t('companies.subscribe')}
          clearable
          value={filters.subscribe ?? null}
          data={ADMIN_SUBSCRIBE_FILTERS.map((value) => ({ value, label: t(`companies.subscribeFilter.${value}`) }))}
          onChange={(value) => setFilter({ subscribe: (value ?? undefined) as AdminOwnersQuery['subscribe'] })}
        />
        <Select
          label={t('companies.status')}
          clearable
          value={filters.status ?? null}
          data={(['active', 'deleted', 'verified', 'unverified'] as const).map((value) => ({ value, label: t(`companies.statusFilter.${value}`) }))}
          onChange={(value) => setFilter({ status: (value ?? undefined) as AdminOwnersQuery['status'] })}
        />
        <TextInput type="date" label={t('dateStart')} value={filters.dateStart ?? ''} onChange={(event) => setFilter({ dateStart: event.currentTarget.value || undefined })} />
        <TextInput type="date" label={t('dateEnd')} value={filters.dateEnd ?? ''} onChange={(event) => setFilter({ dateEnd: event.currentTarget.value || undefined })} />
        <Select
          label={t('sort')}
          value={`${filters.sort}:${filters.order}`}
          allowDeselect={false}
          data={['createdAt:desc', 'createdAt:asc', 'lastVisitAt:desc', 'email:asc'].map((value) => ({ value, label: t(`companies.sortBy.${value}`) }))}
          onChange={(value) => {
            const [sort, order] = (value ?? 'createdAt:desc').split(':') as [NonNullable<AdminOwnersQuery['sort']>, NonNullable<AdminOwnersQuery['order']>];
            setFilter({ sort, order });
          }}
        />
      </Group>
      {selection.selected.length > 0 && (
        <Group>
          <Text>{t('selected', { count: selection.selected.length })}</Text>
          <Button color="red" variant="light" onClick={() => setConfirm(selection.selected)}>
            {t('deleteSelected')}
          </Button>
        </Group>
      )}
      {owners.isError && <Text c="red">{owners.error instanceof ApiError ? owners.error.message : t('error')}</Text>}
      <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label={t('companies.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox aria-label={t('selectAll')} checked={items.length > 0 && items.every((item) => selection.selected.includes(item._id))} onChange={() => selection.toggleAll(items.map((item) => item._id))} />
            </Table.Th>
            <Table.Th>{t('companies.company')}</Table.Th>
            <Table.Th>{t('email')}</Table.Th>
            <Table.Th>{t('companies.subscribe')}</Table.Th>
            <Table.Th>{t('companies.mainProfile')}</Table.Th>
            <Table.Th>{t('profilesCount')}</Table.Th>
            <Table.Th>{t('created')}</Table.Th>
            <Table.Th>{t('lastVisit')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((owner) => (
            <Table.Tr key={owner._id} bg={owner._id === last ? 'var(--mantine-color-blue-light)' : undefined} data-row-id={owner._id} data-last-opened={owner._id === last || undefined}>
              <Table.Td>
                <Checkbox aria-label={owner.email} checked={selection.selected.includes(owner._id)} onChange={() => selection.toggle(owner._id)} />
              </Table.Td>
              <Table.Td>
                {owner.companyName ?? '—'} {owner.status === 'deleted' && <Badge color="gray">{t('companies.statusFilter.deleted')}</Badge>}
              </Table.Td>
              <Table.Td>
                {owner.email} {!owner.verified && <Badge color="yellow">{t('companies.statusFilter.unverified')}</Badge>}
              </Table.Td>
              <Table.Td>
                {owner.subscribe ? (
                  <Text size="sm">
                    {owner.subscribe.plan} · {t(`companies.subscriptionStatus.${owner.subscribe.status}`)} · {date(owner.subscribe.startedAt)}–{date(owner.subscribe.currentPeriodEnd)}
                  </Text>
                ) : (
                  t('companies.noSubscription')
                )}
              </Table.Td>
              <Table.Td>{owner.mainProfile ? [owner.mainProfile.firstName, owner.mainProfile.lastName].filter(Boolean).join(' ') || '—' : '—'}</Table.Td>
              <Table.Td>{owner.profilesCount}</Table.Td>
              <Table.Td>{date(owner.createdAt)}</Table.Td>
              <Table.Td>{date(owner.lastVisitAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => { lastOpened.set(owner._id); setEditing(owner); }}>
                    {t('edit')}
                  </Button>
                  <Button size="xs" variant="light" loading={sendLink.isPending && sendLink.variables?.id === owner._id} onClick={() => send(owner)}>
                    {t('sendLink')}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => { lastOpened.set(owner._id); setConfirm([owner._id]); }}>
                    {t('delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      </Table.ScrollContainer>
      {owners.data && owners.data.total === 0 && <Text c="dimmed">{t('nothing')}</Text>}
      {owners.data && owners.data.total > PAGE_SIZE && <Pagination total={Math.ceil(owners.data.total / PAGE_SIZE)} value={page} onChange={setPage} />}
      {editing && <CompanyEdit owner={editing} onClose={() => setEditing(null)} />}
      <ConfirmDelete count={confirm?.length ?? 0} opened={confirm !== null} busy={remove.isPending} onCancel={() => setConfirm(null)} onConfirm={() => confirm && doDelete(confirm)} />
    </Stack>
  );
}
