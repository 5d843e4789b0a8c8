import { useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GRADES, type AdminProfilesQuery } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminProfiles, useDeleteProfiles, useProfileFilterOwners } from '../api/admin-profiles.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';
import { useSelection } from '../hooks/selection.ts';
import { AuditLogButton } from './audit-log.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

const PAGE_SIZE = 50;
export const lastOpenedProfile = lastOpenedStore('profiles');
type Filters = Omit<AdminProfilesQuery, 'limit' | 'offset' | 'search'>;
const SHOW = ['all', 'onlyApproved', 'onlyRated', 'normal', 'suspicious', 'onlyDeleted'] as const;

function showFilter(show: (typeof SHOW)[number]): Partial<Filters> {
  if (show === 'onlyApproved') return { onlyApproved: 'true' };
  if (show === 'onlyRated') return { onlyRated: 'true' };
  if (show === 'onlyDeleted') return { onlyDeleted: 'true' };
  if (show === 'normal' || show === 'suspicious') return { skipStatus: show };
  return {};
}

/** Every profile: grade, owner and state filters, search, sort, paging, multi-select with bulk delete. */
export function ProfilesPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [grade, setGrade] = useState<string | null>(null);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [show, setShow] = useState<(typeof SHOW)[number]>('all');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const query: AdminProfilesQuery = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    order,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(grade ? { gradeFilter: grade as AdminProfilesQuery['gradeFilter'] } : {}),
    ...(ownerId ? { ownerIdFilter: ownerId } : {}),
    ...showFilter(show),
  };
  const profiles = useAdminProfiles(query);
  const owners = useProfileFilterOwners();
  const remove = useDeleteProfiles();
  const selection = useSelection();
  const last = lastOpenedProfile.use();
  useReturnToLast(last, Boolean(profiles.data));
  const [confirm, setConfirm] = useState<string[] | null>(null);
  const items = profiles.data?.items ?? [];
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value));
  const reset = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('profiles.title')}</Title>
        <AuditLogButton entity="profile" />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('search')} value={search} onChange={(event) => reset(setSearch)(event.currentTarget.value)} />
        <Select label={t('profiles.grade')} clearable value={grade} data={[...GRADES]} onChange={reset(setGrade)} />
        <Select
          label={t('profiles.owner')}
          clearable
          searchable
          value={ownerId}
          data={(owners.data ?? []).map((owner) => ({ value: owner._id, label: `${owner.companyName ?? owner.email} (${owner.profilesCount})` }))}
          onChange={reset(setOwnerId)}
        />
        <Select label={t('profiles.show')} allowDeselect={false} value={show} data={SHOW.map((value) => ({ value, label: t(`profiles.showFilter.${value}`) }))} onChange={(value) => reset(setShow)((value ?? 'all') as typeof show)} />
        <Select
          label={t('sort')}
          allowDeselect={false}
          value={order}
          data={[
            { value: 'desc', label: t('companies.sortBy.createdAt:desc') },
            { value: 'asc', label: t('companies.sortBy.createdAt:asc') },
          ]}
          onChange={(value) => reset(setOrder)(value === 'asc' ? 'asc' : 'desc')}
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
      {profiles.isError && <Text c="red">{profiles.error instanceof ApiError ? profiles.error.message : t('error')}</Text>}
      <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label={t('profiles.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox aria-label={t('selectAll')} checked={items.length > 0 && items.every((item) => selection.selected.includes(item._id))} onChange={() => selection.toggleAll(items.map((item) => item._id))} />
            </Table.Th>
            <Table.Th>{t('profiles.name')}</Table.Th>
            <Table.Th>{t('profiles.status')}</Table.Th>
            <Table.Th>{t('profiles.owner')}</Table.Th>
            <Table.Th>{t('profiles.grade')}</Table.Th>
            <Table.Th>{t('profiles.finalScore')}</Table.Th>
            <Table.Th>{t('profiles.estimates')}</Table.Th>
            <Table.Th>{t('created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((profile) => (
            <Table.Tr key={profile._id} data-row-id={profile._id} bg={profile._id === last ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                <Checkbox aria-label={profile._id} checked={selection.selected.includes(profile._id)} onChange={() => selection.toggle(profile._id)} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/administrator/profiles/${profile._id}`} onClick={() => lastOpenedProfile.set(profile._id)}>
                  {[profile.firstName, profile.lastName].filter(Boolean).join(' ') || t('profiles.noName')}
                </Anchor>{' '}
                {profile.isDemo && <Badge size="xs">{t('demo')}</Badge>}
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`profiles.statuses.${profile.status}`)}</Badge>
              </Table.Td>
              <Table.Td>{profile.owner ? (profile.owner.companyName ?? profile.owner.email) : t('profiles.byLink')}</Table.Td>
              <Table.Td>{profile.grade ?? '—'}</Table.Td>
              <Table.Td>{profile.finalScore ?? '—'}</Table.Td>
              <Table.Td>{profile.estimatesCount}</Table.Td>
              <Table.Td>{date(profile.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      </Table.ScrollContainer>
      {profiles.data && profiles.data.total === 0 && <Text c="dimmed">{t('nothing')}</Text>}
      {profiles.data && profiles.data.total > PAGE_SIZE && <Pagination total={Math.ceil(profiles.data.total / PAGE_SIZE)} value={page} onChange={setPage} />}
      <ConfirmDelete
        count={confirm?.length ?? 0}
        opened={confirm !== null}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          remove.mutate(confirm, {
            onSuccess: (result) => {
              notify.positive(t('deleted', { count: result.changed }));
              selection.clear();
              setConfirm(null);
            },
            onError: (error) => notify.negative(error instanceof ApiError ? error.message : t('error')),
          })
        }
      />
    </Stack>
  );
}
