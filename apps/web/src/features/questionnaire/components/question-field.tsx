import { Checkbox, Group, MultiSelect, NumberInput, Radio, RangeSlider, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAnswer, type AnswerValue, type Locale, type QuestionSlot } from '@teamcast/contracts';

type Props = {
  slot: QuestionSlot;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  locale: Locale;
  /** Answers stored by an earlier completion cannot change. */
  disabled?: boolean;
  /** 'Partner' or 'You' in the couple questionnaire. */
  sideLabel?: string;
};

const numberOrUndefined = (value: string | number) => (typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value));

/** One question in the form its type asks for: slider and range with number boxes, radio, checkboxes, dropdown, computed formula. */
export function QuestionField({ slot, value, onChange, locale, disabled, sideLabel }: Props) {
  const { t } = useTranslation('questionnaire');
  const { question } = slot;
  const label = sideLabel ? `${question.text[locale]} (${sideLabel})` : question.text[locale];
  const testId = `question-${slot.neuron}`;
  const options = question.options.map((option) => ({ value: String(option.value), label: option.label[locale], original: option.value }));
  const toOriginal = (texts: string[]) => texts.map((text) => options.find((option) => option.value === text)?.original ?? text);

  switch (question.type) {
    case 'slider': {
      const number = typeof value === 'number' ? value : undefined;
      return (
        <Stack gap={4} data-testid={testId}>
          <Text fw={500} id={`${testId}-label`}>
            {label}
          </Text>
          <Group align="center" wrap="nowrap">
            <Slider
              flex={1}
              min={question.min}
              max={question.max}
              step={question.step ?? 1}
              value={number ?? question.min ?? 0}
              onChange={(next) => onChange(next)}
              disabled={disabled}
              aria-labelledby={`${testId}-label`}
              color={number === undefined ? 'gray' : undefined}
            />
            <NumberInput
              w={90}
              min={question.min}
              max={question.max}
              value={number ?? ''}
              onChange={(next) => onChange(numberOrUndefined(next))}
              disabled={disabled}
              aria-label={label}
              placeholder={t('form.number')}
            />
          </Group>
        </Stack>
      );
    }
    case 'range': {
      const pair = Array.isArray(value) && value.length === 2 ? (value as [number, number]) : undefined;
      const min = question.min ?? 0;
      const max = question.max ?? 100;
      const setPart = (index: 0 | 1, part: number | undefined) => {
        if (part === undefined) return onChange(undefined);
        const next: [number, number] = pair ? [...pair] : [min, max];
        next[index] = part;
        onChange(next);
      };
      return (
        <Stack gap={4} data-testid={testId}>
          <Text fw={500}>{label}</Text>
          <RangeSlider min={min} max={max} value={pair ?? [min, max]} onChange={(next) => onChange(next)} disabled={disabled} color={pair ? undefined : 'gray'} />
          <Group>
            <NumberInput w={110} label={t('form.from')} min={min} max={max} value={pair?.[0] ?? ''} onChange={(next) => setPart(0, numberOrUndefined(next))} disabled={disabled} />
            <NumberInput w={110} label={t('form.to')} min={min} max={max} value={pair?.[1] ?? ''} onChange={(next) => setPart(1, numberOrUndefined(next))} disabled={disabled} />
          </Group>
        </Stack>
      );
    }
    case 'select':
      return (
        <Radio.Group
          data-testid={testId}
          label={label}
          value={value === undefined ? null : String(value)}
          onChange={(next) => onChange(toOriginal([next])[0])}
          styles={{ label: { fontWeight: 500 } }}
        >
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiselect':
      return (
        <Checkbox.Group
          data-testid={testId}
          label={label}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next) => onChange(next.length > 0 ? toOriginal(next) : undefined)}
          styles={{ label: { fontWeight: 500 } }}
        >
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'dropdown':
      return (
        <Stack gap={4} data-testid={testId}>
          <MultiSelect
            label={label}
            data={options.map(({ value: optionValue, label: optionLabel }) => ({ value: optionValue, label: optionLabel }))}
            value={Array.isArray(value) ? value.map(String) : []}
            onChange={(next) => onChange(next.length > 0 ? toOriginal(next) : undefined)}
            disabled={disabled}
            placeholder={t('form.choose')}
            searchable
            styles={{ label: { fontWeight: 500 } }}
          />
          {Array.isArray(value) && value.length > 0 ? (
            <Text size="sm" c="dimmed" data-testid={`${testId}-summary`}>
              {formatAnswer(question, value, locale)}
            </Text>
          ) : null}
        </Stack>
      );
    case 'formula':
      return (
        <Stack gap={2} data-testid={testId}>
          <Text fw={500}>{label}</Text>
          <Text>{value === undefined ? t('form.computed') : formatAnswer(question, value, locale)}</Text>
        </Stack>
      );
  }
}
