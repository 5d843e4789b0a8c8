import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** How many matches a picker shows for what was typed; the server searches all of the owner's profiles. */
export const PICKER_PAGE_SIZE = 50;
/** Milliseconds after the last key before the picker asks the server. */
const PICKER_DEBOUNCE_MS = 250;

/**
 * Server-side search for a searchable Select: the text typed (debounced) is the server's search term, except the chosen
 * option's own label, which the Select puts in its box and which searches nothing. The chosen item is kept, so it
 * stays among the options (with its label) when a later search does not return it.
 */
export function usePickerSearch<T extends { _id: string; label: string }>(initial: T | null) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<T | null>(initial);
  const [term] = useDebouncedValue(chosen && search === chosen.label ? '' : search.trim(), PICKER_DEBOUNCE_MS);
  return {
    search,
    setSearch,
    term,
    /** The server's matches, with the chosen item first when they do not include it. */
    optionsOf: (items: readonly T[], value: string | null): T[] =>
      chosen && chosen._id === value && !items.some((item) => item._id === chosen._id) ? [chosen, ...items] : [...items],
    /** Remembers the item picked from the options shown. */
    choose: (items: readonly T[], id: string | null) => setChosen(items.find((item) => item._id === id) ?? null),
  };
}
