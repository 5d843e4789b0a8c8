import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { initI18n } from '../../../../shared/i18n/i18n.ts';
import { STATE_WAIT_MS } from '../../../../test/waits.ts';
import { DataTable, dataColumns } from './data-table.tsx';
import { changeList, listStateToParams, parseListState, useListState, type ListSpec, type ListState } from './list-state.ts';

type Person = { id: string; name: string; team: string; age: number };
const people: Person[] = [
  { id: 'p1', name: 'Вера', team: 'red', age: 41 },
  { id: 'p2', name: 'Антон', team: 'blue', age: 29 },
  { id: 'p3', name: 'Борис', team: 'red', age: 35 },
];
const spec: ListSpec = { sortable: ['name', 'age'], defaultSort: { id: 'name', desc: false }, filters: ['team'] };
const column = dataColumns<Person>();
const columns = column.columns([
  column.accessor('name', { header: 'Имя', sortFn: 'text', filterFn: 'includesString' }),
  column.accessor('team', { header: 'Команда', filterFn: 'equalsString', enableGlobalFilter: false }),
  column.accessor('age', { header: 'Возраст', sortFn: 'basic', enableGlobalFilter: false }),
]);
const slow = { timeout: STATE_WAIT_MS };

function People({ pageSize = 10 }: { pageSize?: number }) {
  const list = useListState(spec);
  return (
    <DataTable
      label="Люди"
      mode="client"
      columns={columns}
      data={people}
      getRowId={(person) => person.id}
      rowLabel={(person) => person.name}
      list={list}
      pageSize={pageSize}
      searchable
      sorts={[
        { id: 'name', label: 'Имя', asc: 'от А до Я', desc: 'от Я до А' },
        { id: 'age', label: 'Возраст', asc: 'сначала младшие', desc: 'сначала старшие' },
      ]}
      selectionActions={(ids) => <span data-testid="chosen">{ids.join(',')}</span>}
    />
  );
}

function renderPeople(path: string, pageSize?: number) {
  initI18n('ru');
  const router = createMemoryRouter([{ path: '/people', element: <People pageSize={pageSize} /> }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}
const names = () =>
  within(screen.getByRole('table', { name: 'Люди' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[1]?.textContent);

describe('list state in the URL', () => {
  it('round-trips page, sort, search, filters and selection, leaving defaults and other parameters alone', () => {
    const state: ListState = { page: 3, sort: { id: 'age', desc: true }, search: 'ве', filters: { team: 'red' }, selected: ['p1', 'p3'] };
    const params = listStateToParams(state, spec, new URLSearchParams('tab=x'));
    expect(params.toString()).toBe('tab=x&page=3&sort=-age&q=%D0%B2%D0%B5&team=red&selected=p1%2Cp3');
    expect(parseListState(params, spec)).toEqual(state);
    const defaults: ListState = { page: 1, sort: { id: 'name', desc: false }, search: '', filters: {}, selected: [] };
    expect(listStateToParams(defaults, spec).toString()).toBe('');
    expect(parseListState(new URLSearchParams(''), spec)).toEqual(defaults);
  });

  it('ignores what the list does not know and falls back to defaults', () => {
    expect(parseListState(new URLSearchParams('page=-2&sort=-password&colour=blue&team='), spec)).toEqual({
      page: 1,
      sort: { id: 'name', desc: false },
      search: '',
      filters: {},
      selected: [],
    });
  });

  it('a new filter or search goes back to the first page and clears the selection; a sort keeps the selection', () => {
    const state: ListState = { page: 4, sort: null, search: '', filters: {}, selected: ['p1'] };
    expect(changeList(state, { filter: 'team', value: 'red' })).toEqual({ ...state, page: 1, filters: { team: 'red' }, selected: [] });
    expect(changeList(state, { search: 'x' })).toMatchObject({ page: 1, search: 'x', selected: [] });
    expect(changeList(state, { sort: { id: 'age', desc: false } })).toMatchObject({ page: 1, selected: ['p1'] });
    expect(changeList({ ...state, filters: { team: 'red' } }, { filter: 'team', value: null }).filters).toEqual({});
  });
});

describe('DataTable', () => {
  it('sorts by the URL and by a header click, with a labelled sort field that names the direction', async () => {
    const user = userEvent.setup();
    const router = renderPeople('/people');
    expect(await screen.findByRole('table', { name: 'Люди' }, slow)).toBeTruthy();
    expect(names()).toEqual(['Антон', 'Борис', 'Вера']);
    const sortField = screen.getAllByLabelText('Сортировка').find((element) => element.tagName === 'INPUT') as HTMLInputElement;
    expect(sortField.value).toBe('Имя: от А до Я');
    await user.click(screen.getByRole('button', { name: /Возраст/ }));
    await waitFor(() => expect(names()).toEqual(['Вера', 'Борис', 'Антон']));
    expect(router.state.location.search).toBe('?sort=-age');
    expect(screen.getByRole('columnheader', { name: /Возраст/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('filters by a URL filter and searches, and pages', async () => {
    const user = userEvent.setup();
    renderPeople('/people?team=red');
    expect(await screen.findByRole('table', { name: 'Люди' }, slow)).toBeTruthy();
    expect(names()).toEqual(['Борис', 'Вера']);
    await user.type(screen.getByLabelText('Поиск'), 'вер');
    await waitFor(() => expect(names()).toEqual(['Вера']));
  });

  it('pages through rows, the page in the URL', async () => {
    const user = userEvent.setup();
    const router = renderPeople('/people', 2);
    expect(await screen.findByRole('table', { name: 'Люди' }, slow)).toBeTruthy();
    expect(names()).toEqual(['Антон', 'Борис']);
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(names()).toEqual(['Вера']));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('selects rows one by one and all on the page, the selection in the URL', async () => {
    const user = userEvent.setup();
    const router = renderPeople('/people?selected=p2');
    expect(await screen.findByRole('table', { name: 'Люди' }, slow)).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Выбрать: Антон' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('chosen').textContent).toBe('p2');
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать: Вера' }));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('p2,p1'));
    expect(router.state.location.search).toBe('?selected=p2%2Cp1');
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все на странице' }));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent?.split(',').sort()).toEqual(['p1', 'p2', 'p3']));
  });
});
