import { Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScoreExplanation, ScoringModel } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { usePredictProfile } from '../api/neuronet-predict.ts';

const OUTPUTS = ['maturity', 'competencies', 'professionalism'] as const;

/** Predict for one profile with a chosen model or the rules, with the answers that moved each score. */
export function PredictCard({
  models,
  profileId,
  onProfileId,
  modelId,
  onModelId,
}: {
  models: ScoringModel[];
  profileId: string;
  onProfileId: (id: string) => void;
  modelId: string;
  onModelId: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('neuronet');
  const predict = usePredictProfile();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const choices = [
    { value: 'prior', label: t('predict.prior') },
    ...models
      .filter((model) => model.status === 'trained')
      .map((model) => ({ value: model._id, label: `${model.isCurrent ? t('status.current') : t('status.trained')} · ${model._id.slice(0, 8)}` })),
  ];
  const result = predict.data;
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'always' });
  // How the score adds up: the baseline, the answers that moved it most, the rest together, the scale's cut = the score.
  const additive = (explanation: ScoreExplanation, output: (typeof OUTPUTS)[number]) => {
    const sum = explanation.sums[output];
    const parts = [
      `${t('predict.baseline')} ${plain.format(sum.baseline)}`,
      ...explanation[output].map((item) => `${item.question[locale]} ${signed.format(item.points)}`),
      ...(sum.others !== 0 ? [`${t('predict.others')} ${signed.format(sum.others)}`] : []),
      ...(sum.limit !== 0 ? [`${t('predict.limit')} ${signed.format(sum.limit)}`] : []),
    ];
    return `${parts.join('; ')} = ${plain.format(sum.score)}`;
  };
  return (
    <Card withBorder data-testid="predict-card">
      <Title order={2} size="h4" mb="sm">
        {t('predict.title')}
      </Title>
      <Group align="flex-end">
        <TextInput label={t('predict.profile')} value={profileId} onChange={(event) => onProfileId(event.currentTarget.value.trim())} w={320} />
        <Select label={t('predict.model')} data={choices} value={modelId} onChange={(value) => onModelId(value ?? 'prior')} allowDeselect={false} w={240} />
        <Button onClick={() => predict.mutate({ profileId, modelId })} disabled={!profileId} loading={predict.isPending} data-testid="predict-run">
          {t('predict.run')}
        </Button>
      </Group>
      {predict.isError ? (
        <Text c="red" mt="sm">
          {predict.error instanceof ApiError ? predict.error.message : t('error')}
        </Text>
      ) : null}
      {result ? (
        <Stack gap="xs" mt="sm" data-testid="predict-result">
          <Text>
            {t('predictions.grade')}: <b>{result.grade}</b>
          </Text>
          <Table>
            <Table.Tbody>
              {OUTPUTS.map((output) => (
                <Table.Tr key={output}>
                  <Table.Td>{t(`outputs.${output}`)}</Table.Td>
                  <Table.Td>
                    <b>{Math.round(result.scores[output])}</b>
                  </Table.Td>
                  <Table.Td>{additive(result.explanation, output)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Card>
  );
}
