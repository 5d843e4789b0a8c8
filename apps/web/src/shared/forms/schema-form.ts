import { useState } from 'react';
import type { z } from 'zod';
import { describeIssue } from '@teamcast/contracts';
import { ApiError } from '../api/client.ts';
import { currentLocale } from '../i18n/i18n.ts';

export type FieldErrors = Record<string, string>;

/**
 * Form state checked with a contracts schema, so a form shows the same section 5 messages as the server. A server
 * error naming a field lands on that field; any other is the form's error.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof z.input<S>>(key: K, value: z.input<S>[K]) => {
    setValues((current) => ({ ...(current as object), [key]: value }) as z.input<S>);
    setErrors(({ [key as string]: _cleared, ...rest }) => rest);
  };

  /** The parsed values, or null after showing what is wrong. */
  const validate = (): z.output<S> | null => {
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const { field, message } = describeIssue(issue, currentLocale());
      next[field] ??= message;
    }
    setErrors(next);
    return null;
  };

  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.field && error.field in (values as object)) setErrors((current) => ({ ...current, [error.field!]: error.message }));
    else setFormError(error instanceof Error ? error.message : String(error));
  };

  return { values, set, errors, formError, setFormError, validate, showError };
}
