import { Alert, Badge, Button, Card, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { useGradeByLink } from '../api/flame.ts';
import { useProfileByLink } from '../api/profile-by-link.ts';

/** The result of the flame questionnaire: the profile made from it, its grade once scored, and the way to an account. */
export function FlameResultPage() {
  const { t } = useTranslation('questionnaire');
  const { id = '' } = useParams();
  const [profile] = useProfileByLink(id);
  const grade = useGradeByLink(id);
  const signedIn = Boolean(useAuth('owner'));
  const personToken = (useLocation().state as { personToken?: string } | null)?.personToken;
  const attachPath = `/love-mobile/profiles?attach=${encodeURIComponent(id)}`;

  if (profile.status === 'pending') return <Loader m="xl" aria-label={t('loading')} />;
  if (profile.status === 'error') return <Alert color="red">{profile.error.message}</Alert>;
  const view = profile.data;
  return (
    <Stack maw={640} py="xl" gap="md" data-testid="flame-result">
      <Title order={1}>{t('flame.resultTitle')}</Title>
      <Card withBorder>
        <Group>
          {view.avatarName ? <Image src={`/avatars/${view.avatarName}.svg`} alt={t('sent.avatar')} w={80} h={80} /> : null}
          <Stack gap={4}>
            <Text fw={700} size="lg">
              {view.firstName}
            </Text>
            {view.age !== null ? <Text>{t('sent.age', { age: view.age })}</Text> : null}
            <Badge variant="light" color={grade.data?.scored ? 'teal' : 'gray'}>
              {grade.data?.scored && grade.data.grade ? grade.data.grade : t('flame.notScored')}
            </Badge>
          </Stack>
        </Group>
      </Card>
      {personToken ? (
        <Text size="sm">
          {t('sent.personPage')} <a href={`/person/${personToken}`} data-testid="person-page-link">{`${location.origin}/person/${personToken}`}</a>.{' '}
          {t('sent.personPageKeep')}
        </Text>
      ) : null}
      <Text>{signedIn ? t('flame.nextSignedIn') : t('flame.next')}</Text>
      <Button component={Link} to={signedIn ? attachPath : `/love-mobile/first-signup?next=${encodeURIComponent(attachPath)}`} color="pink" w="fit-content">
        {signedIn ? t('flame.attach') : t('flame.signUp')}
      </Button>
    </Stack>
  );
}
