/** Pieces both layouts of `DataTable` render: the row's name (a button when rows open), state messages. */
import type { ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import type { DataTableColumn } from './column.ts';

/** What the table body shows. */
export type DataTableView = 'loading' | 'error' | 'empty' | 'rows';

export function RowHeaderContent<Row, S extends string>({
  row,
  column,
  onRowActivate,
  rowActionLabel,
}: {
  row: Row;
  column: DataTableColumn<Row, S>;
  onRowActivate: ((row: Row) => void) | undefined;
  rowActionLabel: ((row: Row) => string) | undefined;
}) {
  const content = column.cell(row);
  if (!onRowActivate) return <>{content}</>;
  return (
    <button
      type="button"
      onClick={() => onRowActivate(row)}
      aria-label={rowActionLabel?.(row)}
      className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      {content}
    </button>
  );
}

export function StateMessage({
  view,
  emptyText,
  errorText,
  onRetry,
}: {
  view: 'empty' | 'error';
  emptyText: ReactNode;
  errorText: string;
  onRetry: (() => void) | undefined;
}) {
  if (view === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
        <AlertTriangle aria-hidden="true" className="size-6 text-destructive" />
        <p className="text-sm font-medium">{errorText}</p>
        {onRetry && (
          <Button variant="outline" className="h-11 sm:h-10" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
    );
  }
  return <p className="px-4 py-10 text-center text-sm text-muted-foreground">{emptyText}</p>;
}
