import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { useEstimatorProfile } from '../api/estimator-profile.ts';
import { AnswersTable } from './answers-table.tsx';
import { EstimateForm } from './estimate-form.tsx';
import { ScoreExplanationList } from '../../../shared/ui/score-explanation.tsx';

const OUTPUTS = ['competencies', 'professionalism', 'maturity'] as const;

/** One assigned profile: answers, the model's scores and why, and the estimator's score, precise score, comment, postpone and suspect. */
export function EstimatorProfilePage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('estimator');
  const profile = useEstimatorProfile(id, i18n.language);
  if (profile.isError) return <Text c="red">{profile.error instanceof ApiError ? profile.error.message : t('error')}</Text>;
  if (!profile.data) return <Text c="dimmed">{t('loading')}</Text>;
  const data = profile.data;

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
        {[data.age !== null ? t('profile.age', { age: data.age }) : null, data.gender ? t(`gender.${data.gender === 'М' ? 'male' : 'female'}`) : null, data.position].filter(Boolean).join(' · ')}
      </Text>

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('profile.currentScores')}
        </Title>
        {data.scores ? (
          <Group gap="xl" mb="sm">
            {OUTPUTS.map((output) => (
              <Text key={output}>
                {t(`scores.${output}`)}: <b>{Math.round(data.scores![output])}</b>
              </Text>
            ))}
            <Text>
              {t('scores.grade')}: <b data-testid="profile-grade">{data.grade}</b>
            </Text>
          </Group>
        ) : (
          <Text c="dimmed">{t('notScored')}</Text>
        )}
        {data.explanation ? <ScoreExplanationList explanation={data.explanation} namespace="estimator" /> : null}
      </Card>

      <EstimateForm key={data._id} profileId={data._id} estimate={data.estimate} />

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('profile.answers')}
        </Title>
        <AnswersTable answers={data.answers} />
      </Card>
    </Stack>
  );
}
