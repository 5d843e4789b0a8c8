import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminProfile, useCancelConfirmation, useDeleteProfiles, useFinalScore } from '../api/admin-profiles.ts';
import { lastOpenedStore } from '../hooks/last-opened.ts';
import { AuditLogTable } from './audit-log.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

const lastOpened = lastOpenedStore('profiles');
const kpl = (scores: { competencies: number; professionalism: number; maturity: number } | null) =>
  scores ? `${Math.round(scores.competencies)} / ${Math.round(scores.professionalism)} / ${Math.round(scores.maturity)}` : '—';

/** One profile for the administrator: state, scores, estimates, final score, cancel confirmation, delete, its audit log. */
export function AdminProfilePage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const profile = useAdminProfile(id);
  const cancel = useCancelConfirmation();
  const remove = useDeleteProfiles();
  const finalScore = useFinalScore();
  const [score, setScore] = useState<number | ''>('');
  const [confirm, setConfirm] = useState(false);
  const fail = (error: unknown) => notify.negative(error instanceof ApiError ? error.message : t('error'));
  if (profile.isError) return <Text c="red">{profile.error instanceof ApiError ? profile.error.message : t('error')}</Text>;
  if (!profile.data) return <Text c="dimmed">{t('loading')}</Text>;
  const data = profile.data;
  if (lastOpened.get() !== data._id) lastOpened.set(data._id);

  return (
    <Stack>
      <Anchor component={Link} to="/administrator/profiles">
        {t('profiles.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{[data.firstName, data.lastName].filter(Boolean).join(' ') || t('profiles.noName')}</Title>
        <Badge size="lg" variant="light">
          {t(`profiles.statuses.${data.status}`)}
        </Badge>
      </Group>
      <Card withBorder>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('profiles.owner')}</Table.Th>
              <Table.Td>{data.owner ? `${data.owner.companyName ?? ''} ${data.owner.email}` : t('profiles.byLink')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profiles.kind')}</Table.Th>
              <Table.Td>{t(`profiles.kinds.${data.kind}`)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('email')}</Table.Th>
              <Table.Td>{data.email ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profiles.position')}</Table.Th>
              <Table.Td>{data.position ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profiles.answers')}</Table.Th>
              <Table.Td>{data.answersCount}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profiles.grade')}</Table.Th>
              <Table.Td>{data.grade ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profiles.scores')}</Table.Th>
              <Table.Td>{kpl(data.scores)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profiles.finalScore')}</Table.Th>
              <Table.Td>
                {data.finalScore ?? '—'} · {kpl(data.finalScorePrecise)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <Group align="flex-end">
        <NumberInput
          label={t('profiles.finalScoreInput')}
          min={0}
          max={100}
          value={score}
          onChange={(value) => setScore(typeof value === 'number' ? value : '')}
        />
        <Button
          disabled={score === ''}
          loading={finalScore.isPending}
          onClick={() =>
            score !== '' && finalScore.mutate({ id: data._id, score }, { onSuccess: () => notify.positive(t('profiles.finalScoreSaved')), onError: fail })
          }
        >
          {t('save')}
        </Button>
        {!['empty', 'completed', 'deleted'].includes(data.status) ? (
          <Button
            variant="light"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(data._id, { onSuccess: () => notify.positive(t('profiles.confirmationCancelled')), onError: fail })}
          >
            {t('profiles.cancelConfirmation')}
          </Button>
        ) : null}
        {data.status !== 'deleted' && (
          <Button color="red" variant="light" onClick={() => setConfirm(true)}>
            {t('delete')}
          </Button>
        )}
      </Group>
      <Title order={3}>{t('profiles.estimates')}</Title>
      {data.estimates.length === 0 ? (
        <Text c="dimmed">{t('profiles.noEstimates')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('estimators.name')}</Table.Th>
                <Table.Th>{t('profiles.score')}</Table.Th>
                <Table.Th>{t('profiles.scores')}</Table.Th>
                <Table.Th>{t('profiles.skip')}</Table.Th>
                <Table.Th>{t('profiles.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.estimates.map((estimate) => (
                <Table.Tr key={estimate.estimatorId}>
                  <Table.Td>{estimate.estimatorName}</Table.Td>
                  <Table.Td>{estimate.score ?? '—'}</Table.Td>
                  <Table.Td>{kpl(estimate.scorePrecise)}</Table.Td>
                  <Table.Td>{estimate.skipStatus ? t(`profiles.skipStatus.${estimate.skipStatus}`) : '—'}</Table.Td>
                  <Table.Td>{estimate.note || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3}>{t('audit.title')}</Title>
      <AuditLogTable entity="profile" entityId={data._id} />
      <ConfirmDelete
        count={1}
        opened={confirm}
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate([data._id], {
            onSuccess: () => {
              setConfirm(false);
              void navigate('/administrator/profiles');
            },
            onError: fail,
          })
        }
      />
    </Stack>
  );
}
