import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Grid, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QuestionTypeSchema, StepsSchema, type AdminQuestionnaire, type Condition, type Question, type Step } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminQuestionnaire, useSaveQuestionnaire } from '../api/admin-questionnaires.ts';
import { lastOpenedStore } from '../hooks/last-opened.ts';
import { QuestionnairePreview } from './questionnaire-preview.tsx';

const lastOpened = lastOpenedStore('questionnaires');
const OPERATORS = ['equal', 'more', 'less'] as const;
const SCOPES = ['none', 'and', 'or'] as const;

type QuestionPatch = Partial<Question>;

/** The questionnaire editor: steps, questions, types, options and conditions in ru and en, with a live preview. */
export function QuestionnaireEditorPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const questionnaire = useAdminQuestionnaire(id);
  useEffect(() => {
    if (questionnaire.data) lastOpened.set(questionnaire.data._id);
  }, [questionnaire.data]);
  if (questionnaire.isError) return <Text c="red">{questionnaire.error instanceof ApiError ? questionnaire.error.message : t('error')}</Text>;
  if (!questionnaire.data) return <Text c="dimmed">{t('loading')}</Text>;
  return <QuestionnaireEditor key={questionnaire.data.updatedAt} questionnaire={questionnaire.data} />;
}

function QuestionnaireEditor({ questionnaire }: { questionnaire: AdminQuestionnaire }) {
  const { t } = useTranslation('admin');
  const id = questionnaire._id;
  const save = useSaveQuestionnaire();
  const [steps, setSteps] = useState<Step[]>(questionnaire.steps);
  const [stepIndex, setStepIndex] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const step = steps[stepIndex] ?? steps[0]!;
  const earlier = steps.slice(0, stepIndex + 1).flatMap((s) => s.questions);

  const updateQuestion = (questionIndex: number, patch: QuestionPatch) =>
    setSteps((current) =>
      current.map((s, i) => (i !== stepIndex ? s : { ...s, questions: s.questions.map((q, j) => (j === questionIndex ? { ...q, ...patch } : q)) })),
    );
  const updateConditions = (questionIndex: number, question: Question, conditions: Condition[], scope = question.dependsOn?.scope ?? 'and') =>
    updateQuestion(questionIndex, { dependsOn: conditions.length === 0 && scope === 'none' ? undefined : { scope, conditions } });

  const submit = () => {
    const parsed = StepsSchema.safeParse(steps);
    if (!parsed.success) {
      const params = parsed.error.issues[0] && 'params' in parsed.error.issues[0] ? (parsed.error.issues[0].params as { problem?: string } | undefined) : undefined;
      setProblem(params?.problem ?? parsed.error.issues.map((issue) => issue.path.join('.')).join(', '));
      return;
    }
    setProblem(null);
    save.mutate(
      { id, steps: parsed.data },
      { onSuccess: () => notify.positive(t('editor.saved')), onError: (error) => notify.negative(error instanceof ApiError ? error.message : t('error')) },
    );
  };

  const questionCard = (question: Question, questionIndex: number) => {
    const before = earlier.slice(0, earlier.indexOf(question)).filter((q) => q.type !== 'formula');
    const conditions = question.dependsOn?.conditions ?? [];
    const scope = question.dependsOn?.scope ?? 'none';
    const conditionOptions = (neuron: string) => before.find((q) => q.neuronName === neuron)?.options ?? [];
    return (
      <Card key={question.neuronName} withBorder data-question={question.neuronName}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{question.neuronName}</Text>
            <Select
              aria-label={t('editor.type')}
              w={160}
              allowDeselect={false}
              value={question.type}
              data={QuestionTypeSchema.options.map((type) => ({ value: type, label: t(`editor.types.${type}`) }))}
              onChange={(value) => value && updateQuestion(questionIndex, { type: value as Question['type'] })}
            />
          </Group>
          <Group grow>
            <TextInput label={t('editor.textRu')} value={question.text.ru} onChange={(event) => updateQuestion(questionIndex, { text: { ...question.text, ru: event.currentTarget.value } })} />
            <TextInput label={t('editor.textEn')} value={question.text.en} onChange={(event) => updateQuestion(questionIndex, { text: { ...question.text, en: event.currentTarget.value } })} />
          </Group>
          {question.options.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('editor.options')}</Text>
              {question.options.map((option, optionIndex) => (
                <Group key={`${String(option.value)}-${optionIndex}`} grow gap="xs">
                  <TextInput size="xs" aria-label={t('editor.optionValue')} value={String(option.value)} readOnly />
                  <TextInput
                    size="xs"
                    aria-label={t('editor.textRu')}
                    value={option.label.ru}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      updateQuestion(questionIndex, { options: question.options.map((o, k) => (k === optionIndex ? { ...o, label: { ...o.label, ru: value } } : o)) });
                    }}
                  />
                  <TextInput
                    size="xs"
                    aria-label={t('editor.textEn')}
                    value={option.label.en}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      updateQuestion(questionIndex, { options: question.options.map((o, k) => (k === optionIndex ? { ...o, label: { ...o.label, en: value } } : o)) });
                    }}
                  />
                </Group>
              ))}
            </Stack>
          )}
          <Group gap="xs" align="flex-end">
            <Select
              label={t('editor.conditions')}
              w={200}
              allowDeselect={false}
              value={scope}
              data={SCOPES.map((value) => ({ value, label: t(`editor.scopes.${value}`) }))}
              onChange={(value) => updateConditions(questionIndex, question, conditions, (value ?? 'none') as (typeof SCOPES)[number])}
            />
            {before.length > 0 && (
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  const first = before[before.length - 1]!;
                  const value = first.options[0]?.value ?? 0;
                  updateConditions(questionIndex, question, [...conditions, { neuronName: first.neuronName, operator: 'equal', value }], scope === 'none' ? 'and' : scope);
                }}
              >
                {t('editor.addCondition')}
              </Button>
            )}
          </Group>
          {conditions.map((condition, conditionIndex) => {
            const options = conditionOptions(condition.neuronName);
            const change = (patch: Partial<Condition>) => updateConditions(questionIndex, question, conditions.map((c, k) => (k === conditionIndex ? { ...c, ...patch } : c)), scope);
            return (
              <Group key={conditionIndex} gap="xs" data-condition={conditionIndex}>
                <Select
                  size="xs"
                  aria-label={t('editor.conditionQuestion')}
                  allowDeselect={false}
                  value={condition.neuronName}
                  data={before.map((q) => ({ value: q.neuronName, label: q.neuronName }))}
                  onChange={(value) => value && change({ neuronName: value, value: before.find((q) => q.neuronName === value)?.options[0]?.value ?? 0 })}
                />
                <Select
                  size="xs"
                  w={110}
                  aria-label={t('editor.operator')}
                  allowDeselect={false}
                  value={condition.operator}
                  data={OPERATORS.map((value) => ({ value, label: t(`editor.operators.${value}`) }))}
                  onChange={(value) => value && change({ operator: value as Condition['operator'] })}
                />
                {options.length > 0 && condition.operator === 'equal' ? (
                  <Select
                    size="xs"
                    aria-label={t('editor.conditionValue')}
                    allowDeselect={false}
                    value={String(condition.value)}
                    data={options.map((o) => ({ value: String(o.value), label: o.label.ru }))}
                    onChange={(value) => value !== null && change({ value: options.find((o) => String(o.value) === value)?.value ?? value })}
                  />
                ) : (
                  <TextInput
                    size="xs"
                    aria-label={t('editor.conditionValue')}
                    value={String(condition.value)}
                    onChange={(event) => {
                      const raw = event.currentTarget.value;
                      const number = Number(raw);
                      change({ value: raw !== '' && Number.isFinite(number) ? number : raw });
                    }}
                  />
                )}
                <ActionIcon variant="subtle" color="red" aria-label={t('editor.removeCondition')} onClick={() => updateConditions(questionIndex, question, conditions.filter((_, k) => k !== conditionIndex), scope)}>
                  ×
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </Card>
    );
  };

  return (
    <Stack>
      <Anchor component={Link} to="/administrator/questionnaires">
        {t('questionnaires.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{questionnaire.name}</Title>
        <Button loading={save.isPending} onClick={submit}>
          {t('save')}
        </Button>
      </Group>
      {problem && <Text c="red">{t('editor.invalid', { problem })}</Text>}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Tabs value={String(stepIndex)} onChange={(value) => setStepIndex(Number(value ?? 0))}>
            <Tabs.List>
              {steps.map((s, index) => (
                <Tabs.Tab key={s.key} value={String(index)}>
                  {s.title.ru}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Group grow my="sm">
            <TextInput
              label={t('editor.stepRu')}
              value={step.title.ru}
              onChange={(event) => {
                const ru = event.currentTarget.value;
                setSteps((current) => current.map((s, i) => (i === stepIndex ? { ...s, title: { ...s.title, ru } } : s)));
              }}
            />
            <TextInput
              label={t('editor.stepEn')}
              value={step.title.en}
              onChange={(event) => {
                const en = event.currentTarget.value;
                setSteps((current) => current.map((s, i) => (i === stepIndex ? { ...s, title: { ...s.title, en } } : s)));
              }}
            />
          </Group>
          <Stack>{step.questions.map(questionCard)}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <QuestionnairePreview steps={steps} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
