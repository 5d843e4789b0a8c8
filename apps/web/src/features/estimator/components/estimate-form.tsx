import { useState } from 'react';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeIssue, ScoreValueSchema, type Estimate, type KplScores } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useEstimateChange } from '../api/estimate-mutations.ts';

const OUTPUTS = ['competencies', 'professionalism', 'maturity'] as const;
const toNumber = (value: string | number) => (typeof value === 'number' ? value : value === '' ? null : Number(value));

/** The estimator's score, precise score, comment, postpone and suspect for one profile; starts from what he saved. */
export function EstimateForm({ profileId, estimate }: { profileId: string; estimate: Estimate }) {
  const { t } = useTranslation('estimator');
  const change = useEstimateChange(profileId);
  const [score, setScore] = useState<number | null>(estimate.score);
  const [precise, setPrecise] = useState<Partial<KplScores>>(estimate.scorePrecise ?? {});
  const [note, setNote] = useState(estimate.note);
  // Field errors by field name ('score', 'scorePrecise.competencies', ...): from the contract's rule, or from the server.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preciseComplete = OUTPUTS.every((output) => typeof precise[output] === 'number');
  const save = (variables: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(variables, {
      onSuccess: () => {
        setErrors({});
        notify.positive(done);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field) setErrors((current) => ({ ...current, [error.field!]: error.message }));
        else notify.negative(error instanceof ApiError ? error.message : t('error'));
      },
    });
  /** Checks values with the contract's 0-100 rule before sending: an out-of-range value is refused, never clamped. */
  const checked = (entries: [string, number | null | undefined][]) => {
    const found = Object.fromEntries(
      entries.flatMap(([field, value]) => {
        const parsed = ScoreValueSchema.safeParse(value ?? undefined);
        return parsed.success ? [] : [[field, describeIssue(parsed.error.issues[0]!, currentLocale()).message]];
      }),
    );
    setErrors((current) => ({ ...Object.fromEntries(Object.entries(current).filter(([field]) => !entries.some(([name]) => name === field))), ...found }));
    return Object.keys(found).length === 0;
  };
  const saveScore = () => {
    if (score !== null && checked([['score', score]])) save({ kind: 'rate', score }, t('profile.saved'));
  };
  const savePrecise = () => {
    if (checked(OUTPUTS.map((output) => [`scorePrecise.${output}`, precise[output]])))
      save({ kind: 'precise', scorePrecise: precise as KplScores }, t('profile.saved'));
  };

  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        {t('profile.yourEstimate')}
      </Title>
      <Stack gap="sm">
        <Group align="flex-end">
          <NumberInput
            label={t('profile.score')}
            description={t('profile.scoreHint')}
            min={0}
            max={100}
            clampBehavior="none"
            value={score ?? ''}
            onChange={(value) => setScore(toNumber(value))}
            error={errors.score}
            w={220}
            data-testid="score-input"
          />
          <Button onClick={saveScore} disabled={score === null} loading={change.isPending} data-testid="save-score">
            {t('profile.saveScore')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {OUTPUTS.map((output) => (
            <NumberInput
              key={output}
              label={t(`scores.${output}`)}
              min={0}
              max={100}
              clampBehavior="none"
              value={precise[output] ?? ''}
              error={errors[`scorePrecise.${output}`]}
              onChange={(value) => setPrecise((current) => ({ ...current, [output]: toNumber(value) ?? undefined }))}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button variant="light" disabled={!preciseComplete} onClick={savePrecise}>
            {t('profile.savePrecise')}
          </Button>
        </Group>
        <Textarea
          label={t('profile.comment')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={2000}
          rows={3}
          data-testid="comment-input"
        />
        <Group>
          <Button variant="light" onClick={() => save({ kind: 'note', content: note }, t('profile.commentSaved'))} data-testid="save-comment">
            {t('profile.saveComment')}
          </Button>
          <Button variant="default" onClick={() => save({ kind: 'skip', skipStatus: 'normal' }, t('profile.postponed'))}>
            {t('profile.postpone')}
          </Button>
          <Button variant="default" color="red" onClick={() => save({ kind: 'skip', skipStatus: 'suspicious' }, t('profile.markedSuspect'))}>
            {t('profile.suspect')}
          </Button>
          {estimate.skipStatus ? (
            <Button variant="subtle" onClick={() => save({ kind: 'skip', skipStatus: null }, t('profile.skipCleared'))}>
              {t('profile.clearSkip')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
