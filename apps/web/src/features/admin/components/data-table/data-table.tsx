import { useState, type ReactNode } from 'react';
import { Checkbox, Group, Pagination, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_equalsString,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnHelper,
  type RowData,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import type { ListController, ListSort } from './list-state.ts';

/**
 * The one table of the administrator console (TanStack Table, headless, drawn with Mantine): sort, search, filters,
 * pages and row selection all live in the URL (`useListState`). A server list passes one page and the total; a client
 * list passes every row and the table sorts, filters and pages it.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
  filterFns: { equalsString: filterFn_equalsString, includesString: filterFn_includesString },
});
export type DataTableFeatures = typeof dataTableFeatures;
/** A list's columns, made with `dataColumns<Row>().columns([...])`. */
export type DataColumns<T extends RowData> = ReturnType<ColumnHelper<DataTableFeatures, T>['columns']>;
/** Column definitions of a list's rows. */
export const dataColumns = <T extends RowData>() => createColumnHelper<DataTableFeatures, T>();

/** A sort the list offers in its sort field, with the words for each direction (e.g. "newest first"). */
export type SortOption = { id: string; label: string; asc: string; desc: string };

type Props<T extends RowData> = {
  /** The table's accessible name (and the heading it sits under). */
  label: string;
  columns: DataColumns<T>;
  data: T[];
  getRowId: (row: T) => string;
  /** What the row's checkbox says it selects (a name or an address). */
  rowLabel?: (row: T) => string;
  list: ListController;
  pageSize: number;
  /** 'server': `data` is one page already sorted and filtered, `total` counts all; 'client': the table does it. */
  mode: 'server' | 'client';
  total?: number;
  sorts?: readonly SortOption[];
  searchable?: boolean;
  /** The list's own filter fields, shown beside search and sort. */
  filters?: ReactNode;
  /** Actions on the selected rows; selection checkboxes appear only with this. */
  selectionActions?: (ids: readonly string[]) => ReactNode;
  /** The row the administrator came back from, highlighted. */
  highlightId?: string | null;
  /** Narrowest width before the table scrolls sideways inside its frame. */
  minWidth?: number;
};

export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  rowLabel,
  list,
  pageSize,
  mode,
  total,
  sorts = [],
  searchable = false,
  filters,
  selectionActions,
  highlightId,
  minWidth = 720,
}: Props<T>) {
  const { t, i18n } = useTranslation('admin');
  const selectable = Boolean(selectionActions);
  // What is typed stays in the box while the URL catches up (each keystroke writes the whole text to the URL).
  const [searchText, setSearchText] = useState(list.search);
  const rowSelection: RowSelectionState = Object.fromEntries(list.selected.map((id) => [id, true]));
  const server = mode === 'server';
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row: T) => getRowId(row),
    rowCount: server ? (total ?? data.length) : undefined,
    manualSorting: server,
    manualFiltering: server,
    manualPagination: server,
    enableRowSelection: selectable,
    enableSortingRemoval: false,
    // The URL owns the state: the list itself goes back to page 1 on a new search or filter (changeList).
    autoResetAll: false,
    state: {
      sorting: list.sort ? [list.sort] : [],
      globalFilter: list.search,
      columnFilters: Object.entries(list.filters).map(([id, value]) => ({ id, value })),
      pagination: { pageIndex: list.page - 1, pageSize },
      rowSelection,
    },
    onSortingChange: (updater: Updater<{ id: string; desc: boolean }[]>) => {
      const next = typeof updater === 'function' ? updater(list.sort ? [list.sort] : []) : updater;
      list.setSort(next[0] ?? null);
    },
    onPaginationChange: (updater: Updater<{ pageIndex: number; pageSize: number }>) => {
      const next = typeof updater === 'function' ? updater({ pageIndex: list.page - 1, pageSize }) : updater;
      list.setPage(next.pageIndex + 1);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      list.setSelected(Object.keys(next).filter((id) => next[id]));
    },
  });
  const rows = table.getRowModel().rows;
  const rowCount = server ? (total ?? data.length) : table.getPrePaginatedRowModel().rows.length;
  const pages = Math.max(1, Math.ceil(rowCount / pageSize));
  const sortValue = list.sort ? `${list.sort.id}.${list.sort.desc ? 'desc' : 'asc'}` : null;
  const sortOptions = sorts.flatMap((sort) => [
    { value: `${sort.id}.desc`, label: `${sort.label}: ${sort.desc}` },
    { value: `${sort.id}.asc`, label: `${sort.label}: ${sort.asc}` },
  ]);
  const ariaSort = (id: string): 'ascending' | 'descending' | 'none' => (list.sort?.id === id ? (list.sort.desc ? 'descending' : 'ascending') : 'none');
  const toggleSort = (id: string) => list.setSort({ id, desc: list.sort?.id === id ? !list.sort.desc : true } satisfies ListSort);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Stack gap="sm">
      {searchable || filters || sortOptions.length > 0 ? (
        <Group align="flex-end" wrap="wrap" gap="sm">
          {searchable ? (
            <TextInput
              label={t('search')}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                list.setSearch(event.currentTarget.value);
              }}
              w={220}
            />
          ) : null}
          {filters}
          {sortOptions.length > 0 ? (
            <Select
              label={t('table.sort')}
              allowDeselect={false}
              value={sortValue}
              data={sortOptions}
              w={260}
              onChange={(value) => {
                if (!value) return;
                const [id = '', direction] = value.split('.');
                list.setSort({ id, desc: direction === 'desc' });
              }}
            />
          ) : null}
        </Group>
      ) : null}
      {selectable && list.selected.length > 0 ? (
        <Group data-testid="selection-bar">
          <Text>{t('selected', { count: list.selected.length })}</Text>
          {selectionActions!(list.selected)}
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table striped highlightOnHover aria-label={label} verticalSpacing="xs">
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {selectable ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('selectAll')}
                      checked={rows.length > 0 && table.getIsAllPageRowsSelected()}
                      indeterminate={table.getIsSomePageRowsSelected()}
                      onChange={() => table.toggleAllPageRowsSelected()}
                    />
                  </Table.Th>
                ) : null}
                {group.headers.map((header) => {
                  const sortable = sorts.some((sort) => sort.id === header.column.id);
                  return (
                    <Table.Th key={header.id} aria-sort={sortable ? ariaSort(header.column.id) : undefined}>
                      {header.isPlaceholder ? null : sortable ? (
                        <UnstyledButton onClick={() => toggleSort(header.column.id)} fw={700} fz="sm">
                          <table.FlexRender header={header} /> {list.sort?.id === header.column.id ? (list.sort.desc ? '↓' : '↑') : ''}
                        </UnstyledButton>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-row-id={row.id}
                data-last-opened={row.id === highlightId || undefined}
                bg={row.id === highlightId ? 'var(--mantine-color-blue-light)' : undefined}
              >
                {selectable ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('table.selectRow', { row: rowLabel ? rowLabel(row.original) : row.id })}
                      checked={row.getIsSelected()}
                      onChange={() => row.toggleSelected()}
                    />
                  </Table.Td>
                ) : null}
                {row.getAllCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rowCount === 0 ? <Text c="dimmed">{t('nothing')}</Text> : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="table-count">
          {t('table.count', { count: rowCount, shown: number.format(rowCount) })}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={list.page}
            onChange={list.setPage}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('table.page', { page }) })}
          />
        ) : null}
      </Group>
    </Stack>
  );
}
