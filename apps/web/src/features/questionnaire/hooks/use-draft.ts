import { useCallback, useEffect, useState } from 'react';
import type { Answer } from '@teamcast/contracts';

/** What the visitor typed: names, answers and the step reached. */
export type Names = { firstName: string; lastName: string; partnerFirstName: string; partnerLastName: string; birthDate: string };
export type Draft = { answers: Answer[]; names: Names; step: number };

export const emptyNames: Names = { firstName: '', lastName: '', partnerFirstName: '', partnerLastName: '', birthDate: '' };
const PREFIX = 'teamcast.questionnaire.';

function read(key: string): Draft | undefined {
  try {
    const parsed = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null') as Partial<Draft> | null;
    if (!parsed || !Array.isArray(parsed.answers)) return undefined;
    return { answers: parsed.answers, names: { ...emptyNames, ...parsed.names }, step: typeof parsed.step === 'number' ? parsed.step : 0 };
  } catch {
    return undefined;
  }
}

/**
 * The questionnaire in progress, saved in local storage under its permalink after every change and restored after
 * a reload. `reset` clears answers and names; `discard` forgets the draft once it is sent.
 */
export function useDraft(key: string, initial: () => Draft) {
  const [draft, setDraft] = useState<Draft>(() => read(key) ?? initial());
  useEffect(() => {
    localStorage.setItem(PREFIX + key, JSON.stringify(draft));
  }, [key, draft]);
  const reset = useCallback(() => setDraft({ answers: [], names: emptyNames, step: 0 }), []);
  const discard = useCallback(() => localStorage.removeItem(PREFIX + key), [key]);
  return { draft, setDraft, reset, discard };
}
