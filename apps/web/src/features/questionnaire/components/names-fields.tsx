import { useTranslation } from 'react-i18next';
import { nameProblem, validationMessage, type Locale, type QuestionnaireKind } from '@teamcast/contracts';
import type { Names } from '../hooks/use-draft.ts';
import classes from '../../../shared/questionnaire/questionnaire.module.css';

type Field = keyof Names;

/** Which names a kind asks for, and which of them are required (section 5 has-content rules). */
export function nameFields(kind: QuestionnaireKind): { field: Field; required: boolean }[] {
  switch (kind) {
    case 'love':
      return [
        { field: 'firstName', required: true },
        { field: 'birthDate', required: true },
      ];
    case 'couple':
      return [
        { field: 'firstName', required: true },
        { field: 'lastName', required: false },
        { field: 'partnerFirstName', required: true },
        { field: 'partnerLastName', required: false },
      ];
    default:
      return [
        { field: 'firstName', required: true },
        { field: 'lastName', required: true },
      ];
  }
}

/** The section 5 message for a name field, or null when it is fine (the same as the server's `NameSchema`). */
export function nameError(field: Field, value: string, required: boolean, locale: Locale): string | null {
  if (field === 'birthDate') return required && !value ? validationMessage('required', locale) : null;
  if (!required && value.trim() === '') return null;
  const problem = nameProblem(value);
  return problem ? validationMessage(problem.key, locale, problem.params) : null;
}

export function namesValid(kind: QuestionnaireKind, names: Names, locale: Locale): boolean {
  return nameFields(kind).every(({ field, required }) => nameError(field, names[field], required, locale) === null);
}

/** Name inputs (and the birth date for love profiles) with the same messages as the server. */
export function NamesFields({
  kind,
  names,
  onChange,
  locale,
  touched,
}: {
  kind: QuestionnaireKind;
  names: Names;
  onChange: (names: Names) => void;
  locale: Locale;
  touched: boolean;
}) {
  const { t } = useTranslation('questionnaire');
  return (
    <div className={classes.names}>
      {nameFields(kind).map(({ field, required }) => {
        const id = `names-${field}`;
        const error = touched || names[field] ? nameError(field, names[field], required, locale) : null;
        return (
          <div key={field} className={classes.field}>
            <label className={classes.label} htmlFor={id}>
              {t(`names.${field}`)}
              {required ? (
                <span className={classes.required} aria-hidden="true">
                  *
                </span>
              ) : null}
            </label>
            <input
              id={id}
              type={field === 'birthDate' ? 'date' : 'text'}
              value={names[field]}
              required={required}
              autoComplete={field === 'firstName' ? 'given-name' : field === 'lastName' ? 'family-name' : field === 'birthDate' ? 'bday' : 'off'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onChange({ ...names, [field]: event.currentTarget.value })}
              max={field === 'birthDate' ? new Date().toISOString().slice(0, 10) : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className={classes.error}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
