import { useEffect, useState } from 'react';
import { CapabilityLock } from '../../../shared/access/capability-lock.tsx';
import { Alert, Button, Group, Loader, Pagination, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type ProfileFilter } from '@teamcast/contracts';
import { track } from '../../../shared/ui/analytics.ts';
import { useProfiles } from '../api/list-profiles.ts';
import { lastOpened, profilePath, type ProfilesShell } from '../hooks/profiles-shell.ts';
import { AttachBanner } from './attach-banner.tsx';
import { CreateProfileWizard } from './create-profile-wizard.tsx';
import { ProfileCard } from './profile-card.tsx';

const SORTS = ['createdAt:desc', 'createdAt:asc', 'updatedAt:desc', 'updatedAt:asc'] as const;
type SortValue = (typeof SORTS)[number];

/** The owner's profiles: state filter, search, sort, pages of 50; the last opened one is marked. */
export function ProfileListPage({ shell }: { shell: ProfilesShell }) {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const attach = params.get('attach');
  const [filter, setFilter] = useState<ProfileFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sortValue, setSortValue] = useState<SortValue>('createdAt:desc');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [sort, order] = sortValue.split(':') as ['createdAt' | 'updatedAt', 'asc' | 'desc'];
  // The next page is read by the cursor the current one gave (it costs the same at any depth and stays right when
  // profiles arrive meanwhile); a jump to another page number reads by offset.
  const [pageCursor, setPageCursor] = useState<{ page: number; cursor: string } | null>(null);
  const cursor = pageCursor?.page === page ? pageCursor.cursor : undefined;
  const profiles = useProfiles({
    filter,
    search: debounced || undefined,
    sort,
    order,
    limit: DEFAULT_PAGE_SIZE,
    ...(cursor ? { cursor } : { offset: (page - 1) * DEFAULT_PAGE_SIZE }),
  });
  const goTo = (next: number) => {
    const nextCursor = profiles.isPlaceholderData ? null : profiles.data?.nextCursor;
    setPageCursor(next === page + 1 && nextCursor ? { page: next, cursor: nextCursor } : null);
    setPage(next);
  };
  const remembered = lastOpened.get(shell);

  useEffect(() => {
    if (profiles.data) document.querySelector('[data-last-opened]')?.scrollIntoView({ block: 'center' });
  }, [profiles.data]);

  const open = (id: string) => {
    lastOpened.set(shell, id);
    void navigate(profilePath(shell, id));
  };

  return (
    <Stack gap="md" data-testid="profile-list">
      <CapabilityLock capability="seeExpertise" />
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1}>{t('list.title')}</Title>
          {profiles.data ? (
            <Text size="sm" c="dimmed" data-testid="profile-counters">
              {t('list.counters', { total: profiles.data.total, count: profiles.data.profilesCount })}
            </Text>
          ) : null}
        </Stack>
        <Button
          onClick={() => {
            track('profile', 'wizard_opened');
            setCreating(true);
          }}
        >
          {t('list.create')}
        </Button>
      </Group>
      {attach ? <AttachBanner permalink={attach} onAttached={open} /> : null}
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as ProfileFilter);
            setPage(1);
          }}
          data={(['all', 'empty', 'approved'] as const).map((value) => ({ value, label: t(`list.filter.${value}`) }))}
          aria-label={t('list.filterLabel')}
        />
        <TextInput
          label={t('list.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          placeholder={t(shell === 'loveMobile' ? 'list.searchPlaceholderLove' : 'list.searchPlaceholder')}
        />
        <Select
          label={t('list.sort')}
          value={sortValue}
          onChange={(value) => {
            if (!value) return;
            setSortValue(value as SortValue);
            setPage(1);
          }}
          data={SORTS.map((value) => ({ value, label: t(`list.sorts.${value.replace(':', '_')}`) }))}
          allowDeselect={false}
        />
      </Group>
      {profiles.isPending ? <Loader aria-label={t('loading')} /> : null}
      {profiles.isError ? <Alert color="red">{profiles.error.message}</Alert> : null}
      {profiles.data && profiles.data.items.length === 0 ? (
        <Text c="dimmed">{profiles.data.profilesCount === 0 ? t('list.none') : t('list.noMatch')}</Text>
      ) : null}
      <SimpleGrid cols={shell === 'owner' ? { base: 1, sm: 2, lg: 3 } : 1}>
        {profiles.data?.items.map((profile) => (
          <ProfileCard key={profile._id} profile={profile} onOpen={() => open(profile._id)} highlighted={profile._id === remembered} />
        ))}
      </SimpleGrid>
      {profiles.data && profiles.data.total > DEFAULT_PAGE_SIZE ? (
        <Pagination total={Math.ceil(profiles.data.total / DEFAULT_PAGE_SIZE)} value={page} onChange={goTo} aria-label={t('list.pages')} />
      ) : null}
      <CreateProfileWizard shell={shell} opened={creating} onClose={() => setCreating(false)} onOpen={open} />
    </Stack>
  );
}
