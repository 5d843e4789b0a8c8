import { useEffect, useReducer, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Card, Grid, Group, NumberInput, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { QuestionTypeSchema, StepsSchema, type AdminQuestionnaire, type Condition, type Question } from '@teamcast/contracts';
import { ApiError } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { useAdminQuestionnaire, useSaveQuestionnaire } from '../api/admin-questionnaires.ts';
import { lastOpenedStore } from '../hooks/last-opened.ts';
import { draftReducer, freshNeuronName } from '../hooks/questionnaire-draft.ts';
import { QuestionnairePreview } from './questionnaire-preview.tsx';

const lastOpened = lastOpenedStore('questionnaires');
const OPERATORS = ['equal', 'more', 'less'] as const;
const SCOPES = ['none', 'and', 'or'] as const;
/** A new question's neuron name prefix and its texts in both languages, until the administrator writes them. */
const NEW_NEURON = 'Н_Вопрос';
const NEW_QUESTION_TEXT = { ru: 'Новый вопрос', en: 'New question' };

type QuestionPatch = Partial<Question>;

/**
 * The questionnaire editor: steps, questions (added, removed, reordered), types, options and conditions in ru and en,
 * with a live preview in the visitor's own fields. Saving a questionnaire that has answers makes a new version.
 */
export function QuestionnaireEditorPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const questionnaire = useAdminQuestionnaire(id);
  useEffect(() => {
    if (questionnaire.data) lastOpened.set(questionnaire.data._id);
  }, [questionnaire.data]);
  if (questionnaire.isError) return <Text c="red">{questionnaire.error instanceof ApiError ? questionnaire.error.message : t('error')}</Text>;
  if (!questionnaire.data) return <Text c="dimmed">{t('loading')}</Text>;
  return <QuestionnaireEditor key={`${questionnaire.data._id}:${questionnaire.data.updatedAt}`} questionnaire={questionnaire.data} />;
}

function QuestionnaireEditor({ questionnaire }: { questionnaire: AdminQuestionnaire }) {
  const { t } = useTranslation('admin');
  const id = questionnaire._id;
  const navigate = useNavigate();
  const save = useSaveQuestionnaire();
  const [steps, dispatch] = useReducer(draftReducer, questionnaire.steps);
  const [stepIndex, setStepIndex] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const step = steps[stepIndex] ?? steps[0]!;
  const earlier = steps.slice(0, stepIndex + 1).flatMap((s) => s.questions);

  const updateQuestion = (questionIndex: number, patch: QuestionPatch) => dispatch({ type: 'updateQuestion', step: stepIndex, index: questionIndex, patch });
  const addQuestion = () =>
    dispatch({
      type: 'addQuestion',
      step: stepIndex,
      question: {
        neuronName: freshNeuronName(steps, NEW_NEURON),
        type: 'select',
        text: NEW_QUESTION_TEXT,
        options: [
          { value: 'yes', label: { ru: 'Да', en: 'Yes' } },
          { value: 'no', label: { ru: 'Нет', en: 'No' } },
        ],
        scope: 'self',
      },
    });
  const updateConditions = (questionIndex: number, question: Question, conditions: Condition[], scope = question.dependsOn?.scope ?? 'and') =>
    updateQuestion(questionIndex, { dependsOn: conditions.length === 0 && scope === 'none' ? undefined : { scope, conditions } });

  const submit = () => {
    const parsed = StepsSchema.safeParse(steps);
    if (!parsed.success) {
      const params =
        parsed.error.issues[0] && 'params' in parsed.error.issues[0] ? (parsed.error.issues[0].params as { problem?: string } | undefined) : undefined;
      setProblem(params?.problem ?? parsed.error.issues.map((issue) => issue.path.join('.')).join(', '));
      return;
    }
    setProblem(null);
    save.mutate(
      { id, steps: parsed.data },
      {
        onSuccess: (saved: AdminQuestionnaire) => {
          if (saved._id === id) return notify.positive(t('editor.saved'));
          // It had answers: the server kept it and made a new version, which the editor opens.
          notify.positive(t('editor.savedVersion', { version: saved.version }));
          lastOpened.set(saved._id);
          void navigate(`/administrator/questionnaires/${saved._id}`);
        },
        onError: (error) => notify.negative(error instanceof ApiError ? error.message : t('error')),
      },
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
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{question.neuronName}</Text>
            <Group gap={4} wrap="nowrap">
              <Select
                aria-label={t('editor.type')}
                w={170}
                allowDeselect={false}
                value={question.type}
                data={QuestionTypeSchema.options.map((type) => ({ value: type, label: t(`editor.types.${type}`) }))}
                onChange={(value) => value && dispatch({ type: 'setType', step: stepIndex, index: questionIndex, questionType: value as Question['type'] })}
              />
              <ActionIcon
                variant="subtle"
                aria-label={t('editor.moveUp', { name: question.neuronName })}
                disabled={questionIndex === 0}
                onClick={() => dispatch({ type: 'moveQuestion', step: stepIndex, index: questionIndex, by: -1 })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('editor.moveDown', { name: question.neuronName })}
                disabled={questionIndex === step.questions.length - 1}
                onClick={() => dispatch({ type: 'moveQuestion', step: stepIndex, index: questionIndex, by: 1 })}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('editor.removeQuestion', { name: question.neuronName })}
                disabled={step.questions.length <= 1}
                onClick={() => dispatch({ type: 'removeQuestion', step: stepIndex, index: questionIndex })}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
          <Group grow>
            <TextInput
              label={t('editor.textRu')}
              value={question.text.ru}
              onChange={(event) => updateQuestion(questionIndex, { text: { ...question.text, ru: event.currentTarget.value } })}
            />
            <TextInput
              label={t('editor.textEn')}
              value={question.text.en}
              onChange={(event) => updateQuestion(questionIndex, { text: { ...question.text, en: event.currentTarget.value } })}
            />
          </Group>
          {(question.type === 'slider' || question.type === 'range') && (
            <Group grow>
              <NumberInput
                label={t('editor.min')}
                value={question.min ?? ''}
                onChange={(value) => updateQuestion(questionIndex, { min: typeof value === 'number' ? value : undefined })}
              />
              <NumberInput
                label={t('editor.max')}
                value={question.max ?? ''}
                onChange={(value) => updateQuestion(questionIndex, { max: typeof value === 'number' ? value : undefined })}
              />
            </Group>
          )}
          {question.options.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('editor.options')}
              </Text>
              {question.options.map((option, optionIndex) => (
                <Group key={`${String(option.value)}-${optionIndex}`} grow gap="xs">
                  <TextInput size="xs" aria-label={t('editor.optionValue')} value={String(option.value)} readOnly />
                  <TextInput
                    size="xs"
                    aria-label={t('editor.textRu')}
                    value={option.label.ru}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      updateQuestion(questionIndex, {
                        options: question.options.map((o, k) => (k === optionIndex ? { ...o, label: { ...o.label, ru: value } } : o)),
                      });
                    }}
                  />
                  <TextInput
                    size="xs"
                    aria-label={t('editor.textEn')}
                    value={option.label.en}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      updateQuestion(questionIndex, {
                        options: question.options.map((o, k) => (k === optionIndex ? { ...o, label: { ...o.label, en: value } } : o)),
                      });
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
                  updateConditions(
                    questionIndex,
                    question,
                    [...conditions, { neuronName: first.neuronName, operator: 'equal', value }],
                    scope === 'none' ? 'and' : scope,
                  );
                }}
              >
                {t('editor.addCondition')}
              </Button>
            )}
          </Group>
          {conditions.map((condition, conditionIndex) => {
            const options = conditionOptions(condition.neuronName);
            const change = (patch: Partial<Condition>) =>
              updateConditions(
                questionIndex,
                question,
                conditions.map((c, k) => (k === conditionIndex ? { ...c, ...patch } : c)),
                scope,
              );
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
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('editor.removeCondition')}
                  onClick={() =>
                    updateConditions(
                      questionIndex,
                      question,
                      conditions.filter((_, k) => k !== conditionIndex),
                      scope,
                    )
                  }
                >
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
        <Title order={2}>
          {questionnaire.name}
          {questionnaire.version > 1 ? ` · ${t('questionnaires.version', { version: questionnaire.version })}` : ''}
        </Title>
        <Button loading={save.isPending} onClick={submit}>
          {t('save')}
        </Button>
      </Group>
      {questionnaire.profilesCount > 0 ? (
        <Alert color="blue" data-testid="editor-versioning">
          {t('editor.answered', { count: questionnaire.profilesCount, version: questionnaire.version + 1 })}
        </Alert>
      ) : null}
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
              onChange={(event) => dispatch({ type: 'stepTitle', step: stepIndex, locale: 'ru', value: event.currentTarget.value })}
            />
            <TextInput
              label={t('editor.stepEn')}
              value={step.title.en}
              onChange={(event) => dispatch({ type: 'stepTitle', step: stepIndex, locale: 'en', value: event.currentTarget.value })}
            />
          </Group>
          <Stack>
            {step.questions.map(questionCard)}
            <Group>
              <Button variant="light" onClick={addQuestion}>
                {t('editor.addQuestion')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <QuestionnairePreview steps={steps} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
