/**
 * The phone layout of `DataTable` (below 640 px): each row is a card with its name as the heading and
 * every other column as "label: value", a select-all checkbox and a sort menu standing in for the header
 * row. Cards open like rows do (a tap anywhere on the card, or the heading's button).
 */
import type { ReactNode } from 'react';
import type { SortState } from '@domain/table.ts';
import { cn } from '../../lib/utils.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { Label } from '../ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import {
  isRowActivationClick,
  rowHeaderIndex,
  type DataTableColumn,
  type DataTableSelection,
} from './column.ts';
import { RowHeaderContent, type DataTableView } from './data-table-parts.tsx';
import { pageSelectionState, setRowSelected, togglePageSelection } from './selection.ts';

export interface DataTableCardsProps<Row, S extends string> {
  caption: string;
  columns: readonly DataTableColumn<Row, S>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  sort: SortState<S> | undefined;
  onSortChange: ((next: SortState<S>) => void) | undefined;
  view: DataTableView;
  busy: boolean;
  skeletonRows: number;
  /** The empty or error message, shown in place of the cards. */
  message: ReactNode;
  onRowActivate: ((row: Row) => void) | undefined;
  rowActionLabel: ((row: Row) => string) | undefined;
  selection: DataTableSelection<Row> | undefined;
  idPrefix: string;
}

function SortMenu<Row, S extends string>({
  columns,
  sort,
  onSortChange,
  id,
}: {
  columns: readonly DataTableColumn<Row, S>[];
  sort: SortState<S>;
  onSortChange: (next: SortState<S>) => void;
  id: string;
}) {
  const options = columns.flatMap((column) =>
    column.sortKey === undefined
      ? []
      : (['asc', 'desc'] as const).map((dir) => ({
          value: `${column.sortKey}:${dir}`,
          label: `${column.header}, ${dir === 'asc' ? 'ascending' : 'descending'}`,
          sort: { sort: column.sortKey!, dir },
        })),
  );
  if (options.length === 0) return null;
  // A sort by a field no column shows (often the default, newest first) leaves the menu on its placeholder.
  const value = `${sort.sort}:${sort.dir}`;
  const current = options.some((option) => option.value === value) ? value : '';
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-muted-foreground">
        Sort by
      </Label>
      <Select
        value={current}
        onValueChange={(next) => {
          const chosen = options.find((option) => option.value === next);
          if (chosen) onSortChange(chosen.sort);
        }}
      >
        <SelectTrigger id={id} className="min-w-0 data-[size=default]:h-11">
          <SelectValue placeholder="Default order" />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} className="min-h-11">
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function DataTableCards<Row, S extends string>({
  caption,
  columns,
  rows,
  getRowId,
  sort,
  onSortChange,
  view,
  busy,
  skeletonRows,
  message,
  onRowActivate,
  rowActionLabel,
  selection,
  idPrefix,
}: DataTableCardsProps<Row, S>) {
  const headerIndex = rowHeaderIndex(columns);
  const headerColumn = columns[headerIndex];
  const detailColumns = columns.filter((column, index) => index !== headerIndex && !column.hideOnPhone);
  const pageIds = rows.map(getRowId);
  const selectAllId = `${idPrefix}-select-all`;
  const showSelectAll = selection !== undefined && view === 'rows';
  const showSort = sort !== undefined && onSortChange !== undefined;

  return (
    <div className="grid gap-3">
      {(showSelectAll || showSort) && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          {showSelectAll && (
            <div className="flex min-h-11 items-center gap-3 pl-3">
              <Checkbox
                id={selectAllId}
                checked={pageSelectionState(selection.selectedIds, pageIds)}
                onCheckedChange={() =>
                  selection.onSelectedIdsChange(togglePageSelection(selection.selectedIds, pageIds))
                }
              />
              <Label htmlFor={selectAllId}>Select all on this page</Label>
            </div>
          )}
          {showSort && (
            <SortMenu columns={columns} sort={sort} onSortChange={onSortChange} id={`${idPrefix}-sort`} />
          )}
        </div>
      )}

      {view === 'loading' && (
        <ul aria-label={caption} aria-busy="true" className="grid gap-3">
          {Array.from({ length: skeletonRows }, (_, i) => (
            <li key={i} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-1/2" />
            </li>
          ))}
        </ul>
      )}

      {(view === 'empty' || view === 'error') && (
        <div className="rounded-xl border bg-card shadow-sm">{message}</div>
      )}

      {view === 'rows' && headerColumn && (
        <ul
          aria-label={caption}
          aria-busy={busy || undefined}
          className={cn('grid gap-3', busy && 'opacity-60 transition-opacity')}
        >
          {rows.map((row, rowIndex) => {
            const rowId = pageIds[rowIndex]!;
            const selected = selection?.selectedIds.has(rowId) ?? false;
            const checkboxId = `${idPrefix}-select-${rowIndex}`;
            return (
              <li
                key={rowId}
                data-state={selected ? 'selected' : undefined}
                className={cn(
                  'min-w-0 rounded-xl border bg-card p-4 text-sm shadow-sm transition-colors data-[state=selected]:border-primary data-[state=selected]:bg-secondary/40',
                  onRowActivate && 'cursor-pointer',
                )}
                onClick={
                  onRowActivate
                    ? (event) => {
                        if (isRowActivationClick(event)) onRowActivate(row);
                      }
                    : undefined
                }
              >
                <div className="flex items-start gap-3">
                  {selection && (
                    <Checkbox
                      id={checkboxId}
                      touchTarget
                      className="mt-0.5"
                      aria-label={`Select ${selection.rowLabel(row)}`}
                      checked={selected}
                      onCheckedChange={(checked) =>
                        selection.onSelectedIdsChange(
                          setRowSelected(selection.selectedIds, rowId, checked === true),
                        )
                      }
                    />
                  )}
                  <div className="min-w-0 flex-1 text-base font-medium break-words">
                    <RowHeaderContent
                      row={row}
                      column={headerColumn}
                      onRowActivate={onRowActivate}
                      rowActionLabel={rowActionLabel}
                    />
                  </div>
                </div>
                {detailColumns.some((column) => !column.hideHeader) && (
                  <dl className="mt-3 grid grid-cols-[minmax(5.5rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-2">
                    {detailColumns
                      .filter((column) => !column.hideHeader)
                      .map((column) => (
                        <div key={column.id} className="contents">
                          <dt className="text-muted-foreground">{column.header}</dt>
                          <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                        </div>
                      ))}
                  </dl>
                )}
                {detailColumns
                  .filter((column) => column.hideHeader)
                  .map((column) => (
                    <div key={column.id} className="mt-3 flex flex-wrap items-center gap-2">
                      {column.cell(row)}
                    </div>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
