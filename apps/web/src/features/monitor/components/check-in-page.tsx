import { useState } from 'react';
import { Alert, Button, Card, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_WORD_MAX, type CheckInChoice } from '@teamcast/contracts';
import { formatMonth } from '../../../shared/charts/format.ts';
import { useAnswerCheckIn, useCheckInForm } from '../api/check-in.ts';

const CHOICES: CheckInChoice[] = [1, 2, 3, 4, 5];

/** Five choices, worst first, each labelled in words; the value is the choice's number. */
function ChoiceRow({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: CheckInChoice | null;
  onChange: (value: CheckInChoice) => void;
  testId: string;
}) {
  const { t } = useTranslation('monitor');
  return (
    <Stack gap={4}>
      <Text fw={500}>{label}</Text>
      <SegmentedControl
        data-testid={testId}
        fullWidth
        value={value ? String(value) : ''}
        onChange={(next) => onChange(Number(next) as CheckInChoice)}
        data={CHOICES.map((choice) => ({ value: String(choice), label: t(`checkIn.choices.${choice}`) }))}
        aria-label={label}
      />
    </Stack>
  );
}

/** A member's one-minute monthly check-in, opened by the personal link; anonymous, no sign-in. */
export function CheckInPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation('monitor');
  const form = useCheckInForm(token);
  const answer = useAnswerCheckIn(token);
  const [ratings, setRatings] = useState<Record<string, CheckInChoice>>({});
  const [satisfaction, setSatisfaction] = useState<CheckInChoice | null>(null);
  const [word, setWord] = useState('');

  if (form.isPending) return <Loader m="xl" />;
  if (form.isError) {
    return (
      <Alert color="red" m="xl" data-testid="check-in-error">
        {form.error.message}
      </Alert>
    );
  }
  const data = form.data;
  const monthName = formatMonth(new Date(`${data.month}-01T00:00:00Z`), i18n.language === 'en' ? 'en' : 'ru', 'long');
  if (data.answered || answer.isSuccess) {
    return (
      <Card withBorder maw={640} m="xl" data-testid="check-in-done">
        <Title order={3}>{t('checkIn.thanks')}</Title>
        <Text mt="sm">{t('checkIn.answered', { month: monthName })}</Text>
      </Card>
    );
  }
  const complete = satisfaction !== null && data.teammates.every((mate) => ratings[mate._id]);
  const submit = () => {
    if (!complete) return;
    answer.mutate({
      ratings: data.teammates.map((mate) => ({ memberId: mate._id, choice: ratings[mate._id]! })),
      satisfaction,
      ...(word.trim() ? { word: word.trim() } : {}),
    });
  };
  return (
    <Card withBorder maw={720} m="xl" data-testid="check-in-form">
      <Stack>
        <Title order={2}>{t('checkIn.title', { team: data.title })}</Title>
        <Text>{t('checkIn.lead', { name: data.name, month: monthName })}</Text>
        <Text size="sm" c="dimmed">
          {t('checkIn.privacy')}
        </Text>
        <Title order={4}>{t('checkIn.teammates')}</Title>
        {data.teammates.map((mate) => (
          <ChoiceRow
            key={mate._id}
            testId={`rate-${mate._id}`}
            label={mate.name}
            value={ratings[mate._id] ?? null}
            onChange={(choice) => setRatings((all) => ({ ...all, [mate._id]: choice }))}
          />
        ))}
        <ChoiceRow testId="rate-self" label={t('checkIn.satisfaction')} value={satisfaction} onChange={setSatisfaction} />
        <TextInput
          label={t('checkIn.word')}
          maxLength={CHECK_IN_WORD_MAX}
          value={word}
          onChange={(event) => setWord(event.currentTarget.value)}
          data-testid="check-in-word"
        />
        {answer.isError ? (
          <Alert color="red" data-testid="check-in-refused">
            {answer.error.message}
          </Alert>
        ) : null}
        {!complete ? (
          <Text size="sm" c="dimmed">
            {t('checkIn.rateEveryone')}
          </Text>
        ) : null}
        <Button onClick={submit} disabled={!complete} loading={answer.isPending} data-testid="check-in-send">
          {t('checkIn.send')}
        </Button>
      </Stack>
    </Card>
  );
}
