import { Alert, Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { useEstimatorProfile } from '../api/estimator-profile.ts';
import { AnswersTable } from './answers-table.tsx';
import { EstimateForm } from './estimate-form.tsx';
import { ScoreExplanationList } from '../../../shared/ui/score-explanation.tsx';

const OUTPUTS = ['competencies', 'professionalism', 'maturity'] as const;

/**
 * One assigned profile: the estimator's score, precise score, comment, postpone and suspect, and the answers. The
 * model's scores and why appear only once he has saved a rating (the server withholds them before), beside his own.
 */
export function EstimatorProfilePage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('estimator');
  const profile = useEstimatorProfile(id, i18n.language);
  if (profile.isError) return <Text c="red">{profile.error instanceof ApiError ? profile.error.message : t('error')}</Text>;
  if (!profile.data) return <Text c="dimmed">{t('loading')}</Text>;
  const data = profile.data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  return (
    <Stack gap="md" data-testid="estimator-profile">
      <Anchor component={Link} to="/estimator">
        ← {t('profile.back')}
      </Anchor>
      <Group>
        <Title order={1}>{t('profile.title', { code: data.code })}</Title>
        {data.isDemo ? (
          <Badge color="grape" variant="outline">
            {t('demo')}
          </Badge>
        ) : null}
        {data.estimate.skipStatus ? <Badge variant="light">{t(`skip.${data.estimate.skipStatus}`)}</Badge> : null}
      </Group>
      <Text>
        {[
          data.age !== null ? t('profile.age', { age: data.age }) : null,
          data.gender ? t(`gender.${data.gender === 'М' ? 'male' : 'female'}`) : null,
          data.position,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>

      <EstimateForm key={data._id} profileId={data._id} estimate={data.estimate} />

      {data.modelWithheld ? (
        <Alert color="gray" title={t('profile.modelHiddenTitle')} data-testid="model-withheld">
          {t('profile.modelHidden')}
        </Alert>
      ) : (
        <Card withBorder data-testid="model-comparison">
          <Title order={2} size="h4" mb="xs">
            {t('profile.comparison')}
          </Title>
          {data.scores ? (
            <Table mb="sm" maw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>{t('profile.yours')}</Table.Th>
                  <Table.Th>{t('profile.model')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{t('profile.overall')}</Table.Td>
                  <Table.Td data-testid="your-score">{data.estimate.score === null ? '—' : number.format(data.estimate.score)}</Table.Td>
                  <Table.Td>
                    {t('scores.grade')}: <b data-testid="profile-grade">{data.grade}</b>
                  </Table.Td>
                </Table.Tr>
                {OUTPUTS.map((output) => (
                  <Table.Tr key={output}>
                    <Table.Td>{t(`scores.${output}`)}</Table.Td>
                    <Table.Td>{data.estimate.scorePrecise ? number.format(data.estimate.scorePrecise[output]) : '—'}</Table.Td>
                    <Table.Td>{number.format(Math.round(data.scores![output]))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed">{t('notScored')}</Text>
          )}
          {data.explanation ? <ScoreExplanationList explanation={data.explanation} namespace="estimator" /> : null}
        </Card>
      )}

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('profile.answers')}
        </Title>
        <AnswersTable answers={data.answers} />
      </Card>
    </Stack>
  );
}
