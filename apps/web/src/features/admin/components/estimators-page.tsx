import { useState, type ChangeEvent } from 'react';
import { Button, Group, Modal, NumberInput, Pagination, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminEstimatorCreateSchema, describeIssue, type AdminEstimator } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useDeleteEstimator, useAdminEstimators, useSaveEstimator } from '../api/admin-estimators.ts';
import { useSendLoginLink } from '../api/admin-owners.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';
import { AuditLogButton } from './audit-log.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

const PAGE_SIZE = 50;
const lastOpened = lastOpenedStore('estimators');
type Draft = { name: string; email: string; username: string; information: string; nextProfileBatch: number };
const emptyDraft: Draft = { name: '', email: '', username: '', information: '', nextProfileBatch: 10 };

/** Estimators: list, create, edit, delete, send a sign-in link. */
export function EstimatorsPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useAdminEstimators({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) });
  const save = useSaveEstimator();
  const remove = useDeleteEstimator();
  const sendLink = useSendLoginLink();
  const last = lastOpened.use();
  useReturnToLast(last, Boolean(list.data));
  const [editing, setEditing] = useState<{ id?: string; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<string | null>(null);
  const fail = (error: unknown) => notify.negative(error instanceof ApiError ? error.message : t('error'));
  const date = (value: string | null) => (value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value)) : '—');

  const open = (estimator?: AdminEstimator) => {
    setErrors({});
    if (estimator) lastOpened.set(estimator._id);
    setEditing(
      estimator
        ? { id: estimator._id, draft: { name: estimator.name, email: estimator.email, username: estimator.username, information: estimator.information ?? '', nextProfileBatch: estimator.nextProfileBatch } }
        : { draft: emptyDraft },
    );
  };
  const submit = () => {
    if (!editing) return;
    const body = { ...editing.draft, information: editing.draft.information || null };
    const parsed = AdminEstimatorCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => { const described = describeIssue(issue, currentLocale()); return [described.field, described.message]; })));
      return;
    }
    save.mutate(
      { id: editing.id, body },
      {
        onSuccess: (saved) => {
          lastOpened.set(saved._id);
          notify.positive(t(editing.id ? 'estimators.saved' : 'estimators.created'));
          setEditing(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
          else fail(error);
        },
      },
    );
  };
  const field = (key: 'name' | 'email' | 'username') => ({
    label: t(`estimators.${key}`),
    value: editing?.draft[key] ?? '',
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setEditing((current) => current && { ...current, draft: { ...current.draft, [key]: value } });
    },
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('estimators.title')}</Title>
        <Group>
          <AuditLogButton entity="estimator" />
          <Button onClick={() => open()}>{t('estimators.create')}</Button>
        </Group>
      </Group>
      <TextInput label={t('search')} maw={320} value={search} onChange={(event) => { setSearch(event.currentTarget.value); setPage(1); }} />
      <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label={t('estimators.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('estimators.name')}</Table.Th>
            <Table.Th>{t('estimators.email')}</Table.Th>
            <Table.Th>{t('estimators.username')}</Table.Th>
            <Table.Th>{t('estimators.information')}</Table.Th>
            <Table.Th>{t('estimators.nextProfileBatch')}</Table.Th>
            <Table.Th>{t('profilesCount')}</Table.Th>
            <Table.Th>{t('created')}</Table.Th>
            <Table.Th>{t('lastVisit')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.items ?? []).map((estimator) => (
            <Table.Tr key={estimator._id} data-row-id={estimator._id} bg={estimator._id === last ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>{estimator.name}</Table.Td>
              <Table.Td>{estimator.email}</Table.Td>
              <Table.Td>{estimator.username}</Table.Td>
              <Table.Td>{estimator.information ?? '—'}</Table.Td>
              <Table.Td>{estimator.nextProfileBatch}</Table.Td>
              <Table.Td>{estimator.profilesCount}</Table.Td>
              <Table.Td>{date(estimator.createdAt)}</Table.Td>
              <Table.Td>{date(estimator.lastVisitAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => open(estimator)}>
                    {t('edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    loading={sendLink.isPending && sendLink.variables?.id === estimator._id}
                    onClick={() => {
                      lastOpened.set(estimator._id);
                      sendLink.mutate({ role: 'estimator', id: estimator._id }, { onSuccess: () => notify.positive(t('companies.linkSent', { email: estimator.email })), onError: fail });
                    }}
                  >
                    {t('sendLink')}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm(estimator._id)}>
                    {t('delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      </Table.ScrollContainer>
      {list.data && list.data.total === 0 && <Text c="dimmed">{t('nothing')}</Text>}
      {list.data && list.data.total > PAGE_SIZE && <Pagination total={Math.ceil(list.data.total / PAGE_SIZE)} value={page} onChange={setPage} />}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t(editing?.id ? 'estimators.editTitle' : 'estimators.createTitle')}>
        <Stack
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextInput {...field('name')} />
          <TextInput {...field('email')} />
          <TextInput {...field('username')} />
          <Textarea
            label={t('estimators.information')}
            value={editing?.draft.information ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setEditing((current) => current && { ...current, draft: { ...current.draft, information: value } });
            }}
          />
          <NumberInput
            label={t('estimators.nextProfileBatch')}
            min={1}
            max={500}
            value={editing?.draft.nextProfileBatch ?? 10}
            onChange={(value) => setEditing((current) => current && { ...current, draft: { ...current.draft, nextProfileBatch: Number(value) || 10 } })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDelete
        count={1}
        opened={confirm !== null}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          remove.mutate(confirm, {
            onSuccess: (result) => {
              notify.positive(t('deleted', { count: result.changed }));
              setConfirm(null);
            },
            onError: fail,
          })
        }
      />
    </Stack>
  );
}
