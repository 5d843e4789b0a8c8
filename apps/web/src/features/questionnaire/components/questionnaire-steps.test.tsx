import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Answer, Question, Step } from '@teamcast/contracts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { QuestionnaireSteps, allStepsValid } from './questionnaire-steps.tsx';

const text = (ru: string, en = ru) => ({ ru, en });
const slider = (neuronName: string, label: string, min: number, max: number): Question => ({
  neuronName,
  type: 'slider',
  text: text(label),
  scope: 'self',
  options: [],
  min,
  max,
  step: 1,
});
const steps: Step[] = [
  { key: 'about', title: text('О себе'), questions: [slider('С_Возр', 'Возраст', 14, 90), slider('С_Стаж', 'Стаж', 0, 60)] },
  { key: 'next', title: text('Дальше'), questions: [] },
];

function Form({ initial }: { initial: Answer[] }) {
  const [answers, setAnswers] = useState(initial);
  const [step, setStep] = useState(0);
  return <QuestionnaireSteps steps={steps} answers={answers} onAnswers={setAnswers} step={step} onStep={setStep} finish={null} />;
}

describe('QuestionnaireSteps: plausibility', () => {
  initI18n('ru');

  it('says under the question that experience cannot exceed age minus 14, and does not go on until it is fixed', async () => {
    const user = userEvent.setup();
    render(
      <Form
        initial={[
          { neuron: 'С_Возр', value: 27 },
          { neuron: 'С_Стаж', value: 30 },
        ]}
      />,
    );
    expect((await screen.findByTestId('implausible-С_Стаж')).textContent).toBe('Стаж не может превышать возраст минус 14 лет: не больше 13');
    expect(screen.getByRole('button', { name: 'Далее' }).hasAttribute('disabled')).toBe(true);
    const box = screen.getByRole('textbox', { name: 'Стаж' });
    await user.clear(box);
    await user.type(box, '13');
    expect(screen.queryByTestId('implausible-С_Стаж')).toBeNull();
    expect(screen.getByRole('button', { name: 'Далее' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses to send implausible answers', () => {
    expect(
      allStepsValid(steps, [
        { neuron: 'С_Возр', value: 27 },
        { neuron: 'С_Стаж', value: 14 },
      ]),
    ).toBe(false);
    expect(
      allStepsValid(steps, [
        { neuron: 'С_Возр', value: 27 },
        { neuron: 'С_Стаж', value: 13 },
      ]),
    ).toBe(true);
  });
});
