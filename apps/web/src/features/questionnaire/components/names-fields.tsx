import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NameSchema, describeIssue, type Locale, type QuestionnaireKind } from '@teamcast/contracts';
import type { Names } from '../hooks/use-draft.ts';

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

/** The section 5 message for a name field, or null when it is fine. */
export function nameError(field: Field, value: string, required: boolean, locale: Locale): string | null {
  if (field === 'birthDate') return required && !value ? describeIssue({ code: 'custom', path: [], message: 'required', input: undefined }, locale).message : null;
  if (!required && value.trim() === '') return null;
  const parsed = NameSchema.safeParse(value);
  return parsed.success ? null : describeIssue(parsed.error.issues[0]!, locale).message;
}

export function namesValid(kind: QuestionnaireKind, names: Names, locale: Locale): boolean {
  return nameFields(kind).every(({ field, required }) => nameError(field, names[field], required, locale) === null);
}

/** Name inputs (and the birth date for love profiles) with the same messages as the server. */
export function NamesFields({ kind, names, onChange, locale, touched }: { kind: QuestionnaireKind; names: Names; onChange: (names: Names) => void; locale: Locale; touched: boolean }) {
  const { t } = useTranslation('questionnaire');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {nameFields(kind).map(({ field, required }) => (
        <TextInput
          key={field}
          type={field === 'birthDate' ? 'date' : 'text'}
          label={t(`names.${field}`)}
          withAsterisk={required}
          value={names[field]}
          onChange={(event) => onChange({ ...names, [field]: event.currentTarget.value })}
          error={touched || names[field] ? nameError(field, names[field], required, locale) : null}
          max={field === 'birthDate' ? new Date().toISOString().slice(0, 10) : undefined}
        />
      ))}
    </SimpleGrid>
  );
}
