import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { computeFormulas, visibleSlotsByStep, type AnswerValue, type Locale, type Step } from '@teamcast/contracts';
import { QuestionField } from '../../../shared/questionnaire/question-field.tsx';

/**
 * The questionnaire as a visitor sees it, live from the steps being edited: the visitor's own question fields
 * (radios, sliders, checkboxes), and the contracts' visibility rules decide which questions show for the answers
 * given here (answers are only kept on this screen).
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

  return (
    <Card withBorder aria-label={t('editor.preview')} data-testid="questionnaire-preview">
      <Stack>
        <Title order={3} size="h4">
          {t('editor.preview')}
        </Title>
        {steps.map((step, index) => (
          <Stack key={step.key} gap="xs">
            <Text fw={600}>{step.title[locale]}</Text>
            {(visible[index] ?? []).map((slot) => (
              <div key={slot.neuron} data-preview-question={slot.neuron}>
                <QuestionField
                  slot={slot}
                  locale={locale}
                  value={slot.question.type === 'formula' ? formulas.get(slot.neuron) : answers.get(slot.neuron)}
                  onChange={(value) => set(slot.neuron, value)}
                  sideLabel={slot.side === 'partner' ? t('editor.partner') : undefined}
                />
              </div>
            ))}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
