import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, NumberInput, Pagination, Progress, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KplScores, ScoringModel } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useNeuronetAction } from '../api/neuronet-actions.ts';
import { useNeuronetModels } from '../api/neuronet-models.ts';
import { useNeuronetProfiles } from '../api/neuronet-profiles.ts';
import { AgreementCard } from './agreement-card.tsx';
import { BiasAuditCard } from './bias-audit-card.tsx';
import { FairnessTable } from './fairness-table.tsx';
import { MetricsChart } from './metrics-chart.tsx';
import { MonitorCalibrationCard } from './monitor-calibration-card.tsx';
import { PredictCard } from './predict-card.tsx';
import { PublishConfirm } from './publish-confirm.tsx';

const OUTPUTS = ['maturity', 'competencies', 'professionalism'] as const;
const PAGE_SIZE = 20;
const scoresText = (scores: KplScores | null) => (scores ? OUTPUTS.map((output) => Math.round(scores[output])).join(' / ') : '—');

/** The administrator's neuronet page: train, upload, publish, metrics against the prior, fairness, predictions. */
export function NeuronetPage() {
  const { t, i18n } = useTranslation('neuronet');
  const overview = useNeuronetModels();
  const action = useNeuronetAction();
  const [seed, setSeed] = useState<number | ''>('');
  const [selected, setSelected] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [predictProfile, setPredictProfile] = useState('');
  const [predictModel, setPredictModel] = useState('prior');
  // A publication the bias audit refused: the refusal, and the justification the administrator is writing.
  const [refused, setRefused] = useState<{ id: string; message: string } | null>(null);
  const [justification, setJustification] = useState('');
  // The model whose publication the administrator is confirming (the dialog with its fairness and accuracy figures).
  const [confirming, setConfirming] = useState<string | null>(null);
  const models = overview.data?.items ?? [];
  const current = models.find((model) => model.isCurrent) ?? null;
  const candidate = models.find((model) => model._id === selected) ?? models.find((model) => !model.isCurrent && model.status === 'trained') ?? null;
  const predictions = useNeuronetProfiles(candidate?.status === 'trained' ? candidate._id : null, page, PAGE_SIZE);
  const date = (value: string | null) =>
    value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : '—';

  const busy = (id: string, kind: string) => action.isPending && action.variables?.kind === kind && 'id' in action.variables && action.variables.id === id;
  const perform = (variables: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(variables, {
      onSuccess: () => notify.positive(done),
      onError: (error) => notify.negative(error instanceof ApiError ? error.message : t('error')),
    });

  const publish = (id: string, text?: string) =>
    action.mutate(
      { kind: 'publish', id, ...(text ? { justification: text } : {}) },
      {
        onSuccess: () => {
          setConfirming(null);
          setRefused(null);
          setJustification('');
          notify.positive(t('actions.published'));
        },
        onError: (error) => {
          setConfirming(null);
          if (error instanceof ApiError && (error.code === 'fairness_below_bar' || error.code === 'fairness_worse_than_published'))
            setRefused({ id, message: error.message });
          else notify.negative(error instanceof ApiError ? error.message : t('error'));
        },
      },
    );

  if (overview.isError) return <Text c="red">{overview.error instanceof ApiError ? overview.error.message : t('error')}</Text>;
  if (!overview.data) return <Text c="dimmed">{t('loading')}</Text>;
  const data = overview.data;

  const status = (model: ScoringModel) =>
    model.status === 'training' ? (
      <Stack gap={2} miw={120}>
        <Text size="xs">{t('status.training', { percent: Math.round(model.progress * 100) })}</Text>
        <Progress value={model.progress * 100} animated aria-label={t('status.progress')} />
      </Stack>
    ) : (
      <Badge color={model.status === 'failed' ? 'red' : model.isCurrent ? 'teal' : 'blue'} variant="light" style={{ overflow: 'visible' }}>
        {model.isCurrent ? t('status.current') : t(`status.${model.status}`)}
      </Badge>
    );
  // A model trained or tested on demo labels: its figures are a demonstration (docs/scoring-model.md, "Accuracy").
  const demoBadge = (model: ScoringModel) =>
    model.isDemo ? (
      <Badge color="orange" variant="light" ml={4} data-testid="demo-model">
        {t('status.demo')}
      </Badge>
    ) : null;
  const points = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const share = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const evaluationText = (evaluation: NonNullable<ScoringModel['evaluation']>['model']) =>
    t('accuracy.evaluation', {
      persons: evaluation.persons,
      mae: points.format(evaluation.mae.value),
      low: points.format(evaluation.mae.low),
      high: points.format(evaluation.mae.high),
      r2: share.format(evaluation.r2.value),
      r2low: share.format(evaluation.r2.low),
      r2high: share.format(evaluation.r2.high),
    });

  return (
    <Stack gap="md" data-testid="neuronet-page">
      <Title order={1}>{t('title')}</Title>
      <Alert color="gray" title={t('uses.title')}>
        {t('uses.body')}
      </Alert>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('scoredKinds.title')}
        </Title>
        <Table data-testid="scored-kinds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('scoredKinds.model')}</Table.Th>
              <Table.Th>{t('scoredKinds.kinds')}</Table.Th>
              <Table.Th>{t('scoredKinds.outputs')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.scoredKinds.map((entry) => (
              <Table.Tr key={entry.model}>
                <Table.Td>
                  {t(`scoredKinds.models.${entry.model}`)}
                  {entry.model === 'neuronet' && entry.version === null ? ` (${t('scoredKinds.prior')})` : ''}
                </Table.Td>
                <Table.Td>{entry.kinds.map((kind) => t(`scoredKinds.kind.${kind}`)).join(', ')}</Table.Td>
                <Table.Td>{entry.outputs.map((output) => t(`scoredKinds.output.${output}`)).join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('counts.profiles')}
          </Text>
          <Text fz={28} fw={700} data-testid="labelled-count">
            {data.labelledProfiles}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('counts.estimators')}
          </Text>
          <Text fz={28} fw={700}>
            {data.estimators}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('accuracy.title')}
          </Text>
          <Text fz={28} fw={700} data-testid="accuracy-value">
            {data.accuracy.value === null ? '—' : t('accuracy.value', { value: data.accuracy.value })}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`accuracy.source.${data.accuracy.source}`)}
          </Text>
          {data.accuracy.reason ? (
            <Text size="xs" c={data.accuracy.demo ? 'orange' : 'dimmed'} data-testid="accuracy-reason">
              {t(`accuracy.reason.${data.accuracy.reason}`, { min: data.accuracy.minPersons })}
            </Text>
          ) : null}
          {data.accuracy.evaluation ? (
            <Text size="xs" c="dimmed">
              {evaluationText(data.accuracy.evaluation)}
            </Text>
          ) : null}
        </Card>
      </SimpleGrid>

      <Group align="flex-end">
        <NumberInput
          label={t('train.seed')}
          description={t('train.seedHint')}
          value={seed}
          onChange={(value) => setSeed(typeof value === 'number' ? value : '')}
          min={0}
          w={220}
        />
        <Button
          onClick={() => perform({ kind: 'create', ...(seed === '' ? {} : { seed }) }, t('train.started'))}
          loading={action.isPending && action.variables?.kind === 'create'}
          data-testid="train-new"
        >
          {t('train.new')}
        </Button>
      </Group>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('models.title')}
        </Title>
        {models.length === 0 ? (
          <Text c="dimmed">{t('models.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover data-testid="models-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={130}>{t('models.status')}</Table.Th>
                  <Table.Th>{t('models.trainedAt')}</Table.Th>
                  <Table.Th>{t('models.uploadedAt')}</Table.Th>
                  <Table.Th>{t('models.publishedAt')}</Table.Th>
                  <Table.Th>{t('models.counts')}</Table.Th>
                  <Table.Th>{t('models.mae')}</Table.Th>
                  <Table.Th>{t('models.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {models.map((model) => (
                  <Table.Tr
                    key={model._id}
                    data-testid="model-row"
                    bg={candidate?._id === model._id ? 'var(--mantine-color-blue-light)' : undefined}
                    onClick={() => setSelected(model._id)}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
                      {status(model)}
                      {demoBadge(model)}
                      {model.error ? (
                        <Text size="xs" c="red">
                          {model.error}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{date(model.trainedAt)}</Table.Td>
                    <Table.Td>{date(model.uploadedAt)}</Table.Td>
                    <Table.Td>{date(model.publishedAt)}</Table.Td>
                    <Table.Td>{t('models.countsValue', { profiles: model.profilesCount, estimators: model.estimatorsCount })}</Table.Td>
                    <Table.Td>
                      {model.metrics
                        ? OUTPUTS.map((output) => `${model.metrics!.model[output].mae.toFixed(1)} (${model.metrics!.prior[output].mae.toFixed(1)})`).join(' / ')
                        : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {!model.publishedAt && model.status !== 'training' ? (
                          <Button
                            size="xs"
                            variant="default"
                            loading={busy(model._id, 'train')}
                            onClick={() => perform({ kind: 'train', id: model._id }, t('train.started'))}
                          >
                            {t('actions.train')}
                          </Button>
                        ) : null}
                        {model.status === 'trained' && !model.uploadedAt ? (
                          <Button
                            size="xs"
                            variant="light"
                            loading={busy(model._id, 'upload')}
                            onClick={() => perform({ kind: 'upload', id: model._id }, t('actions.uploaded'))}
                            data-testid="upload-model"
                          >
                            {t('actions.upload')}
                          </Button>
                        ) : null}
                        {model.status === 'trained' && model.uploadedAt && !model.isCurrent ? (
                          <Button size="xs" loading={busy(model._id, 'publish')} onClick={() => setConfirming(model._id)} data-testid="publish-model">
                            {t('actions.publish')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          {t('models.maeHint')}
        </Text>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('metrics.title')}
          </Title>
          {candidate?.metrics ? (
            <>
              <Text size="sm" mb="xs">
                {t('metrics.of', { date: date(candidate.trainedAt), test: candidate.testCount })}
              </Text>
              {candidate.evaluation ? (
                <Text size="sm" mb="xs" data-testid="candidate-evaluation">
                  {evaluationText(candidate.evaluation.model)}
                </Text>
              ) : null}
              {candidate.isDemo ? (
                <Alert color="orange" mb="xs">
                  {t('metrics.demo', { count: candidate.demoLabels })}
                </Alert>
              ) : null}
              <MetricsChart model={candidate.metrics.model} prior={candidate.metrics.prior} />
              <Table mt="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th>{t('metrics.modelMae')}</Table.Th>
                    <Table.Th>{t('metrics.priorMae')}</Table.Th>
                    <Table.Th>{t('metrics.modelR2')}</Table.Th>
                    <Table.Th>{t('metrics.priorR2')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {OUTPUTS.map((output) => (
                    <Table.Tr key={output}>
                      <Table.Td>{t(`outputs.${output}`)}</Table.Td>
                      <Table.Td>{candidate.metrics!.model[output].mae.toFixed(2)}</Table.Td>
                      <Table.Td>{candidate.metrics!.prior[output].mae.toFixed(2)}</Table.Td>
                      <Table.Td>{candidate.metrics!.model[output].r2.toFixed(2)}</Table.Td>
                      <Table.Td>{candidate.metrics!.prior[output].r2.toFixed(2)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          ) : (
            <Text c="dimmed">{t('metrics.none')}</Text>
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('fairness.title')}
          </Title>
          <FairnessTable
            current={current?.fairness?.model ?? data.priorFairness}
            candidate={candidate && candidate !== current ? (candidate.fairness?.model ?? null) : null}
          />
        </Card>
      </SimpleGrid>

      <AgreementCard agreement={data.agreement} />

      <BiasAuditCard
        currentId={current?._id ?? null}
        candidateId={candidate && candidate !== current && candidate.status === 'trained' ? candidate._id : null}
        labelBias={data.labelBias}
        justifications={data.justifications}
      />

      <PublishConfirm
        model={models.find((model) => model._id === confirming) ?? null}
        current={current?.fairness?.model ?? data.priorFairness}
        busy={action.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && publish(confirming)}
      />

      <Modal opened={refused !== null} onClose={() => setRefused(null)} title={t('justify.title')} size="lg" centered>
        <Stack gap="sm">
          <Alert color="red" data-testid="publish-refused">
            {refused?.message}
          </Alert>
          <Text size="sm">{t('justify.body')}</Text>
          <Textarea
            label={t('justify.label')}
            description={t('justify.hint')}
            rows={4}
            value={justification}
            onChange={(event) => setJustification(event.currentTarget.value)}
            data-testid="publish-justification"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRefused(null)}>
              {t('justify.cancel')}
            </Button>
            <Button
              color="orange"
              disabled={justification.trim().length < 20}
              loading={action.isPending}
              onClick={() => refused && publish(refused.id, justification.trim())}
              data-testid="publish-justified"
            >
              {t('justify.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('predictions.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('predictions.hint')}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="predictions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('predictions.profile')}</Table.Th>
                <Table.Th>{t('predictions.label')}</Table.Th>
                <Table.Th>{t('predictions.current')}</Table.Th>
                <Table.Th>{t('predictions.test')}</Table.Th>
                <Table.Th>{t('predictions.grade')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(predictions.data?.items ?? []).map((item) => (
                <Table.Tr key={item._id}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setPredictProfile(item._id)}>
                      {item.code}
                    </Button>{' '}
                    {item.isDemo ? (
                      <Badge size="xs" color="grape" variant="outline">
                        {t('demo')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{scoresText(item.label)}</Table.Td>
                  <Table.Td>{scoresText(item.current)}</Table.Td>
                  <Table.Td>{scoresText(item.predicted)}</Table.Td>
                  <Table.Td>{item.grade ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {predictions.data && predictions.data.total > PAGE_SIZE ? (
          <Pagination mt="sm" total={Math.ceil(predictions.data.total / PAGE_SIZE)} value={page} onChange={setPage} />
        ) : null}
      </Card>

      <PredictCard models={models} profileId={predictProfile} onProfileId={setPredictProfile} modelId={predictModel} onModelId={setPredictModel} />

      <MonitorCalibrationCard candidateId={candidate?.status === 'trained' ? candidate._id : null} />
    </Stack>
  );
}
