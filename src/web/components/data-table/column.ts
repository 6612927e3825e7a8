/**
 * The column and selection types of `DataTable`, and the small rules both of its layouts (table on wider
 * screens, cards on phones) share.
 */
import type { MouseEvent, ReactNode } from 'react';
import type { SortDirection } from '@domain/table.ts';

export interface DataTableColumn<Row, S extends string = string> {
  /** Unique within the table (React key). */
  id: string;
  /** The heading; on phones also the label in front of the value. */
  header: string;
  /** Keep the heading for assistive technology only (an actions column). On phones the value has no label. */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The sort field this column's header asks the server for; without it the column is not sortable. */
  sortKey?: S;
  /** Direction when sorting by this column starts: 'asc' (default) for names, 'desc' for dates and amounts. */
  firstSortDir?: SortDirection;
  /** The cell that names the row (`<th scope="row">`, the card heading on phones). Default: the first column. */
  rowHeader?: boolean;
  /** Phone layout: hide this column there (e.g. a thumbnail the heading already covers). */
  hideOnPhone?: boolean;
  align?: 'start' | 'center' | 'end';
  /** Classes for the header and the cells of this column (widths, wrapping). */
  className?: string;
}

export interface DataTableSelection<Row> {
  selectedIds: ReadonlySet<string>;
  onSelectedIdsChange: (next: ReadonlySet<string>) => void;
  /** Names a row for its checkbox ("Select {label}"), e.g. the listing title. */
  rowLabel: (row: Row) => string;
}

export const ALIGN_CLASS = { start: 'text-left', center: 'text-center', end: 'text-right' } as const;
export const JUSTIFY_CLASS = {
  start: 'justify-start',
  center: 'justify-center',
  end: 'justify-end',
} as const;

/** The index of the column that names each row. */
export function rowHeaderIndex<Row, S extends string>(columns: readonly DataTableColumn<Row, S>[]): number {
  return Math.max(
    columns.findIndex((column) => column.rowHeader),
    0,
  );
}

const INTERACTIVE =
  'a, button, input, select, textarea, label, summary, [role="button"], [role="checkbox"], [role="menuitem"], [role="link"], [contenteditable="true"]';

/**
 * Whether a click on a row should open it: not when it hit a control inside the row (that control does
 * its own thing), not when it came through a portal (a menu opened from the row), and not when the user
 * was selecting text.
 */
export function isRowActivationClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target;
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return false;
  if (target.closest(INTERACTIVE)) return false;
  const selected = window.getSelection?.()?.toString() ?? '';
  return selected.length === 0;
}
