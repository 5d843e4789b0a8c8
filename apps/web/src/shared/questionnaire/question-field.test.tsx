import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_ANSWER, type AnswerValue, type Question } from '@teamcast/contracts';
import { initI18n } from '../i18n/i18n.ts';
import { QuestionField, toggleOption } from './question-field.tsx';

const text = (ru: string) => ({ ru, en: ru });
const option = (value: string, label = value) => ({ value, label: text(label) });

/** One question with its answer kept in state, and the last answer shown for the test to read. */
function Field({ question, initial }: { question: Question; initial?: AnswerValue }) {
  const [value, setValue] = useState<AnswerValue | undefined>(initial);
  return (
    <>
      <QuestionField slot={{ question, neuron: question.neuronName, side: 'self' }} value={value} onChange={setValue} locale="ru" />
      <output data-testid="answer">{JSON.stringify(value ?? null)}</output>
    </>
  );
}
const answer = () => JSON.parse(screen.getByTestId('answer').textContent!) as unknown;

describe('toggleOption', () => {
  it('keeps "no answer" alone', () => {
    expect(toggleOption(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleOption(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleOption(['a', 'b'], NO_ANSWER)).toEqual([NO_ANSWER]);
    expect(toggleOption([NO_ANSWER], 'a')).toEqual(['a']);
    expect(toggleOption([1, 2], 2)).toEqual([1]);
  });
});

describe('QuestionField', () => {
  initI18n('ru');

  it('slider: the box and the slider move one answer; an out-of-range number is kept and said so; emptying removes it', async () => {
    const user = userEvent.setup();
    render(<Field question={{ neuronName: 'age', type: 'slider', text: text('Возраст'), scope: 'self', options: [], min: 14, max: 90, step: 1 }} />);
    expect(screen.getByRole('slider', { name: 'Возраст' }).getAttribute('aria-valuetext')).toBe('Нет ответа');
    const box = screen.getByRole('textbox', { name: 'Возраст' });
    await user.type(box, '2');
    expect(answer()).toBe(2);
    expect(screen.getByRole('alert').textContent).toBe('Число от 14 до 90');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.type(box, '5');
    expect(answer()).toBe(25);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(box);
    expect(answer()).toBeNull();
    await user.type(box, '-');
    expect((box as HTMLInputElement).value).toBe('-');
    expect(answer()).toBeNull();
  });

  it('slider: letters in the box are said not to be a number and leave no answer', async () => {
    const user = userEvent.setup();
    render(
      <Field question={{ neuronName: 'age', type: 'slider', text: text('Возраст'), scope: 'self', options: [], min: 14, max: 90, step: 1 }} initial={30} />,
    );
    const box = screen.getByRole('textbox', { name: 'Возраст' });
    await user.type(box, 'a');
    expect((box as HTMLInputElement).value).toBe('30a');
    expect(screen.getByRole('alert').textContent).toBe('Введите число');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(answer()).toBeNull();
    await user.clear(box);
    await user.type(box, '31');
    expect(answer()).toBe(31);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('range: "from" never passes "to"', async () => {
    const user = userEvent.setup();
    render(<Field question={{ neuronName: 'r', type: 'range', text: text('Часы'), scope: 'self', options: [], min: 0, max: 10 }} />);
    await user.type(screen.getByRole('textbox', { name: 'Часы: От' }), '7');
    expect(answer()).toEqual([7, 10]);
    await user.tripleClick(screen.getByRole('textbox', { name: 'Часы: До' }));
    await user.keyboard('3');
    expect(answer()).toEqual([3, 3]);
    await user.clear(screen.getByRole('textbox', { name: 'Часы: До' }));
    expect(answer()).toBeNull();
  });

  it('dropdown: filters by typing, picks with the keyboard or the mouse, removes with a chip, and keeps "no answer" alone', async () => {
    const user = userEvent.setup();
    const question: Question = {
      neuronName: 'langs',
      type: 'dropdown',
      text: text('Языки'),
      scope: 'self',
      options: [option('ru', 'Русский'), option('en', 'Английский'), option('de', 'Немецкий'), option(NO_ANSWER, 'Нет ответа')],
    };
    render(<Field question={question} />);
    const input = screen.getByRole('combobox', { name: 'Языки' });
    await user.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.type(input, 'нем');
    expect(screen.getAllByRole('option').map((item) => item.textContent)).toEqual(['Немецкий']);
    await user.keyboard('{Enter}');
    expect(answer()).toEqual(['de']);
    await user.clear(input);
    await user.click(screen.getByRole('option', { name: 'Русский' }));
    expect(answer()).toEqual(['de', 'ru']);
    expect(screen.getByRole('option', { name: 'Русский' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('question-langs-summary').textContent).toBe('Немецкий, Русский');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(within(screen.getByRole('list', { name: 'Выбрано' })).getByRole('button', { name: 'Убрать: Немецкий' }));
    expect(answer()).toEqual(['ru']);
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Нет ответа' }));
    expect(answer()).toEqual([NO_ANSWER]);
    await user.type(input, 'zzz');
    expect(screen.getByRole('listbox').textContent).toBe('Ничего не найдено');
  });

  it('checkboxes: unticking the last option removes the answer', async () => {
    const user = userEvent.setup();
    render(
      <Field
        question={{ neuronName: 'm', type: 'multiselect', text: text('Школы'), scope: 'self', options: [option('a', 'Гимназия'), option('b', 'Лицей')] }}
      />,
    );
    await user.click(screen.getByLabelText('Гимназия'));
    await user.click(screen.getByLabelText('Лицей'));
    expect(answer()).toEqual(['a', 'b']);
    await user.click(screen.getByLabelText('Гимназия'));
    await user.click(screen.getByLabelText('Лицей'));
    expect(answer()).toBeNull();
  });
});
