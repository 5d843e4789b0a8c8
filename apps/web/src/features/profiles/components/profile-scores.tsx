import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unlockingProduct, type Profile } from '@teamcast/contracts';
import { ScoreScale } from '../../../shared/charts/score-scale.tsx';
import { UnlockLink } from '../../../shared/access/capability-lock.tsx';

const SCALES = [
  ['competencies', '#1c7ed6'],
  ['professionalism', '#0b7285'],
  ['maturity', '#9c36b5'],
] as const;

/** A scored profile's K, P and L, each on its 0-100 scale, and its grade; or that it is not scored yet. */
export function ProfileScores({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const { scores } = profile;
  if (profile.expertiseHidden) {
    return (
      <Stack gap="xs" data-testid="scores-hidden">
        <Text size="sm">{t('page.scoresHidden')}</Text>
        <UnlockLink product={unlockingProduct('seeExpertise')} />
      </Stack>
    );
  }
  if (scores.scoredAt === null) return <Text data-testid="not-scored">{t('page.notScored')}</Text>;
  return (
    <Stack gap="sm" data-testid="profile-scores">
      {SCALES.map(([key, color]) => {
        const value = scores[key];
        return value === null ? (
          <Group key={key} justify="space-between">
            <Text size="sm">{t(`scores.${key}`)}</Text>
            <Text size="sm">—</Text>
          </Group>
        ) : (
          <ScoreScale key={key} testId={`score-${key}`} label={t(`scores.${key}`)} value={value} color={color} />
        );
      })}
      <Group justify="space-between">
        <Text size="sm">{t('scores.grade')}</Text>
        <Text size="sm" fw={700} data-testid="score-grade">
          {scores.grade ?? '—'}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="decision-note">
        {t('decisionNote')}
      </Text>
    </Stack>
  );
}
