import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminQuestionnaires, useQuestionnaireAction } from '../api/admin-questionnaires.ts';
import { lastOpenedStore, useReturnToLast } from '../hooks/last-opened.ts';

export const lastOpenedQuestionnaire = lastOpenedStore('questionnaires');

/** Questionnaires: status, kind, questions and profiles; open the editor, recalculate, delete. */
export function QuestionnairesPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useAdminQuestionnaires();
  const action = useQuestionnaireAction();
  const last = lastOpenedQuestionnaire.use();
  useReturnToLast(last, Boolean(list.data));
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(value));
  const run = (id: string, kind: 'recalculate' | 'delete') =>
    action.mutate(
      { id, kind },
      {
        onSuccess: () => notify.positive(t(`questionnaires.${kind}Done`)),
        onError: (error) => notify.negative(error instanceof ApiError ? error.message : t('error')),
      },
    );
  if (list.isError) return <Text c="red">{list.error instanceof ApiError ? list.error.message : t('error')}</Text>;
  return (
    <Stack>
      <Title order={2}>{t('questionnaires.title')}</Title>
      <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label={t('questionnaires.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('questionnaires.name')}</Table.Th>
            <Table.Th>{t('profiles.kind')}</Table.Th>
            <Table.Th>{t('questionnaires.status')}</Table.Th>
            <Table.Th>{t('questionnaires.questions')}</Table.Th>
            <Table.Th>{t('profilesCount')}</Table.Th>
            <Table.Th>{t('created')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.items ?? []).map((item) => (
            <Table.Tr key={item._id} data-row-id={item._id} bg={item._id === last ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                <Anchor component={Link} to={`/administrator/questionnaires/${item._id}`} onClick={() => lastOpenedQuestionnaire.set(item._id)}>
                  {item.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`profiles.kinds.${item.kind}`)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`questionnaires.statuses.${item.status}`)}</Badge>
              </Table.Td>
              <Table.Td>{item.questionsCount}</Table.Td>
              <Table.Td>{item.profilesCount}</Table.Td>
              <Table.Td>{date(item.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" loading={action.isPending && action.variables?.id === item._id && action.variables.kind === 'recalculate'} onClick={() => run(item._id, 'recalculate')}>
                    {t('questionnaires.recalculate')}
                  </Button>
                  {item.profilesCount === 0 && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => run(item._id, 'delete')}>
                      {t('delete')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
