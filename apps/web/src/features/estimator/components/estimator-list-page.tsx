import { useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Group, Pagination, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ESTIMATOR_FILTERS, GRADES, type EstimatorFilter, type EstimatorProfilesQuery } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAssignBatch } from '../api/assign-batch.ts';
import { useEstimatorProfiles } from '../api/estimator-profiles.ts';

const PAGE_SIZE = 50;

/** The estimator's profiles: filters of spec section 4, the next batch, and a pick of two to compare. */
export function EstimatorListPage() {
  const { t, i18n } = useTranslation('estimator');
  const navigate = useNavigate();
  const [filter, setFilter] = useState<EstimatorFilter>('all');
  const [grade, setGrade] = useState<string | null>(null);
  const [withComment, setWithComment] = useState(false);
  const [onlyUnrated, setOnlyUnrated] = useState(false);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<string[]>([]);
  const query: EstimatorProfilesQuery = {
    filter,
    order,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(grade ? { gradeFilter: grade as (typeof GRADES)[number] } : {}),
    ...(withComment ? { existComment: 'true' as const } : {}),
    ...(onlyUnrated ? { onlyUnrated: 'true' as const } : {}),
  };
  const list = useEstimatorProfiles(query);
  const assign = useAssignBatch();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const takeBatch = () =>
    assign.mutate(undefined, {
      onSuccess: ({ batchSize }) => (batchSize > 0 ? notify.positive(t('list.assigned', { count: batchSize })) : notify.warning(t('list.nothingToAssign'))),
      onError: (error) => notify.negative(error instanceof ApiError ? error.message : t('error')),
    });
  const togglePick = (id: string) => setPicked((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id].slice(-2)));

  return (
    <Stack gap="md" data-testid="estimator-list">
      <Group justify="space-between">
        <Title order={1}>{t('list.title')}</Title>
        <Group>
          <Button variant="default" disabled={picked.length !== 2} onClick={() => void navigate(`/compare-profiles?a=${picked[0]}&b=${picked[1]}`)}>
            {t('list.compare')}
          </Button>
          <Button onClick={takeBatch} loading={assign.isPending} data-testid="take-batch">
            {t('list.takeBatch')}
          </Button>
        </Group>
      </Group>
      <SegmentedControl
        data={ESTIMATOR_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
        value={filter}
        onChange={(value) => change(setFilter)(value as EstimatorFilter)}
        aria-label={t('list.filter')}
        style={{ overflowX: 'auto' }}
      />
      <Group>
        <Select
          label={t('list.grade')}
          placeholder={t('list.anyGrade')}
          data={GRADES.map((value) => ({ value, label: value }))}
          value={grade}
          onChange={change(setGrade)}
          clearable
          w={200}
        />
        <Checkbox label={t('list.withComment')} checked={withComment} onChange={(event) => change(setWithComment)(event.currentTarget.checked)} mt="lg" />
        <Checkbox label={t('list.onlyUnrated')} checked={onlyUnrated} onChange={(event) => change(setOnlyUnrated)(event.currentTarget.checked)} mt="lg" />
        <Select
          label={t('list.sort')}
          data={[
            { value: 'asc', label: t('list.oldestFirst') },
            { value: 'desc', label: t('list.newestFirst') },
          ]}
          value={order}
          onChange={(value) => change(setOrder)((value as 'asc' | 'desc') ?? 'asc')}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {list.isError ? <Text c="red">{list.error instanceof ApiError ? list.error.message : t('error')}</Text> : null}
      {list.data && list.data.items.length === 0 ? (
        <Text c="dimmed" data-testid="estimator-empty">
          {t('list.empty')}
        </Text>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.pick')}</Table.Th>
                <Table.Th>{t('list.profile')}</Table.Th>
                <Table.Th>{t('list.age')}</Table.Th>
                <Table.Th>{t('list.position')}</Table.Th>
                <Table.Th>{t('list.gradeColumn')}</Table.Th>
                <Table.Th>{t('list.myScore')}</Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
                <Table.Th>{t('list.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((item) => (
                <Table.Tr key={item._id} data-testid="estimator-row">
                  <Table.Td>
                    <Checkbox aria-label={t('list.pickOne', { code: item.code })} checked={picked.includes(item._id)} onChange={() => togglePick(item._id)} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={`/estimator/profiles/${item._id}`}>
                        {item.code}
                      </Anchor>
                      {item.isDemo ? (
                        <Badge color="grape" variant="outline" size="sm">
                          {t('demo')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{item.age ?? '—'}</Table.Td>
                  <Table.Td>{item.position ?? '—'}</Table.Td>
                  <Table.Td>
                    {item.modelWithheld ? (
                      <Text span size="sm" c="dimmed">
                        {t('list.gradeHidden')}
                      </Text>
                    ) : (
                      (item.grade ?? t('notScored'))
                    )}
                  </Table.Td>
                  <Table.Td>{item.estimate.score ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {item.estimate.skipStatus ? <Badge variant="light">{t(`skip.${item.estimate.skipStatus}`)}</Badge> : null}
                      {item.estimate.note ? (
                        <Badge variant="light" color="gray">
                          {t('list.hasComment')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{date.format(new Date(item.updatedAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {list.data && list.data.total > PAGE_SIZE ? <Pagination total={Math.ceil(list.data.total / PAGE_SIZE)} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}
