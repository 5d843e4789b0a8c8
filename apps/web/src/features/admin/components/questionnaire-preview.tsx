import { useState } from 'react';
import { Card, MultiSelect, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { computeFormulas, visibleSlotsByStep, type AnswerValue, type Locale, type QuestionSlot, type Step } from '@teamcast/contracts';

/**
 * The questionnaire as a visitor sees it, live from the steps being edited: the contracts' visibility rules decide
 * which questions show for the answers given here (answers are only kept on this screen).
 */
export function QuestionnairePreview({ steps }: { steps: Step[] }) {
  const { t, i18n } = useTranslation('admin');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const [answers, setAnswers] = useState<Map<string, AnswerValue>>(new Map());
  const visible = visibleSlotsByStep(steps, answers);
  const formulas = computeFormulas(steps, answers);
  const set = (neuron: string, value: AnswerValue | undefined) =>
    setAnswers((current) => {
      const next = new Map(current);
      if (value === undefined || (Array.isArray(value) && value.length === 0)) next.delete(neuron);
      else next.set(neuron, value);
      return next;
    });

  const input = (slot: QuestionSlot) => {
    const { question, neuron } = slot;
    const label = question.text[locale] + (slot.side === 'partner' ? ` (${t('editor.partner')})` : '');
    const options = question.options.map((option) => ({ value: String(option.value), label: option.label[locale] }));
    const toValue = (raw: string) => question.options.find((option) => String(option.value) === raw)?.value ?? raw;
    const current = answers.get(neuron);
    if (question.type === 'formula') return <Text size="sm">{label}: {String(formulas.get(neuron) ?? 0)}</Text>;
    if (question.type === 'multiselect' || question.type === 'dropdown') {
      return (
        <MultiSelect
          label={label}
          data={options}
          value={Array.isArray(current) ? current.map(String) : []}
          onChange={(values) => set(neuron, values.map(toValue))}
        />
      );
    }
    if (question.type === 'select') {
      return <Select label={label} data={options} value={current === undefined ? null : String(current)} onChange={(value) => set(neuron, value === null ? undefined : toValue(value))} />;
    }
    return (
      <NumberInput
        label={label}
        min={question.min}
        max={question.max}
        value={typeof current === 'number' ? current : ''}
        onChange={(value) => set(neuron, typeof value === 'number' ? value : undefined)}
      />
    );
  };

  return (
    <Card withBorder aria-label={t('editor.preview')} data-testid="questionnaire-preview">
      <Stack>
        <Title order={4}>{t('editor.preview')}</Title>
        {steps.map((step, index) => (
          <Stack key={step.key} gap="xs">
            <Text fw={600}>{step.title[locale]}</Text>
            {(visible[index] ?? []).map((slot) => (
              <div key={slot.neuron} data-preview-question={slot.neuron}>
                {input(slot)}
              </div>
            ))}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
