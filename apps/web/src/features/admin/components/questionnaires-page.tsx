import { useState } from 'react';
import { Anchor, Badge, Button, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QuestionnaireKindSchema, QuestionnaireStatusSchema, type AdminQuestionnaireListItem } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminQuestionnaires, useQuestionnaireAction } from '../api/admin-questionnaires.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';
import { DataTable, dataColumns } from './data-table/data-table.tsx';
import { useListState, type ListSpec } from './data-table/list-state.ts';
import { RowActions } from './row-actions.tsx';

export const lastOpenedQuestionnaire = lastOpenedStore('questionnaires');
const PAGE_SIZE = 50;
const spec: ListSpec = {
  sortable: ['name', 'createdAt', 'questionsCount', 'profilesCount'],
  defaultSort: { id: 'createdAt', desc: true },
  filters: ['kind', 'status'],
};
const column = dataColumns<AdminQuestionnaireListItem>();

/** Questionnaires (every one is loaded; the table sorts, searches, filters and pages them): open the editor, recalculate, delete. */
export function QuestionnairesPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useAdminQuestionnaires();
  const state = useListState(spec);
  const action = useQuestionnaireAction();
  const last = lastOpenedQuestionnaire.use();
  useReturnToLast(last, Boolean(list.data));
  const [deleting, setDeleting] = useState(false);
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value));
  const run = (id: string, kind: 'recalculate' | 'delete') =>
    action.mutateAsync({ id, kind }).then(
      () => notify.positive(t(`questionnaires.${kind}Done`)),
      (error: unknown) => notify.negative(error instanceof ApiError ? error.message : t('error')),
    );
  const columns = column.columns([
    column.accessor('name', {
      header: t('questionnaires.name'),
      sortFn: 'text',
      filterFn: 'includesString',
      cell: ({ row: { original: item } }) => (
        <Anchor component={Link} to={`/administrator/questionnaires/${item._id}`} onClick={() => lastOpenedQuestionnaire.set(item._id)}>
          {item.name}
          {item.version > 1 ? ` · ${t('questionnaires.version', { version: item.version })}` : ''}
        </Anchor>
      ),
    }),
    column.accessor('kind', {
      header: t('profiles.kind'),
      filterFn: 'equalsString',
      enableGlobalFilter: false,
      cell: ({ row }) => t(`profiles.kinds.${row.original.kind}`),
    }),
    column.accessor('status', {
      header: t('questionnaires.status'),
      filterFn: 'equalsString',
      enableGlobalFilter: false,
      cell: ({ row }) => <Badge variant="light">{t(`questionnaires.statuses.${row.original.status}`)}</Badge>,
    }),
    column.accessor('questionsCount', { header: t('questionnaires.questions'), sortFn: 'basic', enableGlobalFilter: false }),
    column.accessor('profilesCount', { header: t('profilesCount'), sortFn: 'basic', enableGlobalFilter: false }),
    column.accessor('createdAt', { header: t('created'), sortFn: 'text', enableGlobalFilter: false, cell: ({ row }) => date(row.original.createdAt) }),
    column.display({
      id: 'actions',
      header: () => <span />,
      cell: ({ row: { original: item } }) => (
        <RowActions
          row={item.name}
          actions={[
            { label: t('questionnaires.recalculate'), onClick: () => void run(item._id, 'recalculate') },
            ...(item.profilesCount === 0 ? [{ label: t('delete'), color: 'red', onClick: () => void run(item._id, 'delete') }] : []),
          ]}
        />
      ),
    }),
  ]);
  if (list.isError) return <Text c="red">{list.error instanceof ApiError ? list.error.message : t('error')}</Text>;
  if (!list.data) return <Text c="dimmed">{t('loading')}</Text>;
  const unused = (ids: readonly string[]) =>
    (list.data?.items ?? []).filter((item) => ids.includes(item._id) && item.profilesCount === 0).map((item) => item._id);
  // Started by a click and left to run: run() reports each failure itself, so the promise never rejects.
  const deleteUnused = async (ids: readonly string[]) => {
    setDeleting(true);
    for (const id of unused(ids)) await run(id, 'delete');
    setDeleting(false);
    state.setSelected([]);
  };

  return (
    <Stack>
      <Title order={2}>{t('questionnaires.title')}</Title>
      <DataTable
        label={t('questionnaires.title')}
        mode="client"
        columns={columns}
        data={list.data.items}
        getRowId={(item) => item._id}
        rowLabel={(item) => item.name}
        list={state}
        pageSize={PAGE_SIZE}
        searchable
        highlightId={last}
        sorts={[
          { id: 'createdAt', label: t('sortFields.createdAt'), asc: t('table.dir.oldest'), desc: t('table.dir.newest') },
          { id: 'name', label: t('sortFields.name'), asc: t('table.dir.az'), desc: t('table.dir.za') },
          { id: 'questionsCount', label: t('sortFields.questionsCount'), asc: t('table.dir.least'), desc: t('table.dir.most') },
          { id: 'profilesCount', label: t('sortFields.profilesCount'), asc: t('table.dir.least'), desc: t('table.dir.most') },
        ]}
        filters={
          <>
            <Select
              label={t('profiles.kind')}
              clearable
              w={170}
              value={state.filters.kind ?? null}
              data={QuestionnaireKindSchema.options.map((value) => ({ value, label: t(`profiles.kinds.${value}`) }))}
              onChange={(value) => state.setFilter('kind', value)}
            />
            <Select
              label={t('questionnaires.status')}
              clearable
              w={170}
              value={state.filters.status ?? null}
              data={QuestionnaireStatusSchema.options.map((value) => ({ value, label: t(`questionnaires.statuses.${value}`) }))}
              onChange={(value) => state.setFilter('status', value)}
            />
          </>
        }
        selectionActions={(ids) => (
          <Button color="red" variant="light" disabled={unused(ids).length === 0} loading={deleting} onClick={() => void deleteUnused(ids)}>
            {t('questionnaires.deleteUnused', { count: unused(ids).length })}
          </Button>
        )}
      />
    </Stack>
  );
}
