/**
 * The table of the admin and dashboard screens, for rows the server pages, sorts and filters. Generic
 * over the row type. It shows one page of rows (`rows`), its state (loading skeleton, empty text, error
 * with retry), sortable headers, optional row selection with a floating bulk-action bar, and opens a row
 * on click or from the keyboard (the row's name becomes a button). Below 640 px rows become cards (each
 * value with its column label), so nothing hides off-screen on a phone.
 *
 * State lives in the URL through `useTableParams`; paging is `TablePagination`, placed under the table.
 */
import { useId, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { nextSort, type SortState } from '@domain/table.ts';
import { SM_UP, useMediaQuery } from '../../lib/use-media-query.ts';
import { cn } from '../../lib/utils.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table.tsx';
import { BulkActionBar } from './BulkActionBar.tsx';
import {
  ALIGN_CLASS,
  isRowActivationClick,
  JUSTIFY_CLASS,
  rowHeaderIndex,
  type DataTableColumn,
  type DataTableSelection,
} from './column.ts';
import { DataTableCards } from './DataTableCards.tsx';
import { RowHeaderContent, StateMessage, type DataTableView } from './data-table-parts.tsx';
import { pageSelectionState, setRowSelected, togglePageSelection } from './selection.ts';

export interface DataTableProps<Row, S extends string = string> {
  /** Names the table (and the card list on phones) for assistive technology, e.g. "Listings". */
  caption: string;
  columns: readonly DataTableColumn<Row, S>[];
  /** The current page of rows; undefined while nothing has loaded yet. */
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string;
  /** Current sort; with `onSortChange` the headers of columns with a `sortKey` become sort buttons. */
  sort?: SortState<S>;
  onSortChange?: (next: SortState<S>) => void;
  /** First load: skeleton rows instead of the body. */
  isLoading?: boolean;
  /** Refreshing rows already shown (another page or filter): the rows dim and the table is marked busy. */
  isFetching?: boolean;
  /** A failed load; shows `errorText` and, with `onRetry`, a Try again button. */
  error?: unknown;
  errorText?: string;
  onRetry?: () => void;
  emptyText?: ReactNode;
  skeletonRows?: number;
  /** Open a row (a detail dialog, an edit page). Clicking the row or its name's button calls it. */
  onRowActivate?: (row: Row) => void;
  /** Accessible name of the row's open button when its visible name is not enough ("View {title}"). */
  rowActionLabel?: (row: Row) => string;
  /** Checkboxes per row and for the page; the selection itself is the caller's (see `useRowSelection`). */
  selection?: DataTableSelection<Row>;
  /** Buttons of the floating bar shown while rows are selected (Approve, Reject…). */
  bulkActions?: ReactNode;
  className?: string;
}

const DEFAULT_SKELETON_ROWS = 5;

function tableView(rows: readonly unknown[] | undefined, isLoading: boolean, error: unknown): DataTableView {
  if (error) return 'error';
  if (rows === undefined || (isLoading && rows.length === 0)) return 'loading';
  return rows.length === 0 ? 'empty' : 'rows';
}

function SortButton<Row, S extends string>({
  column,
  sortKey,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<Row, S>;
  sortKey: S;
  sort: SortState<S>;
  onSortChange: (next: SortState<S>) => void;
}) {
  const active = sort.sort === sortKey;
  const Icon = !active ? ChevronsUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSortChange(nextSort(sort, sortKey, column.firstSortDir))}
      className={cn(
        '-mx-2 inline-flex h-10 items-center gap-1.5 rounded-md px-2 font-medium whitespace-nowrap outline-none',
        'hover:bg-secondary hover:text-secondary-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
        active && 'text-foreground',
      )}
    >
      {column.header}
      <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
    </button>
  );
}

export function DataTable<Row, S extends string = string>(props: DataTableProps<Row, S>) {
  const {
    caption,
    columns,
    rows,
    getRowId,
    sort,
    onSortChange,
    isLoading = false,
    isFetching = false,
    error,
    errorText = 'Failed to load data',
    onRetry,
    emptyText = 'No results found.',
    skeletonRows = DEFAULT_SKELETON_ROWS,
    onRowActivate,
    rowActionLabel,
    selection,
    bulkActions,
    className,
  } = props;
  const wide = useMediaQuery(SM_UP);
  const id = useId();
  const view = tableView(rows, isLoading, error);
  const pageRows = view === 'rows' ? (rows ?? []) : [];
  const pageIds = pageRows.map(getRowId);
  const selectedCount = selection?.selectedIds.size ?? 0;
  const busy = view === 'loading' || isFetching;

  const content = wide ? (
    <WideTable {...props} view={view} pageRows={pageRows} pageIds={pageIds} busy={busy} />
  ) : (
    <DataTableCards
      caption={caption}
      columns={columns}
      rows={pageRows}
      getRowId={getRowId}
      sort={sort}
      onSortChange={onSortChange}
      view={view}
      busy={busy}
      skeletonRows={skeletonRows}
      message={
        <StateMessage view={view === 'error' ? 'error' : 'empty'} {...{ emptyText, errorText, onRetry }} />
      }
      onRowActivate={onRowActivate}
      rowActionLabel={rowActionLabel}
      selection={selection}
      idPrefix={id}
    />
  );

  return (
    <div data-slot="data-table" className={cn('grid min-w-0 gap-3', className)}>
      {content}
      <p role="status" className="sr-only">
        {selectedCount > 0 ? `${selectedCount} selected` : ''}
      </p>
      {selection && selectedCount > 0 && (
        <BulkActionBar count={selectedCount} onClear={() => selection.onSelectedIdsChange(new Set())}>
          {bulkActions}
        </BulkActionBar>
      )}
    </div>
  );
}

function WideTable<Row, S extends string>({
  caption,
  columns,
  sort,
  onSortChange,
  errorText = 'Failed to load data',
  onRetry,
  emptyText = 'No results found.',
  skeletonRows = DEFAULT_SKELETON_ROWS,
  onRowActivate,
  rowActionLabel,
  selection,
  view,
  pageRows,
  pageIds,
  busy,
}: DataTableProps<Row, S> & {
  view: DataTableView;
  pageRows: readonly Row[];
  pageIds: string[];
  busy: boolean;
}) {
  const headerIndex = rowHeaderIndex(columns);
  const columnCount = columns.length + (selection ? 1 : 0);

  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <Table
        aria-busy={busy || undefined}
        className={cn(busy && view === 'rows' && 'opacity-60 transition-opacity')}
      >
        <caption className="sr-only">{caption}</caption>
        <TableHeader className="bg-muted/40">
          <TableRow className="hover:bg-transparent">
            {selection && (
              <TableHead className="w-12 pr-0">
                <Checkbox
                  touchTarget
                  aria-label="Select all rows on this page"
                  checked={pageSelectionState(selection.selectedIds, pageIds)}
                  disabled={pageIds.length === 0}
                  onCheckedChange={() =>
                    selection.onSelectedIdsChange(togglePageSelection(selection.selectedIds, pageIds))
                  }
                />
              </TableHead>
            )}
            {columns.map((column) => {
              const sortable =
                column.sortKey !== undefined && sort !== undefined && onSortChange !== undefined;
              const active = sortable && sort.sort === column.sortKey;
              return (
                <TableHead
                  key={column.id}
                  scope="col"
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cn(ALIGN_CLASS[column.align ?? 'start'], column.className)}
                >
                  {column.hideHeader ? (
                    <span className="sr-only">{column.header}</span>
                  ) : sortable ? (
                    <div className={cn('flex', JUSTIFY_CLASS[column.align ?? 'start'])}>
                      <SortButton
                        column={column}
                        sortKey={column.sortKey!}
                        sort={sort}
                        onSortChange={onSortChange}
                      />
                    </div>
                  ) : (
                    column.header
                  )}
                </TableHead>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody>
          {view === 'loading' &&
            Array.from({ length: skeletonRows }, (_, i) => (
              <TableRow key={`skeleton-${i}`} className="hover:bg-transparent">
                {Array.from({ length: columnCount }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton className={cn('h-4', j === 0 && selection ? 'size-5' : 'w-full max-w-40')} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {(view === 'empty' || view === 'error') && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="p-0">
                <StateMessage view={view} emptyText={emptyText} errorText={errorText} onRetry={onRetry} />
              </TableCell>
            </TableRow>
          )}
          {pageRows.map((row, rowIndex) => {
            const rowId = pageIds[rowIndex]!;
            const selected = selection?.selectedIds.has(rowId) ?? false;
            return (
              <TableRow
                key={rowId}
                data-state={selected ? 'selected' : undefined}
                className={cn(onRowActivate && 'cursor-pointer')}
                onClick={
                  onRowActivate
                    ? (event) => {
                        if (isRowActivationClick(event)) onRowActivate(row);
                      }
                    : undefined
                }
              >
                {selection && (
                  <TableCell className="w-12 pr-0">
                    <Checkbox
                      touchTarget
                      aria-label={`Select ${selection.rowLabel(row)}`}
                      checked={selected}
                      onCheckedChange={(checked) =>
                        selection.onSelectedIdsChange(
                          setRowSelected(selection.selectedIds, rowId, checked === true),
                        )
                      }
                    />
                  </TableCell>
                )}
                {columns.map((column, columnIndex) => {
                  const cellClass = cn(ALIGN_CLASS[column.align ?? 'start'], column.className);
                  if (columnIndex === headerIndex) {
                    return (
                      <th
                        key={column.id}
                        scope="row"
                        className={cn('px-3 py-2.5 align-middle font-medium', cellClass)}
                      >
                        <RowHeaderContent
                          row={row}
                          column={column}
                          onRowActivate={onRowActivate}
                          rowActionLabel={rowActionLabel}
                        />
                      </th>
                    );
                  }
                  return (
                    <TableCell key={column.id} className={cellClass}>
                      {column.cell(row)}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
