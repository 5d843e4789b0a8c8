import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_ANSWER, formatAnswer, type AnswerValue, type Locale, type QuestionSlot } from '@teamcast/contracts';
import classes from './questionnaire.module.css';

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

type Option = { key: string; label: string; original: string | number };

/**
 * A list answer after ticking or unticking one option: 'no answer' stands alone, so choosing it clears the others
 * and choosing another option clears it (the server refuses the two together).
 */
export function toggleOption(chosen: readonly (string | number)[], option: string | number): (string | number)[] {
  const key = String(option);
  if (chosen.some((item) => String(item) === key)) return chosen.filter((item) => String(item) !== key);
  if (key === NO_ANSWER) return [option];
  return [...chosen.filter((item) => String(item) !== NO_ANSWER), option];
}

/** A typed number: '' and unfinished text ('-', '1.') are not numbers yet. */
const NUMBER_TEXT = /^-?\d+(?:[.,]\d+)?$/;
const parseNumber = (text: string): number | undefined => (NUMBER_TEXT.test(text.trim()) ? Number(text.trim().replace(',', '.')) : undefined);

/** Text that cannot become a number by typing on: anything but digits, a sign, a separator and spaces. */
const NOT_A_NUMBER = /[^\d\s.,+-]/;

/**
 * A number typed as text (what the visitor typed stays while it is not a number yet, such as '-' or '1.'); the
 * answer changes when the text is a number and is removed when the box is emptied or holds no number. A number
 * outside the question's bounds is kept and said to be out of them; letters are said not to be a number.
 */
function NumberBox({
  value,
  onChange,
  min,
  max,
  label,
  disabled,
  placeholder,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  label: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation('questionnaire');
  const errorId = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const parsed = parseNumber(text);
  // The slider beside the box, or a reset, may have changed the value: show it unless the text already means it.
  const shown = parsed === value ? text : value === undefined ? (parsed === undefined ? text : '') : String(value);
  const outside = value !== undefined && ((min !== undefined && value < min) || (max !== undefined && value > max));
  const notNumber = NOT_A_NUMBER.test(shown);
  const problem = notNumber ? t('form.notNumber') : outside ? t('form.between', { min, max }) : null;
  return (
    <>
      <input
        className={classes.box}
        type="text"
        inputMode="decimal"
        value={shown}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const number = parseNumber(next);
          if (next.trim() === '' || NOT_A_NUMBER.test(next)) onChange(undefined);
          else if (number !== undefined) onChange(number);
        }}
      />
      {problem ? (
        <span id={errorId} className={classes.error} role="alert">
          {problem}
        </span>
      ) : null}
    </>
  );
}

/** Options with a search box: the visitor types to filter, ticks several, and sees the chosen ones as removable chips. */
function Dropdown({
  id,
  label,
  options,
  chosen,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  options: Option[];
  chosen: (string | number)[];
  onChange: (value: (string | number)[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('questionnaire');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const chosenKeys = new Set(chosen.map(String));
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? options.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : options;
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const listId = `${id}-list`;
  const toggle = (option: Option) => onChange(toggleOption(chosen, option.original));

  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (shown.length === 0 ? 0 : (index + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length));
    } else if (event.key === 'Enter' && open && shown[activeIndex]) {
      event.preventDefault();
      toggle(shown[activeIndex]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '' && chosen.length > 0) {
      onChange(chosen.slice(0, -1));
    }
  };

  return (
    <div className={classes.combo}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {chosen.length > 0 ? (
        <ul className={classes.chips} aria-label={t('form.chosen')}>
          {chosen.map((item) => {
            const option = options.find((candidate) => candidate.key === String(item));
            const text = option?.label ?? String(item);
            return (
              <li key={String(item)} className={classes.chip}>
                {text}
                {disabled ? null : (
                  <button
                    type="button"
                    aria-label={t('form.remove', { label: text })}
                    onClick={() => onChange(chosen.filter((other) => String(other) !== String(item)))}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        id={id}
        className={classes.search}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[activeIndex] ? `${id}-option-${activeIndex}` : undefined}
        placeholder={t('form.choose')}
        autoComplete="off"
        value={query}
        disabled={disabled}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul id={listId} ref={listRef} className={classes.listbox} role="listbox" aria-multiselectable="true" aria-label={label}>
          {shown.length === 0 ? (
            <li className={classes.empty} role="presentation">
              {t('form.nothingFound')}
            </li>
          ) : (
            shown.map((option, index) => (
              <li
                key={option.key}
                id={`${id}-option-${index}`}
                data-index={index}
                role="option"
                aria-selected={chosenKeys.has(option.key)}
                className={index === activeIndex ? classes.active : undefined}
                // Keeps the focus in the search box, so the list stays open for the next choice.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(option)}
                onMouseEnter={() => setActive(index)}
              >
                {option.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

/** One question in the form its type asks for: slider and range with number boxes, radio, checkboxes, dropdown, computed formula. */
export function QuestionField({ slot, value, onChange, locale, disabled, sideLabel }: Props) {
  const { t } = useTranslation('questionnaire');
  const id = useId();
  const { question } = slot;
  const label = sideLabel ? `${question.text[locale]} (${sideLabel})` : question.text[locale];
  const testId = `question-${slot.neuron}`;
  const options: Option[] = question.options.map((option) => ({ key: String(option.value), label: option.label[locale], original: option.value }));
  const list = Array.isArray(value) ? value : [];

  switch (question.type) {
    case 'slider': {
      const number = typeof value === 'number' ? value : undefined;
      return (
        <div className={classes.question} data-testid={testId}>
          <span className={classes.label} id={`${id}-label`}>
            {label}
          </span>
          <div className={classes.slider}>
            <input
              type="range"
              className={number === undefined ? classes.unset : undefined}
              min={question.min}
              max={question.max}
              step={question.step ?? 1}
              value={number ?? question.min ?? 0}
              onChange={(event) => onChange(Number(event.currentTarget.value))}
              disabled={disabled}
              aria-labelledby={`${id}-label`}
              aria-valuetext={number === undefined ? t('form.notAnswered') : String(number)}
            />
            <NumberBox
              value={number}
              onChange={onChange}
              min={question.min}
              max={question.max}
              label={label}
              disabled={disabled}
              placeholder={t('form.number')}
            />
          </div>
        </div>
      );
    }
    case 'range': {
      const pair = Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'number') ? (value as [number, number]) : undefined;
      const min = question.min ?? 0;
      const max = question.max ?? 100;
      // The other end follows when one end passes it, so 'from' never exceeds 'to'.
      const setPart = (index: 0 | 1, part: number | undefined) => {
        if (part === undefined) return onChange(undefined);
        const next: [number, number] = pair ? [...pair] : [min, max];
        next[index] = part;
        if (next[0] > next[1]) next[index === 0 ? 1 : 0] = part;
        onChange(next);
      };
      return (
        <fieldset className={classes.question} data-testid={testId}>
          <legend>{label}</legend>
          {([0, 1] as const).map((index) => {
            const name = index === 0 ? t('form.from') : t('form.to');
            return (
              <div key={index} className={classes.slider}>
                <span className={classes.rangeLabel} aria-hidden="true">
                  {name}
                </span>
                <input
                  type="range"
                  className={pair ? undefined : classes.unset}
                  min={min}
                  max={max}
                  step={question.step ?? 1}
                  value={pair?.[index] ?? (index === 0 ? min : max)}
                  onChange={(event) => setPart(index, Number(event.currentTarget.value))}
                  disabled={disabled}
                  aria-label={`${label}: ${name}`}
                />
                <NumberBox
                  value={pair?.[index]}
                  onChange={(part) => setPart(index, part)}
                  min={min}
                  max={max}
                  label={`${label}: ${name}`}
                  disabled={disabled}
                />
              </div>
            );
          })}
        </fieldset>
      );
    }
    case 'select':
      return (
        <fieldset className={classes.question} data-testid={testId}>
          <legend>{label}</legend>
          <div className={classes.options}>
            {options.map((option) => (
              <label key={option.key} className={classes.option}>
                <input
                  type="radio"
                  name={`${id}-${slot.neuron}`}
                  checked={value !== undefined && String(value) === option.key}
                  onChange={() => onChange(option.original)}
                  disabled={disabled}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'multiselect':
      return (
        <fieldset className={classes.question} data-testid={testId}>
          <legend>{label}</legend>
          <div className={classes.options}>
            {options.map((option) => (
              <label key={option.key} className={classes.option}>
                <input
                  type="checkbox"
                  checked={list.some((item) => String(item) === option.key)}
                  onChange={() => {
                    const next = toggleOption(list, option.original);
                    onChange(next.length > 0 ? next : undefined);
                  }}
                  disabled={disabled}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'dropdown':
      return (
        <div className={classes.question} data-testid={testId}>
          <Dropdown
            id={`${id}-input`}
            label={label}
            options={options}
            chosen={list}
            onChange={(next) => onChange(next.length > 0 ? next : undefined)}
            disabled={disabled}
          />
          {list.length > 0 ? (
            <p className={`${classes.dimmed} ${classes.small}`} data-testid={`${testId}-summary`}>
              {formatAnswer(question, list, locale)}
            </p>
          ) : null}
        </div>
      );
    case 'formula':
      return (
        <div className={classes.question} data-testid={testId}>
          <span className={classes.label}>{label}</span>
          <span>{value === undefined ? t('form.computed') : formatAnswer(question, value, locale)}</span>
        </div>
      );
  }
}
