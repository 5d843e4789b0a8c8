import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** One sort: a column id and its direction. */
export type ListSort = { id: string; desc: boolean };

/**
 * What an administrator list shows, kept in the URL so a list can be reloaded, shared and returned to as it was:
 * page (1-based), sort, search text, named filters and the selected row ids.
 */
export type ListState = { page: number; sort: ListSort | null; search: string; filters: Readonly<Record<string, string>>; selected: readonly string[] };

/** A list's URL vocabulary: the sortable column ids, the default sort (left out of the URL) and the filter names. */
export type ListSpec = { sortable: readonly string[]; defaultSort: ListSort | null; filters: readonly string[] };

// Reserved parameter names; filters use their own names beside them.
const PAGE = 'page';
const SORT = 'sort';
const SEARCH = 'q';
const SELECTED = 'selected';

/** `createdAt` ascending, `-createdAt` descending. */
const sortText = (sort: ListSort) => `${sort.desc ? '-' : ''}${sort.id}`;

/** Reads a list's state from URL parameters; unknown or malformed values fall back to the defaults. */
export function parseListState(params: URLSearchParams, spec: ListSpec): ListState {
  const pageNumber = Number(params.get(PAGE));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const sortParam = params.get(SORT);
  let sort = spec.defaultSort;
  if (sortParam) {
    const desc = sortParam.startsWith('-');
    const id = desc ? sortParam.slice(1) : sortParam;
    if (spec.sortable.includes(id)) sort = { id, desc };
  }
  const filters: Record<string, string> = {};
  for (const name of spec.filters) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const selected = (params.get(SELECTED) ?? '').split(',').filter(Boolean);
  return { page, sort, search: params.get(SEARCH) ?? '', filters, selected };
}

/** Writes a list's state into URL parameters (over `base`, whose other parameters are kept); defaults are left out. */
export function listStateToParams(state: ListState, spec: ListSpec, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of [PAGE, SORT, SEARCH, SELECTED, ...spec.filters]) params.delete(name);
  if (state.page > 1) params.set(PAGE, String(state.page));
  const isDefault =
    state.sort === null
      ? spec.defaultSort === null
      : spec.defaultSort !== null && state.sort.id === spec.defaultSort.id && state.sort.desc === spec.defaultSort.desc;
  if (!isDefault) params.set(SORT, state.sort ? sortText(state.sort) : '');
  if (state.search) params.set(SEARCH, state.search);
  for (const name of spec.filters) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  if (state.selected.length > 0) params.set(SELECTED, state.selected.join(','));
  return params;
}

/** The changes a list makes; a new search or filter returns to the first page and clears the selection. */
export type ListController = ListState & {
  setPage: (page: number) => void;
  setSort: (sort: ListSort | null) => void;
  setSearch: (search: string) => void;
  setFilter: (name: string, value: string | null | undefined) => void;
  setSelected: (ids: readonly string[]) => void;
};

/** Applies one change to a list state (pure, so it is tested without a router). */
export function changeList(
  state: ListState,
  change:
    { page: number } | { sort: ListSort | null } | { search: string } | { filter: string; value: string | null | undefined } | { selected: readonly string[] },
): ListState {
  if ('page' in change) return { ...state, page: Math.max(1, change.page) };
  if ('sort' in change) return { ...state, sort: change.sort, page: 1 };
  if ('search' in change) return { ...state, search: change.search, page: 1, selected: [] };
  if ('filter' in change) {
    const filters = { ...state.filters };
    if (change.value) filters[change.filter] = change.value;
    else delete filters[change.filter];
    return { ...state, filters, page: 1, selected: [] };
  }
  return { ...state, selected: change.selected };
}

/** A list's state in the current URL and its setters (the URL entry is replaced, so typing a search adds no history). */
export function useListState(spec: ListSpec): ListController {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, spec), [params, spec]);
  const apply = useCallback(
    (change: Parameters<typeof changeList>[1]) =>
      setParams((current) => listStateToParams(changeList(parseListState(current, spec), change), spec, current), { replace: true }),
    [setParams, spec],
  );
  return useMemo(
    () => ({
      ...state,
      setPage: (page) => apply({ page }),
      setSort: (sort) => apply({ sort }),
      setSearch: (search) => apply({ search }),
      setFilter: (filter, value) => apply({ filter, value }),
      setSelected: (selected) => apply({ selected }),
    }),
    [state, apply],
  );
}
