import { useState, type ChangeEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminEstimatorCreateSchema, describeIssue, type AdminEstimator, type AdminEstimatorsQuery } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminEstimators, useDeleteEstimators, useSaveEstimator } from '../api/admin-estimators.ts';
import { useSendLoginLink } from '../api/admin-owners.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';
import { AuditLogButton } from './audit-log.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DataTable, dataColumns } from './data-table/data-table.tsx';
import { useListState, type ListSpec } from './data-table/list-state.ts';
import { RowActions } from './row-actions.tsx';

const PAGE_SIZE = 50;
const lastOpened = lastOpenedStore('estimators');
type Draft = { name: string; email: string; username: string; information: string; nextProfileBatch: number };
const spec: ListSpec = { sortable: ['createdAt', 'lastVisitAt', 'name'], defaultSort: { id: 'createdAt', desc: true }, filters: [] };
const column = dataColumns<AdminEstimator>();
const emptyDraft: Draft = { name: '', email: '', username: '', information: '', nextProfileBatch: 10 };

/** Estimators: list (search, sort, pages, selection with bulk delete), create, edit, delete, send a sign-in link. */
export function EstimatorsPage() {
  const { t, i18n } = useTranslation('admin');
  const state = useListState(spec);
  const list = useAdminEstimators({
    limit: PAGE_SIZE,
    offset: (state.page - 1) * PAGE_SIZE,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.sort ? { sort: state.sort.id as NonNullable<AdminEstimatorsQuery['sort']>, order: state.sort.desc ? 'desc' : 'asc' } : {}),
  });
  const save = useSaveEstimator();
  const remove = useDeleteEstimators();
  const sendLink = useSendLoginLink();
  const last = lastOpened.use();
  useReturnToLast(last, Boolean(list.data));
  const [editing, setEditing] = useState<{ id?: string; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<readonly string[] | null>(null);
  const fail = (error: unknown) => notify.negative(error instanceof ApiError ? error.message : t('error'));

  const date = (value: string | null) => (value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value)) : '—');
  const open = (estimator?: AdminEstimator) => {
    setErrors({});
    if (estimator) lastOpened.set(estimator._id);
    setEditing(
      estimator
        ? {
            id: estimator._id,
            draft: {
              name: estimator.name,
              email: estimator.email,
              username: estimator.username,
              information: estimator.information ?? '',
              nextProfileBatch: estimator.nextProfileBatch,
            },
          }
        : { draft: emptyDraft },
    );
  };
  const submit = () => {
    if (!editing) return;
    const body = { ...editing.draft, information: editing.draft.information || null };
    const parsed = AdminEstimatorCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => {
            const described = describeIssue(issue, currentLocale());
            return [described.field, described.message];
          }),
        ),
      );
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

  const columns = column.columns([
    column.accessor('name', { header: t('estimators.name') }),
    column.display({
      id: 'email',
      header: t('estimators.email'),
      cell: ({ row }) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.original.email}
        </Text>
      ),
    }),
    column.accessor('username', { header: t('estimators.username') }),
    column.display({ id: 'information', header: t('estimators.information'), cell: ({ row }) => row.original.information ?? '—' }),
    column.accessor('nextProfileBatch', { header: t('estimators.nextProfileBatch') }),
    column.accessor('profilesCount', { header: t('profilesCount') }),
    column.display({ id: 'createdAt', header: t('created'), cell: ({ row }) => date(row.original.createdAt) }),
    column.display({ id: 'lastVisitAt', header: t('lastVisit'), cell: ({ row }) => date(row.original.lastVisitAt) }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>{t('table.actions')}</VisuallyHidden>,
      cell: ({ row: { original: estimator } }) => (
        <RowActions
          row={estimator.email}
          actions={[
            { label: t('edit'), onClick: () => open(estimator) },
            {
              label: t('sendLink'),
              onClick: () => {
                lastOpened.set(estimator._id);
                sendLink.mutate(
                  { role: 'estimator', id: estimator._id },
                  { onSuccess: () => notify.positive(t('companies.linkSent', { email: estimator.email })), onError: fail },
                );
              },
            },
            { label: t('delete'), color: 'red', onClick: () => setConfirm([estimator._id]) },
          ]}
        />
      ),
    }),
  ]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('estimators.title')}</Title>
        <Group>
          <AuditLogButton entity="estimator" />
          <Button onClick={() => open()}>{t('estimators.create')}</Button>
        </Group>
      </Group>
      <DataTable
        label={t('estimators.title')}
        mode="server"
        columns={columns}
        data={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        getRowId={(estimator) => estimator._id}
        rowLabel={(estimator) => estimator.email}
        list={state}
        pageSize={PAGE_SIZE}
        searchable
        highlightId={last}
        sorts={[
          { id: 'createdAt', label: t('sortFields.createdAt'), asc: t('table.dir.oldest'), desc: t('table.dir.newest') },
          { id: 'lastVisitAt', label: t('sortFields.lastVisitAt'), asc: t('table.dir.oldest'), desc: t('table.dir.newest') },
          { id: 'name', label: t('sortFields.name'), asc: t('table.dir.az'), desc: t('table.dir.za') },
        ]}
        selectionActions={(ids) => (
          <Button color="red" variant="light" onClick={() => setConfirm(ids)}>
            {t('deleteSelected')}
          </Button>
        )}
      />
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
        count={confirm?.length ?? 0}
        opened={confirm !== null}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          remove.mutate(confirm, {
            onSuccess: (result) => {
              notify.positive(t('deleted', { count: result.changed }));
              state.setSelected([]);
              setConfirm(null);
            },
            onError: fail,
          })
        }
      />
    </Stack>
  );
}
