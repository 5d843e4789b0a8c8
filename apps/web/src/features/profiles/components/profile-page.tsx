import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allSlots, formatAnswer, LOVE_DIMENSIONS, type Locale, type Profile } from '@teamcast/contracts';
import { useCanBeMain, useMakeMain } from '../api/main-profile.ts';
import { useDeleteProfile, useProfile, useProfileExplanation, useUpdateProfile } from '../api/profile.ts';
import { useOwnerQuestionnaire } from '../api/questionnaire.ts';
import { profilesPath, type ProfilesShell } from '../hooks/profiles-shell.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { ProfileScores } from './profile-scores.tsx';
import { ScoreExplanationList } from '../../../shared/ui/score-explanation.tsx';
import { ShareLinkBox } from './share-link-box.tsx';
import { formatDateTime, localeOf } from '../../../shared/format/number.ts';

/** One profile: who it is, its scores (or that it is not scored yet), the link to send, its answers and actions. */
export function ProfilePage({ shell }: { shell: ProfilesShell }) {
  const { t } = useTranslation('profiles');
  const { id = '' } = useParams();
  const profile = useProfile(id);
  if (profile.isPending) return <Loader m="xl" aria-label={t('loading')} />;
  if (profile.isError) return <Alert color="red">{profile.error.message}</Alert>;
  return <ProfileView shell={shell} profile={profile.data} />;
}

function ProfileView({ shell, profile }: { shell: ProfilesShell; profile: Profile }) {
  const { t, i18n } = useTranslation('profiles');
  const update = useUpdateProfile(profile._id);
  const completed = profile.state === 'ack_a';
  return (
    <Stack gap="md" maw={960} data-testid="profile-page">
      <Anchor component={Link} to={profilesPath(shell)}>
        {t('page.back')}
      </Anchor>
      <Group align="flex-start" wrap="nowrap">
        <ProfileAvatar name={profile.avatarName} size={96} alt={t('card.avatar')} />
        <Stack gap={4}>
          <Title order={1}>{profile.name || t('card.noName')}</Title>
          {profile.kind === 'couple' ? <Text>{[profile.partnerFirstName, profile.partnerLastName].filter(Boolean).join(' ')}</Text> : null}
          <Group gap={6}>
            <Badge variant="light" data-testid="profile-state">
              {t(`state.${profile.state}`)}
            </Badge>
            <Badge variant="outline">{t(`kind.${profile.kind}`)}</Badge>
            {profile.main ? <Badge variant="outline">{t('card.main')}</Badge> : null}
            {profile.isDemo ? <Badge color="grape">{t('card.demo')}</Badge> : null}
          </Group>
          <Text size="sm" data-testid="profile-facts">
            {profile.age !== null ? t('card.age', { age: profile.age }) : t('card.noAge')}
            {profile.gender ? ` · ${t(`gender.${profile.gender === 'М' ? 'male' : 'female'}`)}` : ''}
          </Text>
          {[profile.position, profile.email, profile.phone].filter(Boolean).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('page.scores')}
          </Title>
          {isLoveKind(profile) ? <LoveScores profile={profile} /> : <ProfileScores profile={profile} />}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {completed ? t('page.filled') : t('page.invite')}
          </Title>
          {completed ? (
            <Text size="sm">{t('page.completedAt', { date: formatDateTime(profile.completedAt!, localeOf(i18n.language)) })}</Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm">{t('page.inviteHint')}</Text>
              <ShareLinkBox shell={shell} profile={profile} />
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      {profile.scores.scoredAt !== null ? <Explanation profile={profile} /> : null}

      <Switch
        checked={profile.hideDetails}
        onChange={(event) => update.mutate({ hideDetails: event.currentTarget.checked })}
        label={t('page.hideDetails')}
        description={t('page.hideDetailsHint')}
      />
      <Answers profile={profile} />
      <Actions shell={shell} profile={profile} />
    </Stack>
  );
}

const isLoveKind = (profile: Profile) => profile.kind === 'love' || profile.kind === 'couple';
const personNames = (profile: Profile) => [profile.firstName ?? '', profile.partnerFirstName ?? ''];

/** A love or couple profile's love scores (docs/love-model.md): one column per person. */
function LoveScores({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profiles');
  const love = profile.scores.love;
  if (!love) return <Text data-testid="not-scored">{t('page.loveNotScored')}</Text>;
  const names = personNames(profile);
  return (
    <Table data-testid="love-scores">
      {love.people.length > 1 ? (
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {love.people.map((_, index) => (
              <Table.Th key={index}>{names[index]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      ) : null}
      <Table.Tbody>
        {LOVE_DIMENSIONS.map((dimension) => (
          <Table.Tr key={dimension}>
            <Table.Td>{t(`scores.${dimension}`)}</Table.Td>
            {love.people.map((person, index) => (
              <Table.Td key={index}>{Math.round(person[dimension]).toLocaleString(i18n.language)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The answers that moved the scores most, so an owner can see why a person got them. */
function Explanation({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const explanation = useProfileExplanation(profile._id, profile.scores.scoredAt);
  if (explanation.data === null) return null; // the server has nothing to explain (the profile is not scored after all)
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        {t('explanation.title')}
      </Title>
      {explanation.data ? (
        <ScoreExplanationList explanation={explanation.data} namespace="profiles" names={personNames(profile)} />
      ) : explanation.isError ? (
        <Text c="red">{t('explanation.failed')}</Text>
      ) : (
        <Loader size="sm" aria-label={t('loading')} />
      )}
    </Card>
  );
}

/** The answers under their questions, step by step, in the interface language. */
function Answers({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profiles');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const kind = profile.kind === 'short' ? 'standard' : profile.kind;
  const questionnaire = useOwnerQuestionnaire(kind, profile.kind === 'short');
  if (profile.answers.length === 0) return <Text c="dimmed">{t('page.noAnswers')}</Text>;
  if (!questionnaire.data) return <Loader size="sm" aria-label={t('loading')} />;
  const values = new Map(profile.answers.map((answer) => [answer.neuron, answer.value]));
  return (
    <Stack gap="sm" data-testid="profile-answers">
      <Title order={2} size="h4">
        {t('page.answers')}
      </Title>
      {questionnaire.data.steps.map((step) => {
        const slots = allSlots([step]).filter((slot) => values.has(slot.neuron));
        if (slots.length === 0) return null;
        return (
          <Card withBorder key={step.key}>
            <Text fw={600} mb="xs">
              {step.title[locale]}
            </Text>
            <Table>
              <Table.Tbody>
                {slots.map((slot) => (
                  <Table.Tr key={slot.neuron}>
                    <Table.Td>
                      {slot.question.text[locale]}
                      {slot.side === 'partner' ? ` (${t('page.partner')})` : ''}
                    </Table.Td>
                    <Table.Td>{formatAnswer(slot.question, values.get(slot.neuron), locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        );
      })}
    </Stack>
  );
}

function Actions({ shell, profile }: { shell: ProfilesShell; profile: Profile }) {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProfile(profile._id);
  const canBeMain = useCanBeMain(profile._id, profile.state === 'ack_a' && !profile.main);
  const makeMain = useMakeMain(profile._id);
  const used = profile.usage.teams + profile.usage.evaluations > 0;
  return (
    <Group>
      {canBeMain.data?.check ? (
        <Button variant="light" onClick={() => makeMain.mutate()} loading={makeMain.isPending}>
          {t('page.makeMain')}
        </Button>
      ) : null}
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        {t('page.delete')}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('page.deleteTitle')}>
        <Stack>
          {used ? <Alert color="yellow">{t('page.deleteUsed', { teams: profile.usage.teams, evaluations: profile.usage.evaluations })}</Alert> : null}
          <Text>{t('page.deleteBody')}</Text>
          {remove.isError ? <Alert color="red">{remove.error.message}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('page.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate(profilesPath(shell)) })}>
              {t('page.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
