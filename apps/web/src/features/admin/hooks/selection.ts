import { useState } from 'react';

/** Multi-select of list rows by id. */
export function useSelection() {
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  const toggleAll = (ids: string[]) => setSelected((current) => (ids.every((id) => current.includes(id)) ? [] : ids));
  return { selected, toggle, toggleAll, clear: () => setSelected([]) };
}
