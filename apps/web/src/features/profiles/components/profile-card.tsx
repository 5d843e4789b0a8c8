import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileSummary } from '@teamcast/contracts';
import { ProfileAvatar } from './profile-avatar.tsx';

const stateColor: Record<ProfileSummary['state'], string> = {
  ack_q: 'gray',
  answered: 'yellow',
  ack_a: 'teal',
  deleted: 'red',
  delete_keep: 'red',
  withdrawn: 'gray',
};

/** A profile in the list: avatar, name, age, mood, expertise and status. */
export function ProfileCard({ profile, onOpen, highlighted }: { profile: ProfileSummary; onOpen: () => void; highlighted: boolean }) {
  const { t } = useTranslation('profiles');
  const name = profile.name || (profile.state === 'withdrawn' ? t('state.withdrawn') : t('card.noName'));
  return (
    <Card
      withBorder
      padding="sm"
      component="button"
      type="button"
      onClick={onOpen}
      style={{ textAlign: 'left', cursor: 'pointer', borderColor: highlighted ? 'var(--mantine-color-blue-5)' : undefined }}
      data-testid="profile-card"
      data-last-opened={highlighted || undefined}
      aria-label={name}
    >
      <Group wrap="nowrap" align="flex-start">
        <ProfileAvatar name={profile.avatarName} alt={t('card.avatar')} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
            {profile.kind === 'couple' && profile.partnerFirstName ? ` & ${profile.partnerFirstName}` : ''}
          </Text>
          {profile.position ? (
            <Text size="sm" c="dimmed" truncate>
              {profile.position}
            </Text>
          ) : null}
          <Text size="sm">{profile.age !== null ? t('card.age', { age: profile.age }) : t('card.noAge')}</Text>
          {/* The mood of the person's latest team run; none ('unclear') when no computed team includes them. */}
          {profile.mood !== 'unclear' ? (
            <Text size="sm">
              {t('card.mood')}: {t(`mood.${profile.mood}`)}
            </Text>
          ) : null}
          <Text size="sm" data-testid="card-expertise" data-hidden={profile.expertiseHidden || undefined}>
            {t('card.expertise')}: {profile.expertiseHidden ? t('card.expertiseHidden') : (profile.expertise ?? t('card.notScored'))}
          </Text>
          <Group gap={4}>
            <Badge color={stateColor[profile.state]} variant="light" data-testid="profile-state">
              {t(`state.${profile.state}`)}
            </Badge>
            {profile.main ? <Badge variant="outline">{t('card.main')}</Badge> : null}
            {profile.isDemo ? (
              <Badge color="grape" variant="outline">
                {t('card.demo')}
              </Badge>
            ) : null}
            {profile.isShort ? <Badge variant="outline">{t('card.short')}</Badge> : null}
            {profile.filledBy === 'owner' ? (
              <Badge variant="outline" data-testid="filled-by-owner">
                {t('card.byOwner')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
