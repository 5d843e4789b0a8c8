import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GRADES, type AdminProfile, type AdminProfilesQuery } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminProfiles, useDeleteProfiles, useProfileFilterOwners } from '../api/admin-profiles.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';
import { AuditLogButton } from './audit-log.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataTable, dataColumns } from './data-table/data-table.tsx';
import { useListState, type ListSpec } from './data-table/list-state.ts';

const PAGE_SIZE = 50;
export const lastOpenedProfile = lastOpenedStore('profiles');
const SHOW = ['all', 'onlyApproved', 'onlyRated', 'normal', 'suspicious', 'onlyDeleted'] as const;
const spec: ListSpec = { sortable: ['createdAt', 'updatedAt'], defaultSort: { id: 'createdAt', desc: true }, filters: ['grade', 'owner', 'show'] };
const column = dataColumns<AdminProfile>();

function showFilter(show: string | undefined): Partial<AdminProfilesQuery> {
  if (show === 'onlyApproved') return { onlyApproved: 'true' };
  if (show === 'onlyRated') return { onlyRated: 'true' };
  if (show === 'onlyDeleted') return { onlyDeleted: 'true' };
  if (show === 'normal' || show === 'suspicious') return { skipStatus: show };
  return {};
}

/** Every profile: grade, owner and state filters, search, sort, paging, multi-select with bulk delete. */
export function ProfilesPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListState(spec);
  const query: AdminProfilesQuery = {
    limit: PAGE_SIZE,
    offset: (list.page - 1) * PAGE_SIZE,
    ...(list.sort ? { sort: list.sort.id as NonNullable<AdminProfilesQuery['sort']>, order: list.sort.desc ? 'desc' : 'asc' } : {}),
    ...(list.search.trim() ? { search: list.search.trim() } : {}),
    ...(list.filters.grade ? { gradeFilter: list.filters.grade as AdminProfilesQuery['gradeFilter'] } : {}),
    ...(list.filters.owner ? { ownerIdFilter: list.filters.owner } : {}),
    ...showFilter(list.filters.show),
  };
  const profiles = useAdminProfiles(query);
  const owners = useProfileFilterOwners();
  const remove = useDeleteProfiles();
  const last = lastOpenedProfile.use();
  useReturnToLast(last, Boolean(profiles.data));
  const [confirm, setConfirm] = useState<readonly string[] | null>(null);

  const columns = useMemo(() => {
    const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value));
    return column.columns([
      column.display({
        id: 'name',
        header: t('profiles.name'),
        cell: ({ row: { original: profile } }) => (
          <>
            <Anchor component={Link} to={`/administrator/profiles/${profile._id}`} onClick={() => lastOpenedProfile.set(profile._id)}>
              {[profile.firstName, profile.lastName].filter(Boolean).join(' ') || t('profiles.noName')}
            </Anchor>{' '}
            {profile.isDemo && <Badge size="xs">{t('demo')}</Badge>}
          </>
        ),
      }),
      column.display({
        id: 'status',
        header: t('profiles.status'),
        cell: ({ row }) => <Badge variant="light">{t(`profiles.statuses.${row.original.status}`)}</Badge>,
      }),
      column.display({
        id: 'owner',
        header: t('profiles.owner'),
        cell: ({ row: { original: profile } }) => (profile.owner ? (profile.owner.companyName ?? profile.owner.email) : t('profiles.byLink')),
      }),
      column.display({ id: 'grade', header: t('profiles.grade'), cell: ({ row }) => row.original.grade ?? '—' }),
      column.display({ id: 'finalScore', header: t('profiles.finalScore'), cell: ({ row }) => row.original.finalScore ?? '—' }),
      column.display({ id: 'estimates', header: t('profiles.estimates'), cell: ({ row }) => row.original.estimatesCount }),
      column.display({ id: 'createdAt', header: t('created'), cell: ({ row }) => date(row.original.createdAt) }),
      column.display({ id: 'updatedAt', header: t('sortFields.updatedAt'), cell: ({ row }) => date(row.original.updatedAt) }),
    ]);
  }, [t, i18n.language]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('profiles.title')}</Title>
        <AuditLogButton entity="profile" />
      </Group>
      {profiles.isError && <Text c="red">{profiles.error instanceof ApiError ? profiles.error.message : t('error')}</Text>}
      <DataTable
        label={t('profiles.title')}
        mode="server"
        columns={columns}
        data={profiles.data?.items ?? []}
        total={profiles.data?.total ?? 0}
        getRowId={(profile) => profile._id}
        rowLabel={(profile) => [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile._id}
        list={list}
        pageSize={PAGE_SIZE}
        searchable
        highlightId={last}
        sorts={[
          { id: 'createdAt', label: t('sortFields.createdAt'), asc: t('table.dir.oldest'), desc: t('table.dir.newest') },
          { id: 'updatedAt', label: t('sortFields.updatedAt'), asc: t('table.dir.oldest'), desc: t('table.dir.newest') },
        ]}
        filters={
          <>
            <Select
              label={t('profiles.grade')}
              clearable
              w={150}
              value={list.filters.grade ?? null}
              data={[...GRADES]}
              onChange={(value) => list.setFilter('grade', value)}
            />
            <Select
              label={t('profiles.owner')}
              clearable
              searchable
              w={220}
              value={list.filters.owner ?? null}
              data={(owners.data ?? []).map((owner) => ({ value: owner._id, label: `${owner.companyName ?? owner.email} (${owner.profilesCount})` }))}
              onChange={(value) => list.setFilter('owner', value)}
            />
            <Select
              label={t('profiles.show')}
              allowDeselect={false}
              w={200}
              value={list.filters.show ?? 'all'}
              data={SHOW.map((value) => ({ value, label: t(`profiles.showFilter.${value}`) }))}
              onChange={(value) => list.setFilter('show', value === 'all' ? null : value)}
            />
          </>
        }
        selectionActions={(ids) => (
          <Button color="red" variant="light" onClick={() => setConfirm(ids)}>
            {t('deleteSelected')}
          </Button>
        )}
      />
      <ConfirmDelete
        count={confirm?.length ?? 0}
        opened={confirm !== null}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          remove.mutate([...confirm], {
            onSuccess: (result) => {
              notify.positive(t('deleted', { count: result.changed }));
              list.setSelected([]);
              setConfirm(null);
            },
            onError: (error) => notify.negative(error instanceof ApiError ? error.message : t('error')),
          })
        }
      />
    </Stack>
  );
}
