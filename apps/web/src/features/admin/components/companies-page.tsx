import { useMemo, useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_SUBSCRIBE_FILTERS, type AdminOwner, type AdminOwnersQuery } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminOwners, useDeleteOwners, useSendLoginLink } from '../api/admin-owners.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';
import { AuditLogButton } from './audit-log.tsx';
import { CompanyEdit } from './company-edit.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataTable, dataColumns } from './data-table/data-table.tsx';
import { useListState, type ListSpec } from './data-table/list-state.ts';
import { planName } from './plan-name.ts';
import { RowActions } from './row-actions.tsx';

const PAGE_SIZE = 50;
const lastOpened = lastOpenedStore('companies');
const STATUSES = ['active', 'deleted', 'verified', 'unverified'] as const;
const spec: ListSpec = {
  sortable: ['createdAt', 'lastVisitAt', 'email'],
  defaultSort: { id: 'createdAt', desc: true },
  filters: ['subscribe', 'status', 'dateStart', 'dateEnd'],
};
const column = dataColumns<AdminOwner>();

/** Owners shown as companies: server-side paging, sort, search, status, dates and subscription; bulk delete; login links. */
export function CompaniesPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListState(spec);
  const query: AdminOwnersQuery = {
    limit: PAGE_SIZE,
    offset: (list.page - 1) * PAGE_SIZE,
    ...(list.search.trim() ? { search: list.search.trim() } : {}),
    ...(list.sort ? { sort: list.sort.id as NonNullable<AdminOwnersQuery['sort']>, order: list.sort.desc ? 'desc' : 'asc' } : {}),
    ...(list.filters.subscribe ? { subscribe: list.filters.subscribe as AdminOwnersQuery['subscribe'] } : {}),
    ...(list.filters.status ? { status: list.filters.status as AdminOwnersQuery['status'] } : {}),
    ...(list.filters.dateStart ? { dateStart: list.filters.dateStart } : {}),
    ...(list.filters.dateEnd ? { dateEnd: list.filters.dateEnd } : {}),
  };
  const owners = useAdminOwners(query);
  const remove = useDeleteOwners();
  const sendLink = useSendLoginLink();
  const last = lastOpened.use();
  const [confirm, setConfirm] = useState<readonly string[] | null>(null);
  const [editing, setEditing] = useState<AdminOwner | null>(null);
  const fail = (error: unknown) => notify.negative(error instanceof ApiError ? error.message : t('error'));
  useReturnToLast(last, Boolean(owners.data));

  const columns = useMemo(() => {
    const date = (value: string | null) => (value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value)) : '—');
    const send = (owner: AdminOwner) => {
      lastOpened.set(owner._id);
      sendLink.mutate({ role: 'owner', id: owner._id }, { onSuccess: () => notify.positive(t('companies.linkSent', { email: owner.email })), onError: fail });
    };
    return column.columns([
      column.display({
        id: 'company',
        header: t('companies.company'),
        cell: ({ row: { original: owner } }) => (
          <>
            {owner.companyName ?? '—'} {owner.status === 'deleted' && <Badge color="gray">{t('companies.statusFilter.deleted')}</Badge>}
          </>
        ),
      }),
      column.display({
        id: 'email',
        header: t('email'),
        cell: ({ row: { original: owner } }) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {owner.email} {!owner.verified && <Badge color="yellow">{t('companies.statusFilter.unverified')}</Badge>}
          </Text>
        ),
      }),
      column.display({
        id: 'subscribe',
        header: t('companies.subscribe'),
        cell: ({ row: { original: owner } }) =>
          owner.subscribe ? (
            <Stack gap={0}>
              <Text size="sm" fw={500} data-testid="plan-name">
                {planName(owner.subscribe.plan, currentLocale())}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`companies.subscriptionStatus.${owner.subscribe.status}`)} · {date(owner.subscribe.startedAt)}–{date(owner.subscribe.currentPeriodEnd)}
              </Text>
            </Stack>
          ) : (
            t('companies.noSubscription')
          ),
      }),
      column.display({
        id: 'mainProfile',
        header: t('companies.mainProfile'),
        cell: ({ row: { original: owner } }) =>
          owner.mainProfile ? [owner.mainProfile.firstName, owner.mainProfile.lastName].filter(Boolean).join(' ') || '—' : '—',
      }),
      column.display({ id: 'profilesCount', header: t('profilesCount'), cell: ({ row }) => row.original.profilesCount }),
      column.display({ id: 'createdAt', header: t('created'), cell: ({ row }) => date(row.original.createdAt) }),
      column.display({ id: 'lastVisitAt', header: t('lastVisit'), cell: ({ row }) => date(row.original.lastVisitAt) }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
        cell: ({ row: { original: owner } }) => (
          <RowActions
            row={owner.email}
            actions={[
              {
                label: t('edit'),
                onClick: () => {
                  lastOpened.set(owner._id);
                  setEditing(owner);
                },
              },
              { label: t('sendLink'), onClick: () => send(owner) },
              {
                label: t('delete'),
                color: 'red',
                onClick: () => {
                  lastOpened.set(owner._id);
                  setConfirm([owner._id]);
                },
              },
            ]}
          />
        ),
      }),
    ]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cells read the mutations when clicked
  }, [t, i18n.language]);

  const doDelete = (ids: readonly string[]) =>
    remove.mutate([...ids], {
      onSuccess: (result) => {
        notify.positive(t('deleted', { count: result.changed }));
        list.setSelected([]);
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
      {owners.isError && <Text c="red">{owners.error instanceof ApiError ? owners.error.message : t('error')}</Text>}
      <DataTable
        label={t('companies.title')}
        mode="server"
        columns={columns}
        data={owners.data?.items ?? []}
        total={owners.data?.total ?? 0}
        getRowId={(owner) => owner._id}
        rowLabel={(owner) => owner.email}
        list={list}
        pageSize={PAGE_SIZE}
        searchable
        highlightId={last}
        sorts={[
          { id: 'createdAt', label: t('sortFields.createdAt'), asc: t('table.dir.oldest'), desc: t('table.dir.newest') },
          { id: 'lastVisitAt', label: t('sortFields.lastVisitAt'), asc: t('table.dir.oldest'), desc: t('table.dir.newest') },
          { id: 'email', label: t('sortFields.email'), asc: t('table.dir.az'), desc: t('table.dir.za') },
        ]}
        filters={
          <>
            <Select
              label={t('companies.subscribe')}
              clearable
              w={190}
              value={list.filters.subscribe ?? null}
              data={ADMIN_SUBSCRIBE_FILTERS.map((value) => ({ value, label: t(`companies.subscribeFilter.${value}`) }))}
              onChange={(value) => list.setFilter('subscribe', value)}
            />
            <Select
              label={t('companies.status')}
              clearable
              w={170}
              value={list.filters.status ?? null}
              data={STATUSES.map((value) => ({ value, label: t(`companies.statusFilter.${value}`) }))}
              onChange={(value) => list.setFilter('status', value)}
            />
            <TextInput
              type="date"
              label={t('dateStart')}
              value={list.filters.dateStart ?? ''}
              onChange={(event) => list.setFilter('dateStart', event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('dateEnd')}
              value={list.filters.dateEnd ?? ''}
              onChange={(event) => list.setFilter('dateEnd', event.currentTarget.value)}
            />
          </>
        }
        selectionActions={(ids) => (
          <Button color="red" variant="light" onClick={() => setConfirm(ids)}>
            {t('deleteSelected')}
          </Button>
        )}
      />
      {editing && <CompanyEdit owner={editing} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        count={confirm?.length ?? 0}
        opened={confirm !== null}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && doDelete(confirm)}
      />
    </Stack>
  );
}
